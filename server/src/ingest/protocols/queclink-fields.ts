// Field-level helpers of the Queclink @Track text decoders: safe number and time parsing (never
// throwing, undefined for anything malformed), the record every report starts from, the GPS block
// every position report carries and the device-status word. Pure functions.
//
// A position block (@Track air interface protocol, e.g. GV300 TRACGV300AN002 §3.3.1 +RESP:GTFRI):
//   <GPS accuracy>,<speed km/h>,<azimuth>,<altitude m>,<longitude>,<latitude>,<GPS UTC time>,
//   <MCC>,<MNC>,<LAC hex>,<cell id hex>,<reserved | position append mask | odometer>
// GPS accuracy is the HDOP: 0 means no fix now (the last known position is repeated).
import { blankRecord, type DeviceRecord } from '../types';
import {
  allDigits,
  allHex,
  decimalRun,
  decimalValue,
  fixedPointTest,
  hexRun,
  isDigit,
  signLength,
  utcMillis,
} from './text-fields';

const coordinateText = fixedPointTest(3, 6, true);

/**
 * A longitude or latitude as the protocol writes them, degrees with six decimals:
 * /^-?\d{1,3}\.\d{6}$/.
 */
export const isCoordinate = (s: string | undefined): s is string =>
  s !== undefined && coordinateText(s);

/** A time as the devices write it, YYYYMMDDHHMMSS: /^\d{14}$/. */
export const isTime = (s: string | undefined): s is string =>
  s !== undefined && s.length === 14 && allDigits(s, 0, 14);

/** The unique id: an IMEI, or the 14 hex digits of a MEID (CDMA models): /^(\d{15}|[0-9A-Fa-f]{14})$/. */
export function isDeviceId(s: string | undefined): s is string {
  if (s === undefined) return false;
  if (s.length === 15) return allDigits(s, 0, 15);
  return s.length === 14 && allHex(s, 0, 14);
}

/** An integer written in decimal (/^[+-]?\d{1,15}$/), or undefined. */
export function int(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const from = signLength(s);
  const digits = s.length - from;
  return digits >= 1 && digits <= 15 && allDigits(s, from, s.length)
    ? decimalValue(s, from, -1)
    : undefined;
}

/**
 * A decimal number ("12.5", "-0.951295", "7"), or undefined:
 * /^[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})$/.
 */
export function dec(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const n = s.length;
  const from = signLength(s);
  let i = from;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  const whole = i - from;
  if (whole > 15) return undefined;
  if (i === n) return whole >= 1 ? decimalValue(s, from, -1) : undefined;
  if (s.charCodeAt(i) !== 46) return undefined;
  const fraction = n - i - 1;
  if (fraction > 12 || (whole === 0 && fraction === 0) || !allDigits(s, i + 1, n)) return undefined;
  return decimalValue(s, from, i);
}

/** An unsigned integer written in hex (up to 13 digits, exact in a double: /^[0-9A-Fa-f]{1,13}$/), or undefined. */
export function hex(s: string | undefined): number | undefined {
  if (s === undefined || s.length < 1 || s.length > 13) return undefined;
  const v = hexRun(s, 0, s.length);
  return v < 0 ? undefined : v;
}

/** True when bit `n` of `mask` is set (masks up to 32 bits). */
export const bit = (mask: number, n: number): boolean => Math.floor(mask / 2 ** n) % 2 === 1;

/** YYYYMMDDHHMMSS (UTC, as the devices send every time) → epoch ms, or undefined. */
export function time(s: string | undefined): number | undefined {
  if (!isTime(s)) return undefined;
  const y = decimalRun(s, 0, 4);
  const mo = decimalRun(s, 4, 6);
  const d = decimalRun(s, 6, 8);
  const h = decimalRun(s, 8, 10);
  const mi = decimalRun(s, 10, 12);
  const se = decimalRun(s, 12, 14);
  if (y < 1990 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) {
    return undefined;
  }
  return utcMillis(y, mo, d, h, mi, se);
}

/** An hour meter "hhhhh:mm:ss" (or "hhhhh", "hhhhh:mm") → milliseconds, or undefined. */
export function hours(s: string | undefined): number | undefined {
  if (!s || !/^\d{1,7}(:\d{1,2}){0,2}$/.test(s)) return undefined;
  const [h, m = '0', sec = '0'] = s.split(':');
  return (Number(h) * 3600 + Number(m) * 60 + Number(sec)) * 1000;
}

