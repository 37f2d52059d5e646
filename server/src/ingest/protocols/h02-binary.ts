// H02 binary records ("standard mode", ST-901 series Protocol, "The standard mode record coding
// format"): packed BCD, no length field, no checksum.
//
//   0     '$' (0x24), or 'X' (0x58) in X mode
//   1-5   device id, 10 BCD digits (X mode: mileage in units of 0.51444 m)
//         [some firmwares: 8 bytes, a 15-digit IMEI and a pad nibble]
//   +3    time hhmmss, +3 date ddmmyy (BCD, UTC)
//   +4    latitude DDMM.MMMM (8 digits)          +1 battery (Traccar's decodeBattery)
//   +5    longitude DDDMM.MMMM (9 digits) and a flags nibble: 8 east, 4 north, 2 valid (A)
//   +3    speed (3 digits, knots), course (hundreds nibble + 2 digits)
//   +4    vehicle status (u32)                   then user alarm flag, reserved, record number
//
// The manual's record is 32 bytes; captures also show 42 (8-byte id), 45, 46 and 48 bytes (cell
// and sensor extensions, not decoded). With no length on the wire the framer tells the layouts
// apart by where the next message starts (h02.ts).
import type { DeviceRecord } from '../types';
import { applyH02Status, h02Record, KNOTS } from './h02-status';

export const H02_BINARY = 0x24;
export const H02_X_MODE = 0x58;

/** Total lengths of the binary layouts, by id width. */
export const H02_SHORT_LENGTHS = [32, 45, 46, 48] as const;
export const H02_LONG_LENGTHS = [42] as const;
export const H02_BINARY_MAX = 48;

/** Bytes from the marker through the status word. */
export const binaryBody = (idBytes: number): number => 1 + idBytes + 3 + 3 + 4 + 1 + 5 + 3 + 4;

export type Plausible = 'yes' | 'no' | 'maybe';

const hi = (b: number) => b >> 4;
const lo = (b: number) => b & 0x0f;
const isBcd = (b: number) => hi(b) < 10 && lo(b) < 10;
const bcd = (b: number) => hi(b) * 10 + lo(b);

/**
 * Whether the bytes at `at` can start a binary record with an id of `idBytes` (5 or 8): every
 * field up to the course must be valid BCD in range. 'maybe' while the bytes seen so far fit but
 * more are needed (at most binaryBody - 4 bytes).
 */
export function binaryHeader(buf: Buffer, at: number, end: number, idBytes: 5 | 8): Plausible {
  const need = binaryBody(idBytes) - 4;
  const have = Math.min(end - at, need);
  const ok = (i: number): boolean => {
    const b = buf[at + i];
    const t = 1 + idBytes; // time
    if (i === 0) return b === H02_BINARY || b === H02_X_MODE;
    if (i < t) {
      // The last nibble of a long id pads the 15 digits.
      if (idBytes === 8 && i === 8) return hi(b) < 10 && (lo(b) < 10 || lo(b) === 0xf);
      return isBcd(b);
    }
    if (i < t + 6) {
      if (!isBcd(b)) return false;
      const v = bcd(b);
      return [v <= 23, v <= 59, v <= 59, v <= 31, v <= 12, true][i - t];
    }
    const lat = t + 6;
    if (i < lat + 4)
      return isBcd(b) && (i !== lat || bcd(b) <= 90) && (i !== lat + 1 || bcd(b) <= 59);
    const lon = lat + 5;
    if (i === lat + 4) return true; // battery
    if (i === lon) return isBcd(b) && bcd(b) <= 18;
    if (i === lon + 1) return isBcd(b) && bcd(b) % 10 <= 5; // last degree digit, first minute digit
    if (i < lon + 4) return isBcd(b);
    if (i === lon + 4) return hi(b) < 10; // last minute digit, flags
    const spd = lon + 5;
    if (i === spd) return isBcd(b);
    if (i === spd + 1) return hi(b) < 10 && lo(b) <= 3;
    return isBcd(b); // course tens and units
  };
  for (let i = 0; i < have; i++) if (!ok(i)) return 'no';
  return have === need ? 'yes' : 'maybe';
}

