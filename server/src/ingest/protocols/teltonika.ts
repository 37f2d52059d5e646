// Teltonika TCP protocol: IMEI handshake and AVL data packets in Codec 8, 8 Extended and 16 (FM
// series), Codec 7 (GH3000, teltonika-gh3000.ts) and Codec 12/13 messages (teltonika-serial.ts).
// Pure functions: bytes in, records and reply bytes out. Framing state lives in ingest/tcp.ts; the
// UDP transport wraps the same data field (teltonika-udp.ts).
//
// Handshake:  [len u16][IMEI ascii]                   → server answers 0x01 (accept) / 0x00 (refuse)
// AVL packet: [0 u32][data length u32][data][CRC u32]  → server answers the record count as u32,
//             data = codec u8, count u8, records, count u8; CRC-16/IBM over data. Codec 12/13
//             messages use the same envelope and get no answer.
// A lone 0xFF byte is the devices' keep-alive ping.
import { crc16Ibm } from '../crc';
import type { DeviceRecord } from '../types';
import { addEvent } from './events';
import {
  IO_IBUTTON,
  IO_RFID,
  applyIButton,
  applyIo,
  applyVariableIo,
  finishTeltonikaRecord,
} from './teltonika-io';
import { parseGh3000Records } from './teltonika-gh3000';
import { parseSerialMessages } from './teltonika-serial';

export const CODEC_7 = 0x07;
export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
export const CODEC_12 = 0x0c;
export const CODEC_13 = 0x0d;
export const CODEC_14 = 0x0e;

/** Largest AVL data field accepted; FMB devices stay far below (1280 bytes per packet). */
export const TELTONIKA_MAX_DATA = 64 * 1024;
const MAX_IMEI_LENGTH = 32;

export type TeltonikaFrameKind = 'ping' | 'imei' | 'avl';

/** Preamble, data length and CRC around the data field. */
const AVL_ENVELOPE = 12;
/** Codec, record count and the repeated count: a data field holding no record. */
const MIN_DATA = 3;

/** The decoders are public: they check the span they are given, not only the framer's word. */
const inBounds = (buf: Buffer, off: number, len: number): boolean =>
  Number.isInteger(off) && Number.isInteger(len) && off >= 0 && len >= 0 && off + len <= buf.length;

/**
 * Length of the complete frame starting at `off`: > 0 when whole, 0 when more bytes are needed,
 * -1 when the bytes cannot start a frame (garbage or an oversized length): the caller closes.
 */
export function teltonikaFrameLength(buf: Buffer, off: number, end: number): number {
  const avail = Math.min(end, buf.length) - off;
  if (avail < 1) return 0;
  if (buf[off] === 0xff) return 1;
  if (avail < 2) return 0;
  const head = buf.readUInt16BE(off);
  if (head !== 0) {
    if (head > MAX_IMEI_LENGTH) return -1;
    return avail >= 2 + head ? 2 + head : 0;
  }
  if (avail < 8) return 0;
  if (buf.readUInt16BE(off + 2) !== 0) return -1;
  const len = buf.readUInt32BE(off + 4);
  // Refused from the header alone: a length claiming gigabytes is never waited for or buffered.
  if (len < MIN_DATA || len > TELTONIKA_MAX_DATA) return -1;
  return avail >= len + AVL_ENVELOPE ? len + AVL_ENVELOPE : 0;
}

export function teltonikaFrameKind(buf: Buffer, off: number): TeltonikaFrameKind {
  if (buf[off] === 0xff) return 'ping';
  return buf[off] === 0 && buf[off + 1] === 0 ? 'avl' : 'imei';
}

/** The IMEI of a handshake frame, or null when it is not a run of digits. */
export function decodeTeltonikaImei(buf: Buffer, off: number, len: number): string | null {
  if (!inBounds(buf, off, len) || len < 3) return null;
  const n = buf.readUInt16BE(off);
  if (n < 1 || n + 2 !== len) return null;
  for (let i = off + 2; i < off + len; i++) if (buf[i] < 0x30 || buf[i] > 0x39) return null;
  return buf.toString('latin1', off + 2, off + len);
}

export const TELTONIKA_ACCEPT = Buffer.from([0x01]);
export const TELTONIKA_REFUSE = Buffer.from([0x00]);

export function encodeTeltonikaAck(count: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(count, 0);
  return b;
}

export type AvlResult =
  | { status: 'ok'; codec: number; count: number; records: DeviceRecord[] }
  /** Command traffic (Codec 12/13/14 replies): nothing to store and nothing to acknowledge. */
  | { status: 'ignored'; codec: number }
  | { status: 'bad-crc' | 'malformed' | 'unsupported'; codec: number };

