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

/** Splits `*XX,id,type,...#`; null when it is not one (or the id is not digits). */
export function splitH02Text(frame: string): H02Text | null {
  const stop = frame.indexOf('#');
  if (frame[0] !== '*' || stop < 0) return null;
  if (frame.slice(stop + 1).trim() !== '') return null;
  const body = frame.slice(1, stop);
  const fields = body.split(',');
  for (let i = 0; i < fields.length; i++) fields[i] = fields[i].trim();
  if (fields.length < 3 || fields[0].length !== 2) return null;
  const id = fields[1];
  if (id !== '' && !/^\d{1,20}$/.test(id)) return null;
  return {
    maker: fields[0],
    id: id === '' ? null : id,
    type: fields[2].toUpperCase(),
    fields,
    body,
  };
}

const SIX = /^(\d\d)(\d\d)(\d\d)$/;

/** UTC time of hhmmss + ddmmyy; `now` without a valid date; near `now` when only the date. */
export function fixTimeOf(time: string, date: string, now: number): number {
  const d = SIX.exec(date);
  if (!d) return now;
  const [day, month, year] = [Number(d[1]), Number(d[2]), 2000 + Number(d[3])];
  if (day < 1 || day > 31 || month < 1 || month > 12) return now;
  const t = SIX.exec(time);
  const [h, m, s] = t ? [Number(t[1]), Number(t[2]), Number(t[3])] : [99, 0, 0];
  if (h > 23 || m > 59 || s > 59) {
    // A date without a time of day (VP1, an empty time field): the message is current unless
    // its date says otherwise.
    const midnight = Date.UTC(year, month - 1, day);
    return Math.abs(now - midnight) < 2 * DAY ? now : midnight;
  }
  return Date.UTC(year, month - 1, day, h, m, s);
}

/** A coordinate in one of the three notations, signed by its hemisphere; null if not one. */
export function coordinate(value: string, hemisphere: string, axis: 'NS' | 'EW'): number | null {
  if (hemisphere.length !== 1 || !axis.includes(hemisphere)) return null;
  let m = /^-(\d{1,3})-(\d{1,2}\.\d{1,8})$/.exec(value);
  let deg: number;
  let min: number;
  if (m) [deg, min] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{0,3})(\d\d\.\d{1,8})$/.exec(value)))
    [deg, min] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,3})(\d\d)(\d{4})$/.exec(value)))
    [deg, min] = [Number(m[1]), Number(`${m[2]}.${m[3]}`)];
  else return null;
  if (min >= 60) return null;
  const v = deg + min / 60;
  if (v > (axis === 'NS' ? 90 : 180)) return null;
  return hemisphere === 'S' || hemisphere === 'W' ? -v : v;
}

const NUMBER = /^\d{1,6}(\.\d{0,6})?$/;
const HEX8 = /^[0-9a-fA-F]{8}$/;
const isDate = (s: string | undefined) => s === '' || (s !== undefined && /^\d{6}$/.test(s));

/** A valid position block at f[p] (time) gives the record and where its tail starts. */
export function positionAt(
  f: string[],
  p: number,
  ctx: TextContext,
): { rec: DeviceRecord; tail: number } | null {
  if (f.length < p + 8) return null;
  const [time, validity] = [f[p], f[p + 1]];
  if (time !== '' && !SIX.test(time)) return null;
  if (!/^([ABV]|\d{1,2})?$/.test(validity)) return null;
  const lat = coordinate(f[p + 2], f[p + 3], 'NS');
  const lon = coordinate(f[p + 4], f[p + 5], 'EW');
  if (lat === null || lon === null) return null;
  const [speed, course] = [f[p + 6], f[p + 7]];
  if ((speed !== '' && !NUMBER.test(speed)) || (course !== '' && !NUMBER.test(course))) return null;
  let d = p + 8;
  // An optional battery field before the date.
  if (!isDate(f[d]) && /^\d{1,3}$/.test(f[d] ?? '') && isDate(f[d + 1])) d++;
  const date = f[d] ?? '';
  if (!isDate(date)) return null;
  const rec = h02Record(ctx.deviceId, fixTimeOf(time, date, ctx.now));
  rec.hasLocation = true;
  rec.valid = validity === 'A' || validity === 'B' || /^\d+$/.test(validity);
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
  if (HEX8.test(f[t] ?? '')) s = t;
  else if (HEX8.test(f[t + 3] ?? '')) {
    // V19: an empty field, the SIM's number (or the server's address) and the ICCID.
    s = t + 3;
    const iccid = /^(89\d{16,18})/.exec(f[t + 2]);
    if (iccid) rec.attributes.iccid = iccid[1];
  }
  if (s < 0) return;
  applyH02Status(rec, parseInt(f[s], 16), previous);
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
    if (!/^[ABV]$/.test(f[p + 1]) || !SIX.test(f[p])) continue;
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