/** Digits of BCD bytes as a string (`nibbles` of them). */
function digits(buf: Buffer, at: number, nibbles: number): string {
  let s = '';
  for (let i = 0; i < nibbles; i++) {
    const b = buf[at + (i >> 1)];
    s += String(i % 2 ? lo(b) : hi(b));
  }
  return s;
}

/** Traccar's decodeBattery: the byte after the latitude as a battery level, % (null: none). */
export function binaryBatteryLevel(v: number): number | null {
  if (v === 0) return null;
  if (v <= 3) return (v - 1) * 10;
  if (v <= 6) return (v - 1) * 20;
  if (v <= 100) return v;
  if (v >= 0xf1 && v <= 0xf6) return v - 0xf0;
  return null;
}

export interface BinaryDecoded {
  /** The id the record carries; null in X mode (the connection's device). */
  deviceId: string | null;
  record: DeviceRecord;
  status: number;
}

/**
 * Decodes a whole binary record `buf[off..off+len)` (as the framer delimits it). The layout (5- or
 * 8-byte id) is the plausible one; a 42-byte span prefers the long id. Null when malformed.
 */
export function decodeH02Binary(
  buf: Buffer,
  off: number,
  len: number,
  connectionDevice: string | null,
  previous: (id: string) => number | undefined,
): BinaryDecoded | null {
  const end = off + len;
  const marker = buf[off];
  const xMode = marker === H02_X_MODE;
  const short = binaryHeader(buf, off, end, 5) === 'yes' && len >= binaryBody(5);
  const long = !xMode && binaryHeader(buf, off, end, 8) === 'yes' && len >= binaryBody(8);
  if (len > H02_BINARY_MAX || (!short && !long)) return null;
  const idBytes = long && (len === 42 || !short) ? 8 : 5;
  let p = off + 1;
  let deviceId: string | null;
  let mileage: number | undefined;
  if (xMode) {
    mileage = Number(digits(buf, p, 10));
    deviceId = null;
  } else deviceId = idBytes === 8 ? digits(buf, p, 15) : digits(buf, p, 10);
  const id = deviceId ?? connectionDevice;
  if (id === null) return null;
  p += idBytes;
  const [h, mi, s, d, mo, y] = [0, 1, 2, 3, 4, 5].map((i) => bcd(buf[p + i]));
  p += 6;
  const fixTime = Date.UTC(2000 + y, mo - 1, d, h, mi, s);
  if (d === 0 || mo === 0 || !Number.isFinite(fixTime)) return null;
  const latDigits = digits(buf, p, 8);
  let lat = Number(latDigits.slice(0, 2)) + Number(latDigits.slice(2)) / 10000 / 60;
  p += 4;
  const battery = binaryBatteryLevel(buf[p]);
  p += 1;
  const lonDigits = digits(buf, p, 9);
  let lon = Number(lonDigits.slice(0, 3)) + Number(lonDigits.slice(3)) / 10000 / 60;
  const flags = lo(buf[p + 4]);
  p += 5;
  if ((flags & 0x04) === 0) lat = -lat;
  if ((flags & 0x08) === 0) lon = -lon;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const speedKnots = Number(digits(buf, p, 3));
  const course = lo(buf[p + 1]) * 100 + bcd(buf[p + 2]);
  p += 3;
  const status = buf.readUInt32BE(p);

  const rec = h02Record(id, fixTime);
  rec.hasLocation = true;
  rec.valid = (flags & 0x02) !== 0;
  rec.lat = lat;
  rec.lon = lon;
  rec.speed = speedKnots * KNOTS;
  rec.course = course % 360;
  if (battery !== null) rec.batteryLevel = battery;
  if (mileage !== undefined) rec.odometer = Math.round(mileage * 0.51444);
  applyH02Status(rec, status, previous(id));
  return { deviceId, record: rec, status };
}