/** Sets an attribute when the value is defined. */
export function put(
  rec: DeviceRecord,
  key: string,
  value: number | string | boolean | undefined,
): void {
  if (value !== undefined && !(typeof value === 'number' && !Number.isFinite(value))) {
    rec.attributes[key] = value;
  }
}

/** A record without a location, stamped with the message's time. */
export function newRecord(deviceId: string, at: number): DeviceRecord {
  return blankRecord('queclink', deviceId, at);
}

/** What a position block says before it is applied. */
export interface Fix {
  hdop?: number;
  speed?: number;
  course?: number;
  altitude?: number;
  lon?: number;
  lat?: number;
  time?: number;
}

/**
 * Applies a fix: the location only when it is inside the earth's ranges. The device repeats its
 * last known position with accuracy 0 when it has no fix now: stored, but not valid.
 */
export function applyFix(rec: DeviceRecord, f: Fix): void {
  if (f.hdop !== undefined) rec.attributes.hdop = f.hdop;
  rec.speed = f.speed !== undefined && f.speed >= 0 ? f.speed : 0;
  rec.course = f.course !== undefined && f.course >= 0 && f.course <= 360 ? f.course : 0;
  if (f.altitude !== undefined) rec.altitude = f.altitude;
  const { lat, lon } = f;
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
  rec.hasLocation = true;
  rec.lat = lat;
  rec.lon = lon;
  rec.valid = f.hdop === undefined || f.hdop > 0;
  if (f.time !== undefined) rec.fixTime = f.time;
}

/** The serving cell: MCC, MNC (decimal), LAC and cell id (hex), kept for a later cell lookup. */
export function applyCell(rec: DeviceRecord, mcc: string, mnc: string, lac: string, cid: string) {
  const m = int(mcc);
  const n = int(mnc);
  const l = hex(lac);
  const c = hex(cid);
  if (m === undefined || n === undefined || l === undefined || c === undefined) return false;
  // CDMA models write SID/NID/BID here (SID > 999); "0000,0000,0000,0000" means no cell.
  if (m > 999 || (m === 0 && l === 0 && c === 0)) return false;
  rec.attributes.mcc = m;
  rec.attributes.mnc = n;
  rec.attributes.lac = l;
  rec.attributes.cid = c;
  return true;
}

/** A block's fix read at `at` (the accuracy field), by position. */
export function fixAt(v: readonly string[], at: number): Fix {
  return {
    hdop: dec(v[at]),
    speed: dec(v[at + 1]),
    course: dec(v[at + 2]),
    altitude: dec(v[at + 3]),
    lon: dec(v[at + 4]),
    lat: dec(v[at + 5]),
    time: time(v[at + 6]),
  };
}

/**
 * The device status word (6 hex digits: ignition state, digital inputs, digital outputs), as GV
 * models send it in +RESP:GTFRI/GTERI: bit 4 of the first byte = ignition off, bit 5 = on.
 */
export function applyStatus(rec: DeviceRecord, value: number): void {
  const state = Math.floor(value / 0x10000) & 0xff;
  if (state & 0x10) rec.ignition = false;
  else if (state & 0x20) rec.ignition = true;
  const input = Math.floor(value / 0x100) & 0xff;
  const output = value & 0xff;
  rec.inputs = input;
  rec.attributes.in1 = (input & 0x02) !== 0;
  rec.attributes.in2 = (input & 0x04) !== 0;
  rec.outputs = output;
  rec.attributes.out1 = (output & 0x01) !== 0;
  rec.attributes.out2 = (output & 0x02) !== 0;
}

/** An analog input as GV models send it: millivolts, or "F<n>" for a fuel sensor reading. */
export function applyAnalog(rec: DeviceRecord, index: number, s: string): void {
  if (s.startsWith('F')) put(rec, `fuel${index}`, int(s.slice(1)));
  else {
    const mv = int(s);
    if (mv !== undefined) rec.attributes[`adc${index}`] = mv / 1000;
  }
}

/** One text message split into its fields (v[0] is the header, e.g. "+RESP:GTFRI"). */
export interface Message {
  v: string[];
  /** The report type without "GT": FRI, ERI, SOS, ... */
  type: string;
  deviceId: string;
  /** Protocol version ('' in the oldest layout). */
  version: string;
  /** Device type (upper case) the unit's model or the protocol version names; '' if unknown. */
  model: string;
  /** The oldest layout: the IMEI in the second field, no protocol version before it. */
  legacy: boolean;
  /** The message's send time (epoch ms), or the arrival time when it has none. */
  at: number;
}