/**
 * What an AVL data field (codec .. repeated count) holds, whatever the transport (TCP or UDP):
 * - 'ok': location records (Codec 7, 8, 8 Extended, 16), acknowledged with their count;
 * - 'serial': Codec 12/13 messages (command responses, serial-port text), stored without any
 *   acknowledgement; `responses` are the Codec 12 response texts (type 0x06) for the dispatcher;
 * - 'ignored': Codec 14, nothing to store or acknowledge.
 */
export type TeltonikaData =
  | { status: 'ok'; codec: number; count: number; records: DeviceRecord[] }
  | { status: 'serial'; codec: number; records: DeviceRecord[]; responses: string[] }
  | { status: 'ignored'; codec: number }
  | { status: 'malformed' | 'unsupported'; codec: number };

export type TeltonikaFrameResult = TeltonikaData | { status: 'bad-crc'; codec: number };

type Envelope =
  | { codec: number; start: number; end: number }
  | { status: 'malformed' | 'bad-crc'; codec: number };

/** The data field of a whole TCP frame, once its preamble, length and CRC are right. */
function envelope(buf: Buffer, off: number, len: number): Envelope {
  if (!inBounds(buf, off, len) || len < AVL_ENVELOPE + MIN_DATA) {
    return { status: 'malformed', codec: -1 };
  }
  const start = off + 8;
  const end = off + len - 4;
  const codec = buf[start];
  // The declared length must be the bytes really there: a header claiming gigabytes is refused
  // before anything is read, allocated or looped over on its word.
  if (buf.readUInt32BE(off) !== 0 || buf.readUInt32BE(off + 4) !== end - start) {
    return { status: 'malformed', codec };
  }
  if (buf.readUInt32BE(end) !== crc16Ibm(buf, start, end)) return { status: 'bad-crc', codec };
  return { codec, start, end };
}

/**
 * Decodes one whole FM-series AVL frame (Codec 8, 8 Extended, 16) as delimited by
 * teltonikaFrameLength: Codec 12/13/14 traffic is 'ignored' and Codec 7 'unsupported' here (the
 * gateway decodes those with decodeTeltonikaFrame).
 */
export function decodeTeltonikaAvl(
  buf: Buffer,
  off: number,
  len: number,
  deviceId: string,
): AvlResult {
  const env = envelope(buf, off, len);
  if ('status' in env) return env;
  const { codec } = env;
  if (codec === CODEC_12 || codec === CODEC_13 || codec === CODEC_14) {
    return { status: 'ignored', codec };
  }
  if (codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) {
    return { status: 'unsupported', codec };
  }
  const r = decodeTeltonikaData(buf, env.start, env.end, deviceId, 0);
  return r.status === 'ok' || r.status === 'malformed' ? r : { status: 'malformed', codec };
}

/**
 * Decodes one whole TCP frame of any codec the gateway speaks (7, 8, 8E, 16, 12, 13). `now`
 * (epoch ms) stamps messages that carry no time of their own (Codec 12 responses).
 */
export function decodeTeltonikaFrame(
  buf: Buffer,
  off: number,
  len: number,
  deviceId: string,
  now: number,
): TeltonikaFrameResult {
  const env = envelope(buf, off, len);
  if ('status' in env) return env;
  return decodeTeltonikaData(buf, env.start, env.end, deviceId, now);
}

/**
 * Decodes an AVL data field, `buf[start..end)` = codec, count, records, count: the part TCP and
 * UDP packets share. Checks its span itself; never throws.
 */
export function decodeTeltonikaData(
  buf: Buffer,
  start: number,
  end: number,
  deviceId: string,
  now: number,
): TeltonikaData {
  if (!inBounds(buf, start, end - start) || end - start < MIN_DATA) {
    return { status: 'malformed', codec: -1 };
  }
  const codec = buf[start];
  if (codec === CODEC_12 || codec === CODEC_13) {
    const serial = parseSerialMessages(buf, start, end, deviceId, now);
    return serial ? { status: 'serial', codec, ...serial } : { status: 'malformed', codec };
  }
  if (codec === CODEC_14) return { status: 'ignored', codec };
  let records: DeviceRecord[] | null;
  if (codec === CODEC_7) records = parseGh3000Records(buf, start, end, deviceId);
  else if (codec === CODEC_8 || codec === CODEC_8E || codec === CODEC_16) {
    // Some FM firmwares (Traccar's "extended" option) add a group of 16-byte IO values; the data
    // length tells which layout was sent, so the standard one is tried first.
    records =
      parseRecords(buf, start, end, codec, deviceId, false) ??
      parseRecords(buf, start, end, codec, deviceId, true);
  } else return { status: 'unsupported', codec };
  if (!records) return { status: 'malformed', codec };
  return { status: 'ok', codec, count: records.length, records };
}

