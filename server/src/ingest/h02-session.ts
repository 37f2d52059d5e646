// H02 connection state. There is no login: every message names its device (binary X-mode
// records and messages with an empty id field belong to the device last named on the connection).
// A device is identified the first time it is named; an unknown one is refused by closing the
// connection, storing nothing. The messages of one read are stored together (submit-group.ts); the
// few answers the server sends (time sync after V1/NBR, heartbeat echo) leave after the commit.
import { identifyDevice } from './identify';
import { now } from '../clock';
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import type { CommandChannel, CommandLink } from './commands';
import { decodeH02, h02FrameLength, type H02Result } from './protocols/h02';
import { encodeH02Command } from './protocols/h02-command';
import { SubmitGroup } from './submit-group';

export function h02Session(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  const remoteAddress = conn.remoteAddress;
  /** identify()'s answer per device id named on this connection. */
  const known = new Map<string, boolean>();
  /** The device last named, and its maker code (HQ, TH, ...) for the commands sent to it. */
  let current: string | null = null;
  const makers = new Map<string, string>();
  /**
   * The last status word per device, as decoded (alarms are raised when their bit turns active),
   * and as committed: a failed store goes back to the committed words, so its alarms are raised
   * again by the next message.
   */
  let statuses = new Map<string, number>();
  const committed = new Map<string, number>();
  const links = new Map<string, CommandLink>();
  /** The decoder's view of the status words (made once, not per message). */
  const previous = (id: string) => statuses.get(id);
  // The messages of one read are stored together (no answer is sent for a failed one).
  const group = new SubmitGroup(sink, (err, records) => {
    statuses = new Map(committed);
    log.warn(
      { protocol: 'h02', deviceId: records[0]?.deviceId, err },
      'h02: not stored, no answer sent',
    );
  });

  function linkOf(id: string): CommandLink {
    let link = links.get(id);
    if (!link) {
      link = {
        connectionId: conn.id,
        get closed() {
          return conn.closed;
        },
        send(text) {
          conn.write(encodeH02Command(text, { deviceId: id, maker: makers.get(id), time: now() }));
        },
      };
      links.set(id, link);
    }
    return link;
  }

  async function identify(id: string): Promise<boolean> {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const found = await identifyDevice(sink, log, 'h02', id, remoteAddress);
    known.set(id, found !== null);
    if (!found) return false;
    commands?.connected('h02', id, linkOf(id));
    return true;
  }

  /** A decoded message of an identified device: queued for storing, answered after. */
  function accept(
    r: Exclude<H02Result, { kind: 'malformed' }>,
    id: string,
  ): boolean | Promise<boolean> {
    current = id;
    if (r.maker && makers.get(id) !== r.maker) makers.set(id, r.maker.toUpperCase());
    if (r.kind === 'ignored') {
      const { reply } = r;
      if (reply) group.then(() => conn.write(reply));
      return true;
    }
    // The alarm bits of the next message are read against this one's status word.
    let status: number | undefined;
    for (const rec of r.records) {
      if (typeof rec.attributes.status === 'number') status = rec.attributes.status;
    }
    if (status !== undefined) statuses.set(id, status);
    const { records, reply } = r;
    group.add(records, () => {
      if (status !== undefined) committed.set(id, status);
      if (reply) conn.write(reply);
      // A device's answer to a command (V4, SMS): the dispatcher matches it to the command.
      for (const rec of records) {
        const text = rec.attributes.result;
        if (typeof text === 'string' && text) commands?.reply(id, { text });
      }
      commands?.records(id, records);
    });
    return group.next();
  }

  return {
    frameLength: h02FrameLength,
    onGarbage(bytes) {
      log.debug({ protocol: 'h02', remoteAddress, bytes }, 'h02: garbage skipped');
      return true;
    },
    flush: () => group.flush(),
    onClose() {
      for (const [id, link] of links) commands?.disconnected(id, link);
    },
    handleFrame(buf, off, len) {
      const r = decodeH02(buf, off, len, { deviceId: current, now: now(), previous });
      if (r.kind === 'malformed') {
        log.debug(
          { protocol: 'h02', deviceId: current, type: r.type, reason: r.reason },
          'h02: message dropped',
        );
        return true;
      }
      const id = r.deviceId;
      if (id === null) {
        log.debug(
          { protocol: 'h02', remoteAddress, type: r.type },
          'h02: message of no device dropped',
        );
        return true;
      }
      // Known devices are served without waiting (no promise per frame).
      const ok = known.get(id);
      if (ok === undefined) return identify(id).then((found) => found && accept(r, id));
      return ok && accept(r, id);
    },
  };
}
