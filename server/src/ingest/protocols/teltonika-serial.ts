// Teltonika Codec 12 and Codec 13 messages from the device, as records (Teltonika wiki, "Teltonika
// Data Sending Protocols" § Codec 12 and § Codec 13; decoded as Traccar's TeltonikaProtocolDecoder
// does). Both are framed like AVL packets (same TCP envelope and CRC, same UDP channel):
//
//   data = codec (0x0C / 0x0D), quantity, quantity × [type u8][size u32][payload], quantity
//
// - Codec 12: type 0x06 is the device's response to a server command, 0x0D a camera message;
//   the payload is the text.
// - Codec 13 (device → server only, "message timestamp" enabled): the size covers a timestamp
//   (UNIX seconds) and then the text.
//
// A printable payload (bytes 0x20-0x7F, CR, LF) is kept as the trimmed text, anything else as hex:
// `attributes.result`, so the pipeline files it as the device's answer. Two texts mean data, not
// answers: a "GTSL|..." driver login (the 5th field is the driver id) and the "UUUUww...SSS" axle
// load report of a weighing system (axle1-8, loadTruck, loadTrailer, totalTruck, totalTrailer).
// Camera messages (photo download) are not decoded: no record. Pure functions; never throw.
import { blankRecord, type DeviceRecord } from '../types';

const CODEC_12 = 0x0c;
const CODEC_13 = 0x0d;
/** Codec 12 message types. */
export const SERIAL_RESPONSE = 0x06;
const SERIAL_CAMERA = 0x0d;
/** A message's type and size. */
const MESSAGE_HEAD = 5;
/** Timestamps before this (2000-01-01) are no real time: the receive time is used instead. */
const MIN_TIME = 946684800000;
/** ... and neither are those after this one (2100-01-01). */
const MAX_TIME = 4102444800000;

export interface SerialMessages {
  records: DeviceRecord[];
  /** The text of each Codec 12 response (type 0x06), for the command dispatcher. */
  responses: string[];
}

/** Traccar's printable test: bytes 0x20-0x7F, CR and LF. */
function printable(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i];
    if ((b < 0x20 && b !== 0x0d && b !== 0x0a) || b > 0x7f) return false;
  }
  return true;
}

/**
 * The records of a Codec 12 or 13 data field `buf[start..end)`, or null when the sizes do not
 * fill the field exactly. `now` (epoch ms) stamps messages without a time of their own.
 */
export function parseSerialMessages(
  buf: Buffer,
  start: number,
  end: number,
  deviceId: string,
  now: number,
): SerialMessages | null {
  if (start < 0 || end > buf.length || end - start < 3) return null;
  const codec = buf[start];
  if (codec !== CODEC_12 && codec !== CODEC_13) return null;
  const n = buf[start + 1];
  let p = start + 2;
  if (n * MESSAGE_HEAD > end - 1 - p) return null;
  const out: SerialMessages = { records: [], responses: [] };
  for (let i = 0; i < n; i++) {
    if (p + MESSAGE_HEAD > end) return null;
    const type = buf[p];
    const size = buf.readUInt32BE(p + 1);
    p += MESSAGE_HEAD;
    if (size > end - 1 - p) return null;
    const msgEnd = p + size;
    if (codec === CODEC_12) {
      if (type !== SERIAL_CAMERA) {
        const rec = serialRecord(deviceId, now, type);
        setText(rec, buf, p, msgEnd);
        out.records.push(rec);
        const result = rec.attributes.result;
        if (type === SERIAL_RESPONSE && typeof result === 'string') out.responses.push(result);
      }
    } else {
      if (size < 4) return null;
      const { time, textStart } = codec13Time(buf, p, msgEnd);
      const rec = serialRecord(deviceId, time ?? now, type);
      setText(rec, buf, textStart, msgEnd);
      out.records.push(rec);
    }
    p = msgEnd;
  }
  return p === end - 1 && buf[p] === n ? out : null;
}

function serialRecord(deviceId: string, time: number, type: number): DeviceRecord {
  return blankRecord('teltonika', deviceId, time, { type });
}

/**
 * The timestamp of a Codec 13 message at `p`: 4 bytes of UNIX seconds as the wiki's example and the
 * devices send it; some firmwares put 8 bytes of milliseconds (the wiki's older text), recognised
 * when the 4-byte reading is no date and the 8-byte one is. Null when neither is a real time.
 */
function codec13Time(
  buf: Buffer,
  p: number,
  end: number,
): { time: number | null; textStart: number } {
  const seconds = buf.readUInt32BE(p) * 1000;
  if (seconds >= MIN_TIME && seconds < MAX_TIME) return { time: seconds, textStart: p + 4 };
  if (end - p >= 8) {
    const ms = buf.readUInt32BE(p) * 0x100000000 + buf.readUInt32BE(p + 4);
    if (ms >= MIN_TIME && ms < MAX_TIME) return { time: ms, textStart: p + 8 };
  }
  return { time: null, textStart: p + 4 };
}

const AXLE_KEYS = ['loadTruck', 'loadTrailer', 'totalTruck', 'totalTrailer'];

function setText(rec: DeviceRecord, buf: Buffer, start: number, end: number): void {
  const a = rec.attributes;
  if (!printable(buf, start, end)) {
    a.result = buf.toString('hex', start, end);
    return;
  }
  const text = buf.toString('latin1', start, end).trim();
  if (text.startsWith('GTSL')) {
    const driver = text.split('|')[4];
    if (driver) {
      rec.driverId = driver;
      return;
    }
  } else if (text.startsWith('UUUUww') && text.endsWith('SSS')) {
    const values = text.slice(6, -4).split(';').map(Number);
    if (values.length >= 12 && values.slice(0, 12).every(Number.isFinite)) {
      for (let i = 0; i < 8; i++) a['axle' + (i + 1)] = values[i];
      AXLE_KEYS.forEach((k, i) => (a[k] = values[8 + i]));
      return;
    }
  }
  a.result = text;
}
