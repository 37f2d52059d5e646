// GT06 connection state: login (0x01), the unit's device model and the device clock's time zone,
// then packets answered per serial, data ones after commit (the packets of one read stored in one
// submit: submit-group.ts).
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { decodeGt06, gt06FrameLength } from './protocols/gt06';
import { now } from '../clock';
import type { CommandChannel, CommandLink } from './commands';
import {
  encodeGt06Command,
  gt06ContentOf,
  GT06_COMMAND_REPLY,
  GT06_COMMAND_REPLY_LONG,
} from './protocols/gt06-command';
import { gt06CommandReply } from './protocols/gt06-info';
import { SubmitGroup } from './submit-group';

export function gt06Session(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  let deviceId: string | null = null;
  /** The unit's device model (GT06 clones differ by model), read once after the login. */
  let model: string | null = null;
  /** The device clock's zone, as its login says. */
  let tzMinutes = 0;
  const remoteAddress = conn.remoteAddress;
  let serial = 0;
  // 0x80 commands go out over this connection once the device has logged in (issue 13); the
  // command's id is the server flag, which the device's answer carries back.
  const link: CommandLink = {
    connectionId: conn.id,
    get closed() {
      return conn.closed;
    },
    send(text, commandId) {
      serial = (serial + 1) & 0xffff;
      conn.write(encodeGt06Command(text, { serverFlag: commandId, serial }));
    },
  };

  // The packets of one read are stored together, each answered after the commit.
  const group = new SubmitGroup(sink, (err) =>
    log.warn({ protocol: 'gt06', deviceId, err }, 'gt06: not stored, no reply sent'),
  );

  function commandReply(buf: Buffer, off: number, len: number): void {
    if (deviceId === null || !commands) return;
    const { type, start, end } = gt06ContentOf(buf, off, len);
    if (type !== GT06_COMMAND_REPLY && type !== GT06_COMMAND_REPLY_LONG) return;
    const reply = gt06CommandReply(buf, type, start, end);
    if (reply) commands.reply(deviceId, reply);
  }

  async function login(imei: string, reply: Buffer, tz: number): Promise<boolean> {
    // The packets before it are stored and answered first: answers leave in packet order.
    await group.flush();
    let known: boolean;
    try {
      known = await sink.identify('gt06', imei, remoteAddress);
    } catch (err) {
      log.error({ protocol: 'gt06', imei, err }, 'gt06: identify failed');
      return false;
    }
    if (!known) {
      // The manual has no refusal packet: an unanswered login that is closed is the refusal.
      log.info({ protocol: 'gt06', imei, remoteAddress }, 'gt06: unknown device refused');
      return false;
    }
    deviceId = imei;
    tzMinutes = tz;
    try {
      model = (await sink.deviceModel?.('gt06', imei)) ?? null;
    } catch (err) {
      log.warn({ protocol: 'gt06', imei, err }, 'gt06: device model not read, none assumed');
      model = null;
    }
    conn.write(reply);
    commands?.connected('gt06', imei, link);
    return true;
  }

  return {
    frameLength: gt06FrameLength,
    onGarbage(bytes) {
      log.debug({ protocol: 'gt06', remoteAddress, bytes }, 'gt06: garbage skipped');
      return true;
    },
    flush: () => group.flush(),
    onClose() {
      if (deviceId !== null) commands?.disconnected(deviceId, link);
    },
    handleFrame(buf, off, len) {
      const r = decodeGt06(buf, off, len, deviceId, now(), { model, tzMinutes });
      switch (r.kind) {
        case 'login':
          return login(r.imei, r.reply, r.tzMinutes);
        case 'data': {
          // A command's answer reaches the dispatcher whether or not its record is stored.
          commandReply(buf, off, len);
          const { records, reply } = r;
          const id = deviceId;
          group.add(records, () => {
            if (reply.length) conn.write(reply);
            if (id !== null) commands?.records(id, records);
          });
          return group.next();
        }
        case 'ignored': {
          const { reply } = r;
          if (reply) group.then(() => conn.write(reply));
          commandReply(buf, off, len);
          return true;
        }
        default:
          log.warn({ protocol: 'gt06', deviceId, type: r.type }, `gt06: ${r.kind} packet dropped`);
          return true;
      }
    },
  };
}