const TWO_32 = 0x100000000;

function parseRecords(
  buf: Buffer,
  start: number,
  end: number,
  codec: number,
  deviceId: string,
  extended: boolean,
): DeviceRecord[] | null {
  const n = buf[start + 1];
  const wide = codec === CODEC_8E;
  const idW = wide || codec === CODEC_16 ? 2 : 1;
  const cntW = wide ? 2 : 1;
  const groups = extended ? 5 : 4;
  const head = 24 + idW + (codec === CODEC_16 ? 1 : 0) + cntW;
  let p = start + 2;
  // A count the bytes cannot hold is refused before the records array is allocated.
  const smallest = head + (groups - 1) * cntW + (wide ? 2 : 0);
  if (n * smallest > end - 1 - p) return null;
  const records: DeviceRecord[] = new Array(n);
  for (let r = 0; r < n; r++) {
    if (p + head > end) return null;
    const lat = buf.readInt32BE(p + 13) / 1e7;
    const lon = buf.readInt32BE(p + 9) / 1e7;
    const satellites = buf[p + 21];
    const eventId = idW === 2 ? buf.readUInt16BE(p + 24) : buf[p + 24];
    const rec: DeviceRecord = {
      deviceId,
      protocol: 'teltonika',
      fixTime: buf.readUInt32BE(p) * TWO_32 + buf.readUInt32BE(p + 4),
      // 0,0 is no fix yet; coordinates out of range (a damaged UDP datagram has no CRC) are none.
      hasLocation: (lat !== 0 || lon !== 0) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180,
      valid: satellites !== 0,
      lat,
      lon,
      speed: buf.readUInt16BE(p + 22),
      course: buf.readUInt16BE(p + 19),
      altitude: buf.readInt16BE(p + 17),
      satellites,
      events: [],
      attributes: { priority: buf[p + 8], event: eventId },
    };
    p += head;
    for (let g = 0, size = 1; g < groups; g++, size *= 2) {
      if (p + cntW > end) return null;
      const cnt = cntW === 2 ? buf.readUInt16BE(p) : buf[p];
      p += cntW;
      if (p + cnt * (idW + size) > end) return null;
      for (let i = 0; i < cnt; i++) {
        const id = idW === 2 ? buf.readUInt16BE(p) : buf[p];
        p += idW;
        if (size === 1) applyIo(rec, id, buf[p], 1, eventId);
        else if (size === 2) applyIo(rec, id, buf.readUInt16BE(p), 2, eventId);
        else if (size === 4) applyIo(rec, id, buf.readUInt32BE(p), 4, eventId);
        else if (size === 8) applyEight(rec, id, buf, p, eventId);
        else rec.attributes['io' + id] = buf.toString('hex', p, p + size);
        p += size;
      }
    }
    if (wide) {
      if (p + 2 > end) return null;
      const cnt = buf.readUInt16BE(p);
      p += 2;
      for (let i = 0; i < cnt; i++) {
        if (p + 4 > end) return null;
        const id = buf.readUInt16BE(p);
        const vlen = buf.readUInt16BE(p + 2);
        p += 4;
        if (p + vlen > end) return null;
        applyVariableIo(rec, id, buf, p, p + vlen);
        p += vlen;
      }
    }
    finishTeltonikaRecord(rec, eventId);
    // Priority 2 is Teltonika's "panic" priority: an input configured as the panic button.
    if (rec.attributes.priority === 2) addEvent(rec, 'panic');
    records[r] = rec;
  }
  return p === end - 1 && buf[p] === n ? records : null;
}

function applyEight(rec: DeviceRecord, id: number, buf: Buffer, p: number, eventId: number): void {
  const hi = buf.readUInt32BE(p);
  const lo = buf.readUInt32BE(p + 4);
  if (id === IO_IBUTTON || id === IO_RFID) {
    rec.attributes['io' + id] = buf.toString('hex', p, p + 8);
    applyIButton(rec, hi, lo, eventId, id);
  } else if (hi < 0x200000) {
    applyIo(rec, id, hi * TWO_32 + lo, 8, eventId);
  } else {
    rec.attributes['io' + id] = buf.readBigUInt64BE(p).toString();
  }
}
