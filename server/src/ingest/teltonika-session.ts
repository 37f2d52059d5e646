// Teltonika connection state: IMEI handshake, then AVL packets acknowledged after commit, and
// Codec 12/13 messages stored without acknowledgement (responses also go to the command channel).
import { now } from '../clock';
import type { Connection, FrameSession } from './tcp';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import type { CommandChannel, CommandLink } from './commands';
import { encodeCodec12Command } from './protocols/teltonika-command';
import { SubmitGroup } from './submit-group';
import {
  decodeTeltonikaFrame,
  decodeTeltonikaImei,
  encodeTeltonikaAck,
  TELTONIKA_ACCEPT,
  TELTONIKA_REFUSE,
  teltonikaFrameKind,
  teltonikaFrameLength,
} from './protocols/teltonika';

export function teltonikaSession(
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
): FrameSession {
  let deviceId: string | null = null;
  const remoteAddress = conn.remoteAddress;
  // Codec 12 commands go out over this connection once the device is known (issue 13).
  const link: CommandLink = {
    connectionId: conn.id,
    get closed() {
      return conn.closed;
    },
    send: (text) => conn.write(encodeCodec12Command(text)),
  };

  // Packets that arrive together are stored in one submit, each acknowledged after the commit.
  const group = new SubmitGroup(sink, (err) =>
    log.warn({ protocol: 'teltonika', deviceId, err }, 'teltonika: not stored, no ack sent'),
  );

  async function handshake(buf: Buffer, off: number, len: number): Promise<boolean> {
    // The packets before it are stored and acknowledged first: answers leave in packet order.
    await group.flush();
    const imei = decodeTeltonikaImei(buf, off, len);
    if (!imei) {
      log.warn({ protocol: 'teltonika', remoteAddress }, 'teltonika: bad handshake');
      return false;
    }
    let known: boolean;
    try {
      known = await sink.identify('teltonika', imei, remoteAddress);
    } catch (err) {
      // No answer at all: the device retries the handshake later instead of giving up.
      log.error({ protocol: 'teltonika', imei, err }, 'teltonika: identify failed');
      return false;
    }
    if (!known) {
      log.info({ protocol: 'teltonika', imei, remoteAddress }, 'teltonika: unknown device refused');
      conn.write(TELTONIKA_REFUSE);
      return false;
    }
    deviceId = imei;
    conn.write(TELTONIKA_ACCEPT);
    commands?.connected('teltonika', imei, link);
    return true;
  }

  async function data(buf: Buffer, off: number, len: number, id: string): Promise<boolean> {
    const result = decodeTeltonikaFrame(buf, off, len, id, now());
    if (result.status === 'ignored') return true;
    if (result.status === 'serial') {
      // Codec 12/13: stored, never acknowledged (the device expects no answer to them).
      if (result.records.length) group.add(result.records);
      // A Codec 12 response to a command: the dispatcher matches it to the command.
      const { responses } = result;
      group.then(() => {
        for (const text of responses) commands?.reply(id, { text });
      });
      return true;
    }
    if (result.status !== 'ok') {
      // Dropped without an ack: the device keeps the records and sends them again.
      log.warn(
        { protocol: 'teltonika', deviceId: id, codec: result.codec },
        `teltonika: ${result.status} packet dropped`,
      );
      return true;
    }
    if (result.count === 0) {
      group.then(() => conn.write(encodeTeltonikaAck(0)));
      return true;
    }
    const { records, count } = result;
    group.add(records, () => {
      conn.write(encodeTeltonikaAck(count));
      commands?.records(id, records);
    });
    return group.next();
  }

  return {
    frameLength: teltonikaFrameLength,
    onGarbage: () => false,
    flush: () => group.flush(),
    onClose() {
      if (deviceId !== null) commands?.disconnected(deviceId, link);
    },
    handleFrame(buf, off, len) {
      const kind = teltonikaFrameKind(buf, off);
      if (kind === 'ping') return true;
      if (kind === 'imei') return handshake(buf, off, len);
      if (deviceId === null) {
        log.warn({ protocol: 'teltonika', remoteAddress }, 'teltonika: data before handshake');
        return false;
      }
      return data(buf, off, len, deviceId);
    },
  };
}
