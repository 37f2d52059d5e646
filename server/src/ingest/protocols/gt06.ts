// Concox GT06 protocol (GT06N, JM-VL01/02/03, GK310, and the many GT06 clones): framing, login,
// packet dispatch to the family decoders, replies. Pure functions: bytes in, records and reply
// bytes out. Sessions live in ingest/gt06-session.ts; frame layout in gt06-frame.ts.
//
// Two frame forms without serial and CRC exist besides the normal ones: the Wi-Fi packets 0x69
// and 0x17 of some trackers (the length byte is the access point count; see gt06-lbs.ts), and
// 0x10/0x11 locations of the same trackers whose length byte counts the content only.
import { crc16X25 } from '../crc';
import type { DeviceRecord } from '../types';
import {
  Reader,
  Truncated,
  type Gt06Answer,
  type Gt06Decoded,
  type Gt06Packet,
} from './gt06-blocks';
import { finishGt06Record } from './gt06-blocks';
import { decodeCommon, GT06_GPS, GT06_GPS_LBS_6, GT06_STATUS, isCommonType } from './gt06-data';
import {
  decodeAz735,
  decodeCameraAlarm,
  decodeModular,
  decodeStatusItems,
  GT06_ALARM,
  GT06_AZ735_ALARM,
  GT06_AZ735_GPS,
  GT06_DEVICE_STATUS,
  GT06_GPS_MODULAR,
  GT06_PERIPHERAL,
} from './gt06-extended';
import { encodeGt06Frame, encodeGt06Reply } from './gt06-frame';
import {
  decodeCommandReply,
  decodeCommandReplyLong,
  decodeInfo,
  decodeInfoShort,
  decodeObd,
  decodeSerial,
  GT06_COMMAND_REPLY,
  GT06_COMMAND_REPLY_LONG,
  GT06_INFO,
  GT06_OBD,
  GT06_SERIAL,
} from './gt06-info';
import {
  decodeMultiCell,
  decodeWifi,
  GT06_WIFI,
  GT06_WIFI_2,
  GT06_WIFI_4,
  isMultiCell,
  wifiFrameLength,
} from './gt06-lbs';
import {
  decodeGpsLbs8,
  decodeHeartbeat,
  decodeIbutton,
  decodeLocationRfid,
  decodeSolarStatus,
  decodeSr411,
  decodeX1,
  GT06_GPS_LBS_8,
  GT06_HEARTBEAT,
  GT06_IBUTTON,
  GT06_LOCATION_RFID,
  GT06_X1_GPS,
} from './gt06-location';
import { gt06Variant, type Gt06Variant } from './gt06-variant';

export { encodeGt06Frame, encodeGt06Reply };

export const GT06_LOGIN = 0x01;
export const GT06_GPS_PHONE = 0x1a;
export const GT06_ADDRESS_REQUEST = 0x2a;
export const GT06_X1_PHOTO_INFO = 0x35;
export const GT06_TIME_REQUEST = 0x8a;
export const GT06_ADDRESS_RESPONSE = 0x97;
/** Server commands echoed by the device: answered by nobody. */
const COMMANDS = new Set([0x80, 0x81, 0x82]);
/** Types of the location frames without serial and CRC (see the file comment). */
const BARE_LOCATIONS = new Set([GT06_GPS, GT06_GPS_LBS_6]);

/**
 * Length of the complete frame at `off`: > 0 when whole, 0 when more bytes are needed, < 0 to
 * discard that many bytes of garbage (up to the next frame start). Never waits for more than a
 * long frame's 0xFFFF + 6 bytes.
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

/** Total length of a whole frame at `off` in any of its forms; 0 if incomplete; -1 if invalid. */
function measure(buf: Buffer, off: number, end: number): number {
  if (buf[off] === 0x79) return measureNormal(buf, off, end);
  // A short frame's form depends on its type.
  if (end - off < 4) return 0;
  const n = measureNormal(buf, off, end);
  const type = buf[off + 3];
  if (type === GT06_WIFI || type === GT06_WIFI_2) {
    // A well-terminated normal frame wins when its CRC holds (0x17 is also an RFID location).
    if (n > 0 && crcHolds(buf, off, n)) return n;
    const w = wifiFrameLength(buf, off, end);
    if (w !== 0) return w > 0 ? w : n;
    return n > 0 ? n : 0;
  }
  if (n < 0 && BARE_LOCATIONS.has(type)) {
    const total = buf[off + 2] + 6;
    if (end - off < total) return 0;
    return stopsAt(buf, off + total) ? total : -1;
  }
  return n;
}

function measureNormal(buf: Buffer, off: number, end: number): number {
  const long = buf[off] === 0x79;
  const avail = end - off;
  if (avail < (long ? 4 : 3)) return 0;
  const len = long ? buf.readUInt16BE(off + 2) : buf[off + 2];
  if (len < 5) return -1;
  const total = len + (long ? 6 : 5);
  if (avail < total) return 0;
  return stopsAt(buf, off + total) ? total : -1;
}

