// H02 text messages: `*XX,<id>,<type>,...#` (XX the maker, e.g. HQ or TH). The position block is
// the one of the manuals' "General Message" (ST-901 series Protocol §3; GPS Tracker Communication
// Protocol V1.0.5 §二.3) with the variants Traccar's H02ProtocolDecoder accepts:
//
//   hhmmss, A|V|B (or a coding-scheme digit: valid), lat, N|S, lon, E|W, speed (knots), course,
//   [battery,] ddmmyy [, 3 SIM fields (V19)] [, status (8 hex) [, odometer, temp, fuel, altitude,
//   lac, cid | other fields kept as io1..ioN]]
//
// Coordinates come as DDMM.MMMM (degrees may be short or missing), DDMMMMMM (no point) or
// -DD-MM.MMMM (some clones). Pure functions; every field is checked before it is used.
import type { DeviceRecord } from '../types';
import { addEvent, addAlarmName } from './events';
import { applyH02Status, h02Record, KNOTS } from './h02-status';
import {
  allDigits,
  decimalValue,
  digitsTest,
  hexTest,
  splitFields,
  utcMillis,
} from './text-fields';

/** A text message split into its fields (trimmed); fields[0] is the maker, [1] the id, [2] the type. */
export interface H02Text {
  maker: string;
  /** Digits; null when the message carries none (an empty id field). */
  id: string | null;
  type: string;
  fields: string[];
  /** Everything between '*' and '#'. */
  body: string;
}

export interface TextContext {
  deviceId: string;
  now: number;
  previous?: number;
}

const MAX_IO = 16;
const DAY = 24 * 3600_000;

/** What String.prototype.trim() removes, as far as latin1 text can hold it. */
const isSpace = (c: number): boolean => (c >= 9 && c <= 13) || c === 32 || c === 0xa0;

/** Splits `*XX,id,type,...#`; null when it is not one (or the id is not digits). */
export function splitH02Text(frame: string): H02Text | null {
  const stop = frame.indexOf('#');
  if (frame.charCodeAt(0) !== 42 || stop < 0) return null;
  for (let i = stop + 1; i < frame.length; i++) if (!isSpace(frame.charCodeAt(i))) return null;
  const body = frame.slice(1, stop);
  const fields = splitFields(body);
  for (let i = 0; i < fields.length; i++) {
    // Trimmed only where there is something to trim: most fields have nothing.
    const f = fields[i];
    if (f && (isSpace(f.charCodeAt(0)) || isSpace(f.charCodeAt(f.length - 1)))) {
      fields[i] = f.trim();
    }
  }
  if (fields.length < 3 || fields[0].length !== 2) return null;
  const id = fields[1];
  if (id !== '' && !isId(id)) return null;
  return {
    maker: fields[0],
    id: id === '' ? null : id,
    type: fields[2].toUpperCase(),
    fields,
    body,
  };
}

/** A device id: /^\d{1,20}$/. */
const isId = digitsTest(1, 20);
const six = digitsTest(6);
/** hhmmss or ddmmyy: /^\d{6}$/. */
const isSix = (s: string | undefined): s is string => s !== undefined && six(s);

