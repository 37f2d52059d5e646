// Concox GT06 protocol (GT06N, JM-VL01/02, many clones): framing, login, packet dispatch, replies.
// Pure functions: bytes in, records and reply bytes out. Sessions live in ingest/tcp.ts.
//
// Short frame: 78 78 | len u8  | type | content | serial u16 | CRC u16 | 0D 0A   (len = type..CRC)
// Long frame:  79 79 | len u16 | type | content | serial u16 | CRC u16 | 0D 0A
// CRC-ITU (X.25) covers len..serial. The server answers each packet with the same type and serial.
import { crc16X25 } from '../crc';
import type { DeviceRecord } from '../types';
import { finishGt06Record } from './gt06-blocks';
import { decodeGt06Data, GT06_DATA_TYPES } from './gt06-data';

export const GT06_LOGIN = 0x01;
export const GT06_TIME_REQUEST = 0x8a;
/** Replies from the device to server commands: answered by nobody. */
const COMMAND_REPLIES = new Set([0x15, 0x21, 0x80, 0x81, 0x82]);

/**
 * Length of the complete frame at `off`: > 0 when whole, 0 when more bytes are needed, < 0 to
 * discard that many bytes of garbage (up to the next frame start).
 */
export function gt06FrameLength(buf: Buffer, off: number, end: number): number {
  if (end - off < 2) return 0;
  const h = buf[off];
  if ((h !== 0x78 && h !== 0x79) || buf[off + 1] !== h) return garbage(buf, off, off + 1, end);
  const n = measure(buf, off, end);
  if (n > 0) return n;
  // "78 78 78 ..": a stray byte before a header, or a header with length 0x78? Prefer whichever
  // reading gives a whole frame now.
  if (n === 0 && buf[off + 2] === h && measure(buf, off + 1, end) > 0) return -1;
  return n === 0 ? 0 : garbage(buf, off, off + 2, end);
}

/** Total length of a whole, well-terminated frame at `off`; 0 if incomplete; -1 if invalid. */
function measure(buf: Buffer, off: number, end: number): number {
  const long = buf[off] === 0x79;
  const avail = end - off;
  if (avail < (long ? 4 : 3)) return 0;
  const len = long ? buf.readUInt16BE(off + 2) : buf[off + 2];
  if (len < 5) return -1;
  const total = len + (long ? 6 : 5);
  if (avail < total) return 0;
  return buf[off + total - 2] === 0x0d && buf[off + total - 1] === 0x0a ? total : -1;
}

/** Minus the byte count from `off` to the next frame start found at or after `from`. */
function garbage(buf: Buffer, off: number, from: number, end: number): number {
  for (let i = from; i < end - 1; i++) {
    if ((buf[i] === 0x78 || buf[i] === 0x79) && buf[i + 1] === buf[i]) {
      // In a run (a stray 0x78 before "78 78"), the header is the last pair of the run.
      while (i + 2 < end && buf[i + 2] === buf[i]) i++;
      return off - i;
    }
  }
  // Keep a trailing 0x78/0x79: it may be the first half of the next header.
  const last = buf[end - 1];
  return off - end + (last === 0x78 || last === 0x79 ? 1 : 0);
}

export type Gt06Result =
  | { kind: 'bad-crc'; type: number }
  | { kind: 'login'; imei: string; reply: Buffer }
  /** Records to store; `reply` goes out once they are committed. */
  | { kind: 'data'; type: number; records: DeviceRecord[]; reply: Buffer }
  /** Nothing to store: send `reply` (if any) right away. */
  | { kind: 'ignored'; type: number; reply: Buffer | null }
  | { kind: 'malformed'; type: number };