const stopsAt = (buf: Buffer, end: number) => buf[end - 2] === 0x0d && buf[end - 1] === 0x0a;

function crcHolds(buf: Buffer, off: number, total: number): boolean {
  return buf.readUInt16BE(off + total - 4) === crc16X25(buf, off + 2, off + total - 4);
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
  /** `tzMinutes`: the device clock's zone from the login's extension (0 when none). */
  | { kind: 'login'; imei: string; reply: Buffer; tzMinutes: number }
  /** Records to store; `reply` (empty: none) goes out once they are committed. */
  | { kind: 'data'; type: number; records: DeviceRecord[]; reply: Buffer }
  /** Nothing to store: send `reply` (if any) right away. */
  | { kind: 'ignored'; type: number; reply: Buffer | null }
  | { kind: 'malformed'; type: number };

export interface Gt06DecodeOptions {
  /** The unit's device model (set_unit_device), for clones whose bytes differ by model. */
  model?: string | null;
  /** Minutes east of UTC of the device's clock (from its login); default 0. */
  tzMinutes?: number;
}

/** Where a frame's content is; `serial` is -1 in the forms without serial and CRC. */
interface Span {
  long: boolean;
  type: number;
  start: number;
  end: number;
  serial: number;
  length: number;
}

/** Decodes one whole frame (as delimited by gt06FrameLength). */
export function decodeGt06(
  buf: Buffer,
  off: number,
  total: number,
  deviceId: string | null,
  now: number,
  opts: Gt06DecodeOptions = {},
): Gt06Result {
  const span = spanOf(buf, off, total);
  if (!span) return { kind: 'malformed', type: buf[off + 3] ?? -1 };
  if (span === 'bad-crc') return { kind: 'bad-crc', type: buf[off + (buf[off] === 0x79 ? 4 : 3)] };
  const { long, type, start, end, serial } = span;

  if (type === GT06_LOGIN && !long) return login(buf, start, end, serial);
  if (type === GT06_TIME_REQUEST && !long) {
    return { kind: 'ignored', type, reply: encodeGt06TimeReply(now) };
  }
  if (deviceId === null) return { kind: 'ignored', type, reply: null };
  if (type === GT06_ADDRESS_REQUEST) return { kind: 'ignored', type, reply: ADDRESS_REPLY };

  const model = opts.model ? opts.model.toUpperCase() : null;
  const packet: Gt06Packet = {
    type,
    long,
    length: span.length,
    deviceId,
    now,
    model,
    tzMinutes: opts.tzMinutes ?? 0,
  };
  const marker = end - start >= 2 ? buf.readUInt16BE(start) : -1;
  const variant = gt06Variant(type, long, span.length, marker);
  // A location without CRC: only its GPS block is read.
  const bare = span.serial < 0 && BARE_LOCATIONS.has(type);
  const reader = new Reader(buf, start, bare ? Math.min(end, start + 18) : end);
  let decoded: Gt06Decoded | null;
  try {
    decoded = dispatch(reader, packet, variant);
  } catch (err) {
    if (err instanceof Truncated) return { kind: 'malformed', type };
    throw err;
  }
  if (!decoded) {
    // Acknowledge what we do not decode so the device neither retries nor reconnects over it.
    const reply = long || COMMANDS.has(type) ? null : encodeGt06Reply(type, Math.max(0, serial));
    return { kind: 'ignored', type, reply };
  }
  for (const rec of decoded.records) finishGt06Record(rec);
  // The forms without a serial are answered with serial 0 (the Wi-Fi ones echo their time).
  const reply = replyBytes(decoded.answer, type, Math.max(0, serial));
  return decoded.records.length
    ? { kind: 'data', type, records: decoded.records, reply }
    : { kind: 'ignored', type, reply: reply.length ? reply : null };
}

/** The packet's family decoder, in Traccar's order of precedence; null: not decoded. */
function dispatch(r: Reader, p: Gt06Packet, v: Gt06Variant): Gt06Decoded | null {
  const t = p.type;
  if (t === GT06_HEARTBEAT) return decodeHeartbeat(r, p);
  if (t === GT06_X1_GPS && v !== 'SL4X') return decodeX1(r, p);
  // A photo's description: Traccar asks for the photo; we store no photos (not answered).
  if (t === GT06_X1_PHOTO_INFO) return { records: [], answer: 'none' };
  if ((t === GT06_WIFI && v !== 'RFID') || t === GT06_WIFI_2 || t === GT06_WIFI_4) {
    return decodeWifi(r, p);
  }
  if (t === GT06_INFO && !p.long) return decodeInfoShort(r, p);
  if (t === 0x24 && v === 'SR411_MINI') return decodeSr411(r, p);
  if (isMultiCell(t, p.long, v)) return decodeMultiCell(r, p, v);
  if (t === GT06_COMMAND_REPLY) return decodeCommandReply(r, p);
  if (t === GT06_STATUS && r.left === 16) return decodeSolarStatus(r, p);
  if (t === GT06_IBUTTON) return decodeIbutton(r, p);
  if (t === GT06_LOCATION_RFID && v === 'TRX16I') return decodeLocationRfid(r, p);
  if (t === GT06_GPS_PHONE) return withAnswer(decodeCommon(r, p, v), ADDRESS_REPLY);
  if (isCommonType(t, p.long)) return decodeCommon(r, p, v);
  if (t === GT06_ALARM) return decodeCameraAlarm(r, p, v);
  if (t === GT06_COMMAND_REPLY_LONG) return decodeCommandReplyLong(r, p);
  if (t === GT06_INFO) return decodeInfo(r, p);
  // Photo data (0x36 long): not fetched, so not expected; stored nowhere.
  if (t === GT06_LOCATION_RFID) return { records: [], answer: 'none' };
  if (t === GT06_AZ735_GPS || t === GT06_AZ735_ALARM) return decodeAz735(r, p);
  if (t === GT06_OBD) return decodeObd(r, p);
  if (t === GT06_GPS_MODULAR) return decodeModular(r, p);
  if (t === GT06_SERIAL) return decodeSerial(r, p);
  if (t === GT06_PERIPHERAL || t === GT06_DEVICE_STATUS) return decodeStatusItems(r, p);
  if (t === GT06_GPS_LBS_8) return decodeGpsLbs8(r, p);
  return null;
}

function withAnswer(d: Gt06Decoded, answer: Gt06Answer): Gt06Decoded {
  return { ...d, answer };
}

function replyBytes(answer: Gt06Answer, type: number, serial: number): Buffer {
  if (answer === 'short') return encodeGt06Reply(type, serial);
  if (answer === 'long') return encodeGt06Reply(type, serial, true);
  if (answer === 'none') return EMPTY;
  return answer;
}

const EMPTY = Buffer.alloc(0);

/**
 * The frame's content span: a normal frame whose length field matches the bytes given (so no
 * declared length is trusted) and whose CRC holds, or one of the forms without CRC.
 */
function spanOf(buf: Buffer, off: number, total: number): Span | 'bad-crc' | null {
  if (!Number.isInteger(off) || !Number.isInteger(total) || off < 0 || off + total > buf.length) {
    return null;
  }
  if (total < 6) return null;
  const h = buf[off];
  if ((h !== 0x78 && h !== 0x79) || buf[off + 1] !== h) return null;
  if (!stopsAt(buf, off + total)) return null;
  const long = h === 0x79;
  const head = long ? 4 : 3;
  const type = buf[off + head];
  const length = long ? buf.readUInt16BE(off + 2) : buf[off + 2];
  if (total >= (long ? 11 : 10) && length + head + 2 === total) {
    const crcAt = off + total - 4;
    const serial = buf.readUInt16BE(crcAt - 2);
    const span = { long, type, start: off + head + 1, end: crcAt - 2, serial, length };
    if (crcHolds(buf, off, total)) return span;
    if (long || (type !== GT06_WIFI && type !== GT06_WIFI_2)) return 'bad-crc';
  }
  if (long) return null;
  const bare = { long, type, start: off + 4, end: off + total - 2, serial: -1, length };
  const wifi = type === GT06_WIFI || type === GT06_WIFI_2;
  if (wifi && wifiFrameLength(buf, off, off + total) === total) return bare;
  if (BARE_LOCATIONS.has(type) && length + 6 === total) return bare;
  return length + head + 2 === total ? 'bad-crc' : null;
}

function login(buf: Buffer, start: number, end: number, serial: number): Gt06Result {
  if (end - start < 8) return { kind: 'malformed', type: GT06_LOGIN };
  const imei = buf.toString('hex', start, start + 8).slice(1);
  if (!/^\d+$/.test(imei)) return { kind: 'malformed', type: GT06_LOGIN };
  // After the IMEI: type identification (2 bytes), then on newer firmware the time-zone word:
  // bits 15-4 the offset as hhmm, bit 3 set for west of UTC.
  let tzMinutes = 0;
  if (end - start >= 12) {
    const ext = buf.readUInt16BE(start + 10);
    const hhmm = ext >> 4;
    const minutes = Math.trunc(hhmm / 100) * 60 + (hhmm % 100);
    if (minutes <= 14 * 60) tzMinutes = ext & 0x08 ? -minutes : minutes;
  }
  return { kind: 'login', imei, reply: encodeGt06Reply(GT06_LOGIN, serial), tzMinutes };
}

/**
 * The answer to an address request (0x2A, and 0x1A once its position is stored): an English
 * address packet 0x97 in a long frame with "no address" (the portal has no reverse geocoder):
 * command length, server flag 0, "NA&&NA&&0##", as Traccar sends it.
 */
const ADDRESS_REPLY = (() => {
  const text = Buffer.from('NA&&NA&&0##', 'ascii');
  const content = Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]);
  return encodeGt06Frame(GT06_ADDRESS_RESPONSE, 0, content, true);
})();

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