/** The number of the two digits at s[i]. */
const two = (s: string, i: number): number =>
  (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/** UTC time of hhmmss + ddmmyy; `now` without a valid date; near `now` when only the date. */
export function fixTimeOf(time: string, date: string, now: number): number {
  if (!isSix(date)) return now;
  const day = two(date, 0);
  const month = two(date, 2);
  const year = 2000 + two(date, 4);
  if (day < 1 || day > 31 || month < 1 || month > 12) return now;
  const timed = isSix(time);
  const h = timed ? two(time, 0) : 99;
  const m = timed ? two(time, 2) : 0;
  const s = timed ? two(time, 4) : 0;
  if (h > 23 || m > 59 || s > 59) {
    // A date without a time of day (VP1, an empty time field): the message is current unless
    // its date says otherwise.
    const midnight = utcMillis(year, month, day, 0, 0, 0);
    return Math.abs(now - midnight) < 2 * DAY ? now : midnight;
  }
  return utcMillis(year, month, day, h, m, s);
}

/** A coordinate in one of the three notations, signed by its hemisphere; null if not one. */
export function coordinate(value: string, hemisphere: string, axis: 'NS' | 'EW'): number | null {
  if (hemisphere.length !== 1 || !axis.includes(hemisphere)) return null;
  let deg: number;
  let min: number;
  const point = value.indexOf('.');
  if (value.charCodeAt(0) !== 45 && point >= 2) {
    // DDMM.MMMM (/^(\d{0,3})(\d\d\.\d{1,8})$/), by far the most common: read in place.
    const fraction = value.length - point - 1;
    if (point > 5 || fraction < 1 || fraction > 8) return null;
    if (!allDigits(value, 0, point) || !allDigits(value, point + 1, value.length)) return null;
    deg = 0;
    for (let i = 0; i < point - 2; i++) deg = deg * 10 + value.charCodeAt(i) - 48;
    min = decimalValue(value, point - 2, point);
  } else {
    let m = /^-(\d{1,3})-(\d{1,2}\.\d{1,8})$/.exec(value);
    if (m) [deg, min] = [Number(m[1]), Number(m[2])];
    else if ((m = /^(\d{1,3})(\d\d)(\d{4})$/.exec(value)))
      [deg, min] = [Number(m[1]), Number(`${m[2]}.${m[3]}`)];
    else return null;
  }
  if (min >= 60) return null;
  const v = deg + min / 60;
  if (v > (axis === 'NS' ? 90 : 180)) return null;
  return hemisphere === 'S' || hemisphere === 'W' ? -v : v;
}

/** Speed or course: /^\d{1,6}(\.\d{0,6})?$/. */
function isNumber(s: string): boolean {
  const point = s.indexOf('.');
  if (point < 0) return s.length >= 1 && s.length <= 6 && allDigits(s, 0, s.length);
  return (
    point >= 1 &&
    point <= 6 &&
    s.length - point - 1 <= 6 &&
    allDigits(s, 0, point) &&
    allDigits(s, point + 1, s.length)
  );
}
/** The status word: /^[0-9a-fA-F]{8}$/. */
const isHex8 = hexTest(8);
/** A date field, possibly empty: /^(\d{6})?$/. */
const isDate = (s: string | undefined) => s === '' || (s !== undefined && isSix(s));
/** A battery field: /^\d{1,3}$/. */
const isBattery = digitsTest(1, 3);
const isCodingScheme = digitsTest(1, 2);
/** The validity field: /^([ABV]|\d{1,2})?$/. */
const isValidity = (s: string): boolean =>
  s === '' || s === 'A' || s === 'B' || s === 'V' || isCodingScheme(s);

/** A valid position block at f[p] (time) gives the record and where its tail starts. */
export function positionAt(
  f: string[],
  p: number,
  ctx: TextContext,
): { rec: DeviceRecord; tail: number } | null {
  if (f.length < p + 8) return null;
  const time = f[p];
  const validity = f[p + 1];
  if (time !== '' && !isSix(time)) return null;
  if (!isValidity(validity)) return null;
  const lat = coordinate(f[p + 2], f[p + 3], 'NS');
  const lon = coordinate(f[p + 4], f[p + 5], 'EW');
  if (lat === null || lon === null) return null;
  const speed = f[p + 6];
  const course = f[p + 7];
  if ((speed !== '' && !isNumber(speed)) || (course !== '' && !isNumber(course))) return null;
  let d = p + 8;
  // An optional battery field before the date.
  if (!isDate(f[d]) && isBattery(f[d] ?? '') && isDate(f[d + 1])) d++;
  const date = f[d] ?? '';
  if (!isDate(date)) return null;
  const rec = h02Record(ctx.deviceId, fixTimeOf(time, date, ctx.now));
  rec.hasLocation = true;
  rec.valid = validity === 'A' || validity === 'B' || (validity !== '' && validity !== 'V');
  rec.lat = lat;
  rec.lon = lon;
  rec.speed = Number(speed || 0) * KNOTS;
  rec.course = Number(course || 0) % 360;
  return { rec, tail: d + 1 };
}

/** Odometer, temperature, fuel, altitude, LAC and cell id after the status word. */
const SIX_TAIL = [/^\d+$/, /^-?\d+$/, /^\d+\.\d+$/, /^-?\d+$/, /^[0-9a-fA-F]+$/, /^[0-9a-fA-F]+$/];

/** The fields after the date: SIM info, the status word and what follows it. */
export function applyTail(rec: DeviceRecord, f: string[], t: number, previous?: number): void {
  let s = -1;
  if (isHex8(f[t] ?? '')) s = t;
  else if (isHex8(f[t + 3] ?? '')) {
    // V19: an empty field, the SIM's number (or the server's address) and the ICCID.
    s = t + 3;
    const iccid = /^(89\d{16,18})/.exec(f[t + 2]);
    if (iccid) rec.attributes.iccid = iccid[1];
  }
  if (s < 0) return;
  applyH02Status(rec, parseInt(f[s], 16), previous);
  if (f.length === s + 1) return;
  const rest = f.slice(s + 1);
  if (rest.length === 6 && rest.every((v, i) => SIX_TAIL[i].test(v)) && rest[4].length <= 8) {
    rec.odometer = Number(rest[0]);
    rec.attributes.temp1 = Number(rest[1]);
    rec.attributes.fuel = Number(rest[2]);
    rec.altitude = Number(rest[3]);
    rec.attributes.lac = parseInt(rest[4], 16);
    if (rest[5].length <= 12) rec.attributes.cid = parseInt(rest[5], 16);
    return;
  }
  rest.slice(0, MAX_IO).forEach((v, i) => {
    if (v !== '') rec.attributes[`io${i + 1}`] = v;
  });
}

/** A V-type position message (V1, V2, V5, V6, V8, V19, VI1, ...): null when it has no fix. */
export function decodeTextPosition(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const pos = positionAt(m.fields, 3, ctx);
  if (!pos) return null;
  applyTail(pos.rec, m.fields, pos.tail, ctx.previous);
  return pos.rec;
}

/**
 * V4, a device's answer to a command: `V4,<cmd>[,<result>...],<command time>,<position block>`
 * (ST-901 "Confirm Message"; V1.0.5 §二.5), or `V4,<cmd>[,...]` alone. `result` keeps the text
 * before the position block, as Traccar does.
 */
export function decodeTextAnswer(m: H02Text, ctx: TextContext): DeviceRecord {
  const f = m.fields;
  for (let p = 4; p + 8 <= f.length; p++) {
    if (!/^[ABV]$/.test(f[p + 1]) || !isSix(f[p])) continue;
    const pos = positionAt(f, p, ctx);
    if (!pos) continue;
    applyTail(pos.rec, f, pos.tail, ctx.previous);
    pos.rec.attributes.result = f.slice(3, p).join(',');
    return pos.rec;
  }
  const rec = h02Record(ctx.deviceId, ctx.now);
  rec.attributes.result = f.slice(3).join(',');
  return rec;
}

/**
 * ALRM (V1.0.5 §三.5): `ALRM,<type>,<position block as VI1>` with type 1 SOS, 2 low battery,
 * 3 geofence; a message without a usable position is kept as an alarm without location.
 */
export function decodeTextAlarm(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const type = m.fields[3];
  if (!/^\d{1,3}$/.test(type ?? '')) return null;
  const pos = positionAt(m.fields, 4, ctx);
  const rec = pos?.rec ?? h02Record(ctx.deviceId, ctx.now);
  if (pos) applyTail(rec, m.fields, pos.tail, ctx.previous);
  rec.attributes.event = Number(type);
  if (type === '1') addEvent(rec, 'panic');
  else if (type === '2') addEvent(rec, 'low_battery');
  else if (type === '3') addAlarmName(rec, 'geofence');
  return rec;
}

/**
 * VP1, the "simple version" (V1.0.5 §三.0): `VP1,A|B,lat,N,lon,E,speed,course,ddmmyy[,status]`
 * (no time of day), or `VP1,V,mcc,mnc,lac,cid,rssiYlac,cid,rssiY...` (cells only).
 */
export function decodeVp1(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const f = m.fields;
  if (f[3] === 'V') {
    const cells = m.body.split(',').slice(6).join(',');
    const rec = h02Record(ctx.deviceId, ctx.now);
    if (!/^\d{1,3}$/.test(f[4] ?? '') || !/^\d{1,3}$/.test(f[5] ?? '')) return null;
    if (!applyCells(rec, Number(f[4]), Number(f[5]), cells.split('Y'), 3)) return null;
    return rec;
  }
  if (f[3] !== 'A' && f[3] !== 'B') return null;
  // The block of a V1 without its time of day.
  const g = [f[0], f[1], f[2], '', ...f.slice(3)];
  const pos = positionAt(g, 3, ctx);
  if (!pos) return null;
  applyTail(pos.rec, g, pos.tail, ctx.previous);
  return pos.rec;
}

/**
 * Cell towers `lac,cid,rssi` (or `lac,cid,rssi,x` when `width` is 4) kept as attributes: the
 * serving cell as mcc/mnc/lac/cid, all of them as `cells` ("lac:cid:rssi;..."). The list must
 * hold whole cells only; false when it does not.
 */
export function applyCells(
  rec: DeviceRecord,
  mcc: number,
  mnc: number,
  items: string[],
  width: 3 | 4,
): boolean {
  const cells: string[] = [];
  for (const item of items) {
    const v = item.split(',').map((s) => s.trim());
    if (v.length === 1 && v[0] === '') continue;
    if (v.length < 3 || v.length > width || !/^\d{1,10}$/.test(v[0]) || !/^\d{1,12}$/.test(v[1]))
      return false;
    if (v[2] !== '' && !/^-?\d{1,4}$/.test(v[2])) return false;
    cells.push(`${Number(v[0])}:${Number(v[1])}:${v[2] === '' ? '' : Number(v[2])}`);
    if (cells.length >= 16) break;
  }
  if (!cells.length) return false;
  rec.attributes.mcc = mcc;
  rec.attributes.mnc = mnc;
  const [lac, cid] = cells[0].split(':');
  rec.attributes.lac = Number(lac);
  rec.attributes.cid = Number(cid);
  rec.attributes.cells = cells.join(';');
  return true;
}