/** Decodes one whole frame (as delimited by gt06FrameLength). */
export function decodeGt06(
  buf: Buffer,
  off: number,
  total: number,
  deviceId: string | null,
  now: number,
): Gt06Result {
  if (!isWholeFrame(buf, off, total)) return { kind: 'malformed', type: buf[off + 3] ?? -1 };
  const long = buf[off] === 0x79;
  const head = long ? 4 : 3;
  const type = buf[off + head];
  const crcAt = off + total - 4;
  if (buf.readUInt16BE(crcAt) !== crc16X25(buf, off + 2, crcAt)) return { kind: 'bad-crc', type };
  const serial = buf.readUInt16BE(crcAt - 2);
  const start = off + head + 1;
  const end = crcAt - 2;

  if (type === GT06_LOGIN && !long) {
    if (end - start < 8) return { kind: 'malformed', type };
    const imei = buf.toString('hex', start, start + 8).slice(1);
    if (!/^\d+$/.test(imei)) return { kind: 'malformed', type };
    return { kind: 'login', imei, reply: encodeGt06Reply(type, serial) };
  }
  if (type === GT06_TIME_REQUEST && !long) {
    return { kind: 'ignored', type, reply: encodeGt06TimeReply(now) };
  }
  if (deviceId !== null && GT06_DATA_TYPES.has(type)) {
    let records: DeviceRecord[];
    try {
      records = decodeGt06Data(buf, start, end, type, total, long, deviceId, now);
      for (const rec of records) finishGt06Record(rec);
    } catch {
      return { kind: 'malformed', type };
    }
    const reply = encodeGt06Reply(type, serial, long);
    return records.length
      ? { kind: 'data', type, records, reply }
      : { kind: 'ignored', type, reply };
  }
  // Acknowledge what we do not decode so the device neither retries nor reconnects over it.
  const reply =
    deviceId === null || long || COMMAND_REPLIES.has(type) ? null : encodeGt06Reply(type, serial);
  return { kind: 'ignored', type, reply };
}

/**
 * The span is one frame as gt06FrameLength delimits it: header, a length field that matches the
 * bytes really given (so no declared length is trusted), and the stop bytes.
 */
function isWholeFrame(buf: Buffer, off: number, total: number): boolean {
  if (!Number.isInteger(off) || !Number.isInteger(total) || off < 0 || off + total > buf.length) {
    return false;
  }
  const h = buf[off];
  if ((h !== 0x78 && h !== 0x79) || buf[off + 1] !== h) return false;
  const long = h === 0x79;
  // Header, type, serial, CRC and stop bytes.
  if (total < (long ? 11 : 10)) return false;
  const len = long ? buf.readUInt16BE(off + 2) : buf[off + 2];
  if (len + (long ? 6 : 5) !== total) return false;
  return buf[off + total - 2] === 0x0d && buf[off + total - 1] === 0x0a;
}

/** The server's answer to a packet: same type and serial, empty content. */
export function encodeGt06Reply(
  type: number,
  serial: number,
  long = false,
  content?: Buffer,
): Buffer {
  return encodeGt06Frame(type, serial, content ?? EMPTY, long);
}

const EMPTY = Buffer.alloc(0);

/** A whole frame with its CRC; used for replies and by the simulator's device side. */
export function encodeGt06Frame(
  type: number,
  serial: number,
  content: Buffer,
  long = false,
): Buffer {
  const head = long ? 4 : 3;
  const len = content.length + 5;
  const b = Buffer.allocUnsafe(len + head + 2);
  b[0] = b[1] = long ? 0x79 : 0x78;
  if (long) b.writeUInt16BE(len, 2);
  else b[2] = len;
  b[head] = type;
  content.copy(b, head + 1);
  b.writeUInt16BE(serial & 0xffff, head + 1 + content.length);
  b.writeUInt16BE(crc16X25(b, 2, head + 3 + content.length), head + 3 + content.length);
  b[b.length - 2] = 0x0d;
  b[b.length - 1] = 0x0a;
  return b;
}

function encodeGt06TimeReply(now: number): Buffer {
  const d = new Date(now);
  const content = Buffer.from([
    d.getUTCFullYear() - 2000,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]);
  return encodeGt06Frame(GT06_TIME_REQUEST, 0, content);
}
