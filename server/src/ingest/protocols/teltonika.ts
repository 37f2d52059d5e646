// Teltonika TCP protocol: IMEI handshake and AVL data packets in Codec 8, 8 Extended and 16.
// Pure functions: bytes in, records and reply bytes out. Framing state lives in ingest/tcp.ts.
//
// Handshake:  [len u16][IMEI ascii]                   → server answers 0x01 (accept) / 0x00 (refuse)
// AVL packet: [0 u32][data length u32][data][CRC u32]  → server answers the record count as u32,
//             data = codec u8, count u8, records, count u8; CRC-16/IBM over data.
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

/** Decodes one whole AVL frame (as delimited by teltonikaFrameLength). */
export function decodeTeltonikaAvl(
  buf: Buffer,
  off: number,
  len: number,
  deviceId: string,
): AvlResult {
  if (!inBounds(buf, off, len) || len < AVL_ENVELOPE + MIN_DATA) {
    return { status: 'malformed', codec: -1 };
  }
  const dataStart = off + 8;
  const dataEnd = off + len - 4;
  const codec = buf[dataStart];
  // The declared length must be the bytes really there: a header claiming gigabytes is refused
  // before anything is read, allocated or looped over on its word.
  if (buf.readUInt32BE(off) !== 0 || buf.readUInt32BE(off + 4) !== dataEnd - dataStart) {
    return { status: 'malformed', codec };
  }
  if (buf.readUInt32BE(dataEnd) !== crc16Ibm(buf, dataStart, dataEnd)) {
    return { status: 'bad-crc', codec };
  }
  if (codec === CODEC_12 || codec === CODEC_13 || codec === CODEC_14) {
    return { status: 'ignored', codec };
  }
  if (codec !== CODEC_8 && codec !== CODEC_8E && codec !== CODEC_16) {
    return { status: 'unsupported', codec };
  }
  // Some FM firmwares (Traccar's "extended" option) add a group of 16-byte IO values; the data
  // length tells which layout was sent, so the standard one is tried first.
  const records =
    parseRecords(buf, dataStart, dataEnd, codec, deviceId, false) ??
    parseRecords(buf, dataStart, dataEnd, codec, deviceId, true);
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
      hasLocation: lat !== 0 || lon !== 0,
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
