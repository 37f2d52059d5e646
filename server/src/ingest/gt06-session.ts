// GT06 connection state: login (0x01), then packets answered per serial, data ones after commit.
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { decodeGt06, gt06FrameLength } from './protocols/gt06';
import { now } from '../clock';
import type { CommandChannel, CommandLink } from './commands';
import {
  decodeGt06CommandText,
  encodeGt06Command,
  gt06ContentOf,
  GT06_COMMAND_REPLY,
  GT06_COMMAND_REPLY_LONG,
} from './protocols/gt06-command';

export function gt06Session(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  let deviceId: string | null = null;
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

  function commandReply(buf: Buffer, off: number, len: number): void {
    if (deviceId === null || !commands) return;
    const { type, start, end } = gt06ContentOf(buf, off, len);
    if (type !== GT06_COMMAND_REPLY && type !== GT06_COMMAND_REPLY_LONG) return;
    const reply = decodeGt06CommandText(buf, type, start, end);
    if (reply) commands.reply(deviceId, reply);
  }

  async function login(imei: string, reply: Buffer): Promise<boolean> {
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
    onClose() {
      if (deviceId !== null) commands?.disconnected(deviceId, link);
    },
    async handleFrame(buf, off, len) {
      const r = decodeGt06(buf, off, len, deviceId, now());
      switch (r.kind) {
        case 'login':
          return login(r.imei, r.reply);
        case 'data':
          try {
            await sink.submit(r.records);
          } catch (err) {
            log.warn({ protocol: 'gt06', deviceId, err }, 'gt06: not stored, no reply sent');
            return true;
          }
          conn.write(r.reply);
          if (deviceId !== null) commands?.records(deviceId, r.records);
          return true;
        case 'ignored':
          if (r.reply) conn.write(r.reply);
          commandReply(buf, off, len);
          return true;
        default:
          log.warn({ protocol: 'gt06', deviceId, type: r.type }, `gt06: ${r.kind} packet dropped`);
          return true;
      }
    },
  };
}
