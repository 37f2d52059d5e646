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
  decimalValueIn,
  fixedPointTest,
  hexRun,
  isDigit,
  splitFields,
  utcMillis,
} from './text-fields';

/** No text message of any model comes near this (the corpus's longest is 366 bytes). */
export const QUECLINK_MAX_FRAME = 4096;

/** s[a..b) is a longitude or latitude (see isCoordinate). */
export const coordinateText = fixedPointTest(3, 6, true);

/**
 * A message's fields as ranges of its text (field i is text[start(i)..end(i))), so that checking
 * and parsing a field makes no string: only the ones a record keeps are cut out (`at`). One
 * instance is split again for every message (no allocation per message): what it says holds until
 * its next `split`.
 */
export class Fields {
  text = '';
  length = 0;
  /** bounds[i]: where field i starts; bounds[length]: one past the text's end. */
  private readonly bounds: Int32Array;

  /** For texts of up to `maxLength` characters. */
  constructor(maxLength: number) {
    this.bounds = new Int32Array(maxLength + 2);
  }

  /** Splits `text` (at most the constructor's `maxLength` characters) at its commas. */
  split(text: string): this {
    const { bounds } = this;
    let n = 1;
    for (let c = text.indexOf(','); c >= 0; c = text.indexOf(',', c + 1)) bounds[n++] = c + 1;
    bounds[n] = text.length + 1;
    this.text = text;
    this.length = n;
    return this;
  }

  /** Where field i starts (i within 0..length-1). */
  start(i: number): number {
    return this.bounds[i];
  }

  /** One past field i's last character (i within 0..length-1). */
  end(i: number): number {
    return this.bounds[i + 1] - 1;
  }

  /** True when field i exists. */
  has(i: number): boolean {
    return i >= 0 && i < this.length;
  }

  /** Field i's length (0 when there is no field i). */
  width(i: number): number {
    return this.has(i) ? this.bounds[i + 1] - 1 - this.bounds[i] : 0;
  }

  /** Field i as a string, or undefined when there is no field i. */
  at(i: number): string | undefined {
    return this.has(i) ? this.text.slice(this.bounds[i], this.bounds[i + 1] - 1) : undefined;
  }

  /** Whether field i exists and `test` accepts it. */
  is(i: number, test: (s: string, a: number, b: number) => boolean): boolean {
    return this.has(i) && test(this.text, this.bounds[i], this.bounds[i + 1] - 1);
  }

  /** Field i parsed by `parse`, or undefined when there is no field i. */
  read<T>(i: number, parse: (s: string, a: number, b: number) => T | undefined): T | undefined {
    return this.has(i) ? parse(this.text, this.bounds[i], this.bounds[i + 1] - 1) : undefined;
  }
}

/**
 * A longitude or latitude as the protocol writes them, degrees with six decimals:
 * /^-?\d{1,3}\.\d{6}$/.
 */
export const isCoordinate = (s: string | undefined): s is string =>
  s !== undefined && coordinateText(s);

/** s[a..b) is a time as the devices write it, YYYYMMDDHHMMSS: /^\d{14}$/. */
export const timeText = (s: string, a: number, b: number): boolean =>
  b - a === 14 && allDigits(s, a, b);

/** A time as the devices write it, YYYYMMDDHHMMSS: /^\d{14}$/. */
export const isTime = (s: string | undefined): s is string =>
  s !== undefined && timeText(s, 0, s.length);

/**
 * s[a..b) is the unique id: an IMEI, or the 14 hex digits of a MEID (CDMA models):
 * /^(\d{15}|[0-9A-Fa-f]{14})$/.
 */
export function deviceIdText(s: string, a: number, b: number): boolean {
  if (b - a === 15) return allDigits(s, a, b);
  return b - a === 14 && allHex(s, a, b);
}

/** int of s[a..b). */
export function intText(s: string, a: number, b: number): number | undefined {
  const c = s.charCodeAt(a);
  const from = a < b && (c === 43 || c === 45) ? a + 1 : a;
  const digits = b - from;
  return digits >= 1 && digits <= 15 && allDigits(s, from, b)
    ? decimalValueIn(s, a, from, -1, b)
    : undefined;
}

/** An integer written in decimal (/^[+-]?\d{1,15}$/), or undefined. */
export const int = (s: string | undefined): number | undefined =>
  s === undefined ? undefined : intText(s, 0, s.length);

/** dec of s[a..b). */
export function decText(s: string, a: number, b: number): number | undefined {
  const c = s.charCodeAt(a);
  const from = a < b && (c === 43 || c === 45) ? a + 1 : a;
  let i = from;
  while (i < b && isDigit(s.charCodeAt(i))) i++;
  const whole = i - from;
  if (whole > 15) return undefined;
  if (i === b) return whole >= 1 ? decimalValueIn(s, a, from, -1, b) : undefined;
  if (s.charCodeAt(i) !== 46) return undefined;
  const fraction = b - i - 1;
  if (fraction > 12 || (whole === 0 && fraction === 0) || !allDigits(s, i + 1, b)) return undefined;
  return decimalValueIn(s, a, from, i, b);
}

