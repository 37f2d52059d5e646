// Queclink @Track connection state. There is no login: every message names its device, which is
// identified on its first message (and any other device a later message names is identified as
// well; an unknown one closes the connection, storing nothing). Heartbeats are answered at once;
// other messages are acknowledged (+SACK) only after their records are committed. Command
// acknowledgements (+ACK:GTOUT, ...) are stored as command replies and handed to the dispatcher.
import { identifyDevice } from './identify';
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import type { CommandChannel, CommandLink } from './commands';
import { now } from '../clock';
import {
  decodeQueclink,
  queclinkFrameLength,
  queclinkModel,
  type QueclinkResult,
} from './protocols/queclink';
import { encodeQueclinkCommand, queclinkPassword } from './protocols/queclink-command';
import { SubmitGroup } from './submit-group';

interface Known {
  /** The model set on the unit (set_unit_device), which overrides the protocol version's. */
  model: string | null;
  /** The protocol version of its latest message: names the device type, hence the password. */
  version: string;
  link: CommandLink;
}

export function queclinkSession(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  const remoteAddress = conn.remoteAddress;
  const devices = new Map<string, Known>();

  function linkFor(deviceId: string): CommandLink {
    return {
      connectionId: conn.id,
      get closed() {
        return conn.closed;
      },
      // The command's id travels as the serial number, which the device's +ACK echoes.
      send(text, commandId) {
        const d = devices.get(deviceId);
        const model = d?.model || queclinkModel(d?.version ?? '');
        conn.write(
          encodeQueclinkCommand(text, { password: queclinkPassword(model), serial: commandId }),
        );
      },
    };
  }

  // The messages of one read are stored together; each is acknowledged after the commit.
  const group = new SubmitGroup(sink, (err, records) =>
    log.warn(
      { protocol: 'queclink', deviceId: records[0]?.deviceId, err },
      'queclink: not stored, no ack sent',
    ),
  );

  /** The device's state on this connection, or null when it is refused (or identify failed). */
  async function identify(deviceId: string): Promise<Known | null> {
    const known = devices.get(deviceId);
    if (known) return known;
    const found = await identifyDevice(sink, log, 'queclink', deviceId, remoteAddress);
    if (!found) return null;
    const { model } = found;
    const d: Known = { model, version: '', link: linkFor(deviceId) };
    devices.set(deviceId, d);
    commands?.connected('queclink', deviceId, d.link);
    return d;
  }

  function handle(buf: Buffer, off: number, len: number): boolean | Promise<boolean> {
    const r = decodeQueclink(buf, off, len, now());
    if (r.kind === 'malformed') {
      log.warn(
        { protocol: 'queclink', remoteAddress, reason: r.reason },
        'queclink: message dropped',
      );
      return true;
    }
    const deviceId = r.deviceId;
    if (deviceId === null) {
      log.debug({ protocol: 'queclink', remoteAddress, kind: r.kind }, 'queclink: not decoded');
      return true;
    }
    // Known devices are served without waiting (no promise per frame).
    const known = devices.get(deviceId);
    if (!known) {
      return identify(deviceId).then((d) => d !== null && accept(buf, off, len, r, deviceId, d));
    }
    return accept(buf, off, len, r, deviceId, known);
  }

  /** A message of an identified device: queued for storing, answered after. */
  function accept(
    buf: Buffer,
    off: number,
    len: number,
    decoded: Exclude<QueclinkResult, { kind: 'malformed' }>,
    deviceId: string,
    d: Known,
  ): boolean | Promise<boolean> {
    let r: QueclinkResult = decoded;
    if (r.kind !== 'ignored' && r.version) d.version = r.version;
    if (r.kind === 'heartbeat') {
      const { reply } = r;
      group.then(() => conn.write(reply));
      return true;
    }
    // The unit's model decides some layouts: decoded again with it (the first pass found the id).
    if (r.kind === 'data' && d.model) {
      r = decodeQueclink(buf, off, len, now(), { model: d.model });
    }
    if (r.kind !== 'data') {
      if (r.kind === 'ignored') {
        log.debug({ protocol: 'queclink', deviceId, reason: r.reason }, 'queclink: nothing stored');
        const { reply } = r;
        if (reply) group.then(() => conn.write(reply));
      }
      return true;
    }
    const { records, reply, commandReply } = r;
    group.add(records, () => {
      if (reply) conn.write(reply);
      commands?.records(deviceId, records);
    });
    // The dispatcher hears the answer either way: the device will not send it again.
    if (commandReply !== undefined) {
      group.then(() => commands?.reply(deviceId, { text: commandReply }));
    }
    return group.next();
  }

  return {
    frameLength: queclinkFrameLength,
    onGarbage(bytes) {
      log.debug({ protocol: 'queclink', remoteAddress, bytes }, 'queclink: garbage skipped');
      return true;
    },
    flush: () => group.flush(),
    onClose() {
      for (const [deviceId, d] of devices) commands?.disconnected(deviceId, d.link);
    },
    handleFrame: handle,
  };
}
