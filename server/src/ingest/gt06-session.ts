// GT06 connection state: login (0x01), then packets answered per serial, data ones after commit.
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { decodeGt06, gt06FrameLength } from './protocols/gt06';
import { now } from '../clock';

export function gt06Session(conn: Connection, sink: IngestSink, log: IngestLog): FrameSession {
  let deviceId: string | null = null;
  const remoteAddress = conn.remoteAddress;

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
    return true;
  }

  return {
    frameLength: gt06FrameLength,
    onGarbage(bytes) {
      log.debug({ protocol: 'gt06', remoteAddress, bytes }, 'gt06: garbage skipped');
      return true;
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
          return true;
        case 'ignored':
          if (r.reply) conn.write(r.reply);
          return true;
        default:
          log.warn({ protocol: 'gt06', deviceId, type: r.type }, `gt06: ${r.kind} packet dropped`);
          return true;
      }
    },
  };
}