/**
 * A decimal number ("12.5", "-0.951295", "7"), or undefined:
 * /^[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})$/.
 */
export const dec = (s: string | undefined): number | undefined =>
  s === undefined ? undefined : decText(s, 0, s.length);

/** hex of s[a..b). */
export function hexText(s: string, a: number, b: number): number | undefined {
  if (b - a < 1 || b - a > 13) return undefined;
  const v = hexRun(s, a, b);
  return v < 0 ? undefined : v;
}

/** An unsigned integer written in hex (up to 13 digits, exact in a double: /^[0-9A-Fa-f]{1,13}$/), or undefined. */
export const hex = (s: string | undefined): number | undefined =>
  s === undefined ? undefined : hexText(s, 0, s.length);

/** True when bit `n` of `mask` is set (masks up to 32 bits). */
export const bit = (mask: number, n: number): boolean => Math.floor(mask / 2 ** n) % 2 === 1;

/** time of s[a..b). */
export function timeOf(s: string, a: number, b: number): number | undefined {
  if (!timeText(s, a, b)) return undefined;
  const y = decimalRun(s, a, a + 4);
  const mo = decimalRun(s, a + 4, a + 6);
  const d = decimalRun(s, a + 6, a + 8);
  const h = decimalRun(s, a + 8, a + 10);
  const mi = decimalRun(s, a + 10, a + 12);
  const se = decimalRun(s, a + 12, a + 14);
  if (y < 1990 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) {
    return undefined;
  }
  return utcMillis(y, mo, d, h, mi, se);
}

/** YYYYMMDDHHMMSS (UTC, as the devices send every time) → epoch ms, or undefined. */
export const time = (s: string | undefined): number | undefined =>
  s === undefined ? undefined : timeOf(s, 0, s.length);

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
  setFix(rec, f.hdop, f.speed, f.course, f.altitude, f.lon, f.lat, f.time);
}

/** A field's value, undefined when it is missing or malformed. */
type Read = number | undefined;

/** applyFix of the block whose accuracy field is field `at` (no Fix made on the way). */
export function applyFixIn(rec: DeviceRecord, f: Fields, at: number): void {
  setFix(
    rec,
    f.read(at, decText),
    f.read(at + 1, decText),
    f.read(at + 2, decText),
    f.read(at + 3, decText),
    f.read(at + 4, decText),
    f.read(at + 5, decText),
    f.read(at + 6, timeOf),
  );
}

// prettier-ignore
function setFix(
  rec: DeviceRecord, hdop: Read, speed: Read, course: Read, altitude: Read, lon: Read, lat: Read, time: Read,
): void {
  if (hdop !== undefined) rec.attributes.hdop = hdop;
  rec.speed = speed !== undefined && speed >= 0 ? speed : 0;
  rec.course = course !== undefined && course >= 0 && course <= 360 ? course : 0;
  if (altitude !== undefined) rec.altitude = altitude;
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
  rec.hasLocation = true;
  rec.lat = lat;
  rec.lon = lon;
  rec.valid = hdop === undefined || hdop > 0;
  if (time !== undefined) rec.fixTime = time;
}

/** The serving cell: MCC, MNC (decimal), LAC and cell id (hex), kept for a later cell lookup. */
export function applyCell(rec: DeviceRecord, mcc: string, mnc: string, lac: string, cid: string) {
  return setCell(rec, int(mcc), int(mnc), hex(lac), hex(cid));
}

/** applyCell of the four fields from `at` on. */
export function applyCellIn(rec: DeviceRecord, f: Fields, at: number) {
  return setCell(
    rec,
    f.read(at, intText),
    f.read(at + 1, intText),
    f.read(at + 2, hexText),
    f.read(at + 3, hexText),
  );
}

function setCell(rec: DeviceRecord, m: Read, n: Read, l: Read, c: Read): boolean {
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

/** One text message: its fields, and what its header says. */
export class Message {
  private list: string[] | null = null;
  private readonly text: string;

  constructor(
    /** The fields (f.at(0) is the header, e.g. "+RESP:GTFRI"). */
    readonly f: Fields,
    /** The report type without "GT": FRI, ERI, SOS, ... */
    readonly type: string,
    readonly deviceId: string,
    /** Protocol version ('' in the oldest layout). */
    readonly version: string,
    /** Device type (upper case) the unit's model or the protocol version names; '' if unknown. */
    readonly model: string,
    /** The oldest layout: the IMEI in the second field, no protocol version before it. */
    readonly legacy: boolean,
    /** The message's send time (epoch ms), or the arrival time when it has none. */
    readonly at: number,
  ) {
    this.text = f.text;
  }

  /** The fields as strings, for the reports read field by field (cut out on first use). */
  get v(): string[] {
    return (this.list ??= splitFields(this.text));
  }
}
