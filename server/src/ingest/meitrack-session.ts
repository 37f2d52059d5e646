// Meitrack connection state: every message names its device (no login), so the first message of
// each device id identifies it; CCC/CCE batches are acknowledged with their count after commit.
import { identifyDevice } from './identify';
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import type { CommandChannel, CommandLink } from './commands';
import { now } from '../clock';
import {
  decodeMeitrack,
  meitrackFrameLength,
  splitMeitrackFrame,
  type MeitrackFrame,
} from './protocols/meitrack';
import { encodeMeitrackCommand, meitrackCommandFlag } from './protocols/meitrack-command';
import { SubmitGroup } from './submit-group';

const CR = 0x0d;
const LF = 0x0a;

export function meitrackSession(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  const remoteAddress = conn.remoteAddress;
  /** Device ids this connection named, with identify's answer. */
  const known = new Map<string, boolean>();
  /** The unit's device model (analog scaling), per identified id. */
  const models = new Map<string, string | null>();
  /** The command link of each identified id (one in practice). */
  const links = new Map<string, CommandLink>();
  /** The last discarded bytes were the CR LF of a message that came before them. */
  let separator = false;
  /** The id of the last message: the next one's is that same string while the bytes match. */
  let lastId: string | undefined;

  // Commands go out over this connection once the device is known (issue 13); the flag comes
  // from the command id and the answer repeats it.
  const linkFor = (id: string): CommandLink => ({
    connectionId: conn.id,
    get closed() {
      return conn.closed;
    },
    send(text, commandId) {
      conn.write(encodeMeitrackCommand(id, text, meitrackCommandFlag(commandId)));
    },
  });

  async function identify(id: string): Promise<boolean> {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const found = await identifyDevice(sink, log, 'meitrack', id, remoteAddress);
    known.set(id, found !== null);
    if (!found) return false;
    const { model } = found;
    models.set(id, model);
    const link = linkFor(id);
    links.set(id, link);
    commands?.connected('meitrack', id, link);
    return true;
  }

  // The messages of one read are stored together; a CCC/CCE batch is acknowledged after the commit.
  const group = new SubmitGroup(sink, (err, records) =>
    log.warn(
      { protocol: 'meitrack', deviceId: records[0]?.deviceId, err },
      'meitrack: not stored, no ack sent',
    ),
  );

  function handle(buf: Buffer, off: number, len: number): boolean | Promise<boolean> {
    const frame = splitMeitrackFrame(buf, off, len, lastId);
    if (typeof frame !== 'string') lastId = frame.id;
    if (typeof frame === 'string' || !frame.checksumOk) {
      // Dropped without an answer: a CCC/CCE batch comes again.
      log.warn(
        {
          protocol: 'meitrack',
          remoteAddress,
          problem: typeof frame === 'string' ? frame : 'bad checksum',
          command: typeof frame === 'string' ? undefined : frame.command,
        },
        'meitrack: message dropped',
      );
      return true;
    }
    // Known devices are served without waiting (no promise per frame).
    const ok = known.get(frame.id);
    if (ok === undefined) {
      return identify(frame.id).then((found) => found && accept(buf, off, len, frame));
    }
    return ok && accept(buf, off, len, frame);
  }

  /** A message of an identified device: decoded, queued for storing, answered after. */
  function accept(
    buf: Buffer,
    off: number,
    len: number,
    frame: MeitrackFrame,
  ): boolean | Promise<boolean> {
    const deviceId = frame.id;
    const r = decodeMeitrack(buf, off, len, { now: now(), model: models.get(deviceId) }, frame);
    switch (r.kind) {
      case 'data': {
        const { records, reply, answer } = r;
        group.add(records, () => {
          if (reply) conn.write(reply);
          commands?.records(deviceId, records);
        });
        // The answer tells the dispatcher how its command went, stored or not.
        if (answer !== null) group.then(() => commands?.reply(deviceId, { text: answer }));
        return group.next();
      }
      case 'ignored': {
        const { reply } = r;
        if (reply) group.then(() => conn.write(reply));
        return true;
      }
      default:
        log.warn(
          { protocol: 'meitrack', deviceId, kind: r.kind, command: frame.command },
          'meitrack: message dropped',
        );
        return true;
    }
  }

  return {
    frameLength(buf, off, end) {
      const n = meitrackFrameLength(buf, off, end);
      separator = n < 0 && (buf[off] === CR || buf[off] === LF);
      return n;
    },
    onGarbage(bytes) {
      if (!separator) {
        log.debug({ protocol: 'meitrack', remoteAddress, bytes }, 'meitrack: garbage skipped');
      }
      return true;
    },
    flush: () => group.flush(),
    onClose() {
      for (const [id, link] of links) commands?.disconnected(id, link);
    },
    handleFrame: handle,
  };
}
