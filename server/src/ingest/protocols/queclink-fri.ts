// Queclink position reports of the +RESP:GTFRI family (GTFRI fixed reports, GTGEO, GTRTL, GTDOG,
// GTCTN, GTSTR), whose layout differs by model: a header (external power, report id/type, number
// of positions, ...), one or more position blocks, then a model-specific tail (odometer, hour
// meter, analog inputs, battery %, device status, ...). The blocks are found by their longitude,
// latitude and time fields; the header and the tail are read by matching the layouts Traccar's
// Gl200TextProtocolDecoder (PATTERN_FRI) accepts. And the generic decoder (Traccar decodeBasic)
// for every other report: the first position block and cell found, and the alarm the report
// type means.
import type { DeviceRecord } from '../types';
import { addAlarmName, addEvent } from './events';
import {
  allDigits,
  allUpperAlnum,
  digitsTest,
  fixedPointTest,
  hexTest,
  orEmpty,
  type FieldTest,
} from './text-fields';
import {
  applyAnalog,
  applyCell,
  applyFix,
  applyStatus,
  dec,
  fixAt,
  hex,
  hours,
  int,
  isCoordinate,
  newRecord,
  put,
  isTime,
} from './queclink-fields';
import type { Message } from './queclink-fields';

/** One field of a layout: its pattern ('' allowed where the content is optional). */
interface Slot {
  /** The pattern, as documentation and for the tests; `test` is what runs. */
  re: RegExp;
  test: FieldTest;
  key?: keyof Values;
  /** The whole field may be missing from the layout. */
  optional?: boolean;
}

/** What the header's and the tail's slots picked up (undefined: not in the message). */
class Values {
  power?: string;
  reportType?: string;
  battery?: string;
  batteryMv?: string;
  level?: string;
  temp?: string;
  odometer?: string;
  hours?: string;
  adc1?: string;
  adc2?: string;
  status?: string;
  rpm?: string;
  fuel?: string;
  rssi?: string;
}

/** The field each slot took in the match under way (-1: none); no layout has 16 slots. */
const taken = new Int32Array(16);

/** Matches fields v[from..to) against slots, present-first for optional ones (like a regex). */
function matchSlots(
  slots: readonly Slot[],
  v: readonly string[],
  from: number,
  to: number,
  whole: boolean,
): Values | null {
  taken.fill(-1, 0, slots.length);
  if (!matchFrom(slots, 0, v, from, to, whole)) return null;
  const got = new Values();
  for (let i = 0; i < slots.length; i++) {
    const key = slots[i].key;
    if (key && taken[i] >= 0) got[key] = v[taken[i]];
  }
  return got;
}

/**
 * Backtracking step of matchSlots: whether slots[si..] match from v[vi], noting in `taken` the
 * field each slot matched (-1: none, an optional slot left out).
 */
function matchFrom(
  slots: readonly Slot[],
  si: number,
  v: readonly string[],
  vi: number,
  to: number,
  whole: boolean,
): boolean {
  if (si === slots.length) return !whole || vi === to;
  const slot = slots[si];
  if (vi < to && slot.test(v[vi])) {
    taken[si] = vi;
    if (matchFrom(slots, si + 1, v, vi + 1, to, whole)) return true;
    taken[si] = -1;
  }
  return slot.optional === true && matchFrom(slots, si + 1, v, vi, to, whole);
}

const anyDigits = digitsTest(0, Infinity);
const upTo2 = digitsTest(1, 2);
const upTo3 = digitsTest(1, 3);
const tenths = fixedPointTest(7, 1);
const anyHex = hexTest(0, Infinity);

/** A fuel consumption (/^(\d+\.?\d*|inf|nan)?$/i). */
function consumption(s: string): boolean {
  if (s === '') return true;
  const lower = s.toLowerCase();
  if (lower === 'inf' || lower === 'nan') return true;
  let i = 0;
  while (i < s.length && allDigits(s, i, i + 1)) i++;
  if (i === 0) return false;
  if (s.charCodeAt(i) === 46) i++;
  return allDigits(s, i, s.length);
}

/** Between the device name and the first position block. */
export const HEADER: Slot[] = [
  { re: /^\d*$/, test: anyDigits, key: 'power' },
  { re: /^\d{1,2}$/, test: upTo2, key: 'reportType', optional: true },
  { re: /^\d{1,2}$/, test: upTo2, optional: true }, // number of positions
  { re: /^\d*$/, test: anyDigits, optional: true }, // reserved
  { re: /^\d+$/, test: digitsTest(1, Infinity), key: 'battery', optional: true },
];

/** The tails after the last block, tried in order: GL5x/GT501, GV, battery + signal, short. */
export const TAILS: Slot[][] = [
  [
    { re: /^\d{1,2}$/, test: upTo2 },
    { re: /^(\d{1,5})?$/, test: digitsTest(0, 5), key: 'batteryMv' },
    { re: /^\d{1,3}$/, test: upTo3, key: 'level' },
    { re: /^[01]$/, test: (s) => s === '0' || s === '1' }, // mode
    { re: /^[01]?$/, test: (s) => s === '' || s === '0' || s === '1' }, // motion
    { re: /^(-?\d{1,2}\.\d)?$/, test: orEmpty(fixedPointTest(2, 1, true)), key: 'temp' },
  ],
  [
    { re: /^(\d{1,7}\.\d)?$/, test: orEmpty(tenths), key: 'odometer' },
    { re: /^(\d{5}:\d\d:\d\d)?$/, test: orEmpty(hourMeter), key: 'hours' },
    { re: /^([0-9A-Fa-f]+)?$/, test: anyHex, key: 'adc1' },
    { re: /^([0-9A-Fa-f]+)?$/, test: anyHex, key: 'adc2' },
    { re: /^\d*$/, test: anyDigits, optional: true }, // reserved
    { re: /^(\d{1,3})?$/, test: digitsTest(0, 3), key: 'level' },
    { re: /^([0-9A-Fa-f]{6})?$/, test: orEmpty(hexTest(6)), key: 'status' },
    { re: /^(\d+)?$/, test: anyDigits, key: 'rpm' },
    { re: /^(\d+\.?\d*|inf|nan)?$/i, test: consumption }, // fuel consumption
    { re: /^(\d+)?$/, test: anyDigits, key: 'fuel' },
  ],
  [
    {
      re: /^-?\d$/,
      test: (s) =>
        s.length - (s.charCodeAt(0) === 45 ? 1 : 0) === 1 && allDigits(s, s.length - 1, s.length),
      key: 'rssi',
    },
    { re: /^\d{1,3}$/, test: upTo3, key: 'level' },
  ],
  [
    { re: /^(\d{1,7}\.\d)?$/, test: orEmpty(tenths), key: 'odometer', optional: true },
    { re: /^(\d{1,3})?$/, test: digitsTest(0, 3), key: 'level' },
  ],
];

/** An hour meter hhhhh:mm:ss (/^\d{5}:\d\d:\d\d$/). */
function hourMeter(s: string): boolean {
  return (
    s.length === 11 &&
    s.charCodeAt(5) === 58 &&
    s.charCodeAt(8) === 58 &&
    allDigits(s, 0, 5) &&
    allDigits(s, 6, 8) &&
    allDigits(s, 9, 11)
  );
}

/** A Wi-Fi access point's MAC address (/^[0-9A-Fa-f]{12}$/). */
const isMac = hexTest(12);
/** A count number (/^[0-9A-Fa-f]{4}$/). */
const isCount = hexTest(4);
/** A VIN (/^[0-9A-Z]{17}$/). */
const isVin = (s: string): boolean => s.length === 17 && allUpperAlnum(s, 0, 17);

/** Where a position block's longitude is: lon, lat and time in a row. */
const isFixAt = (v: readonly string[], i: number): boolean =>
  isCoordinate(v[i]) && isCoordinate(v[i + 1]) && isTime(v[i + 2]);

/** The index of the block's last field (its reserved/odometer field), given its longitude. */
function blockEnd(v: readonly string[], lon: number): number {
  let i = lon + 3;
  // Wi-Fi access points between the time and the cell (GT501, GL50x): count, then 5 fields each.
  const n = int(v[i]);
  if (n !== undefined && n > 0 && isMac(v[i + 1] ?? '')) i += 1 + 5 * Math.min(n, v.length);
  return i + 4;
}

/** The block's cell, and its last field when that is an odometer (km). */
function cellAndOdometer(rec: DeviceRecord, v: readonly string[], end: number): void {
  applyCell(rec, v[end - 4], v[end - 3], v[end - 2], v[end - 1]);
  if (tenths(v[end] ?? '')) rec.odometer = Number(v[end]) * 1000;
}

const GEOFENCE_TYPES = new Set(['GEO', 'GES']);

/** A GTFRI-family report, or null when its layout is not one of the known ones. */
export function decodeFri(m: Message): DeviceRecord[] | null {
  const { v } = m;
  let name = 3;
  if (isVin(v[3])) name = 4; // VIN (GV500 and other OBD models)
  // Each block's longitude and its last field.
  const lons: number[] = [];
  const ends: number[] = [];
  for (let i = name + 5; i + 2 < v.length; i++) {
    if (!isFixAt(v, i)) continue;
    lons.push(i);
    i = blockEnd(v, i);
    ends.push(i);
  }
  if (!lons.length) return null;
  const header = matchSlots(HEADER, v, name + 1, lons[0] - 4, true);
  if (!header) return null;
  const last = ends[ends.length - 1];
  const tailEnd = isCount(v[v.length - 1]) ? v.length - 2 : v.length - 1;
  let tail: Values | null = null;
  for (const t of TAILS) if ((tail = matchSlots(t, v, last + 1, tailEnd, false))) break;
  if (!tail) return null;

  const records: DeviceRecord[] = [];
  for (let b = 0; b < lons.length; b++) {
    const rec = newRecord(m.deviceId, m.at);
    applyFix(rec, fixAt(v, lons[b] - 4));
    cellAndOdometer(rec, v, ends[b]);
    if (name === 4) rec.attributes.vin = v[3];
    records.push(rec);
  }
  const rec = records[records.length - 1];
  const power = int(header.power);
  if (power !== undefined && power > 10) rec.power = power / 1000;
  const battery = int(header.battery);
  if (battery !== undefined) rec.batteryLevel = battery;
  applyTail(rec, tail);
  const reportType = int(header.reportType);
  if (GEOFENCE_TYPES.has(m.type) && reportType !== undefined) {
    // <Report ID><Report Type>: the geofence id, then 1 = entered, 0 = left.
    addAlarmName(rec, reportType % 10 === 1 ? 'geofenceEnter' : 'geofenceExit');
    rec.attributes.geofence = Math.floor(reportType / 10);
  }
  return records;
}

function applyTail(rec: DeviceRecord, t: Values): void {
  const level = int(t.level);
  if (level !== undefined) rec.batteryLevel = level;
  const mv = int(t.batteryMv);
  if (mv !== undefined) rec.battery = mv / 1000;
  put(rec, 'temp1', dec(t.temp));
  const odometer = dec(t.odometer);
  if (odometer !== undefined) rec.odometer = odometer * 1000;
  put(rec, 'hours', hours(t.hours));
  if (t.adc1) applyAnalog(rec, 1, t.adc1);
  if (t.adc2) applyAnalog(rec, 2, t.adc2);
  const status = hex(t.status);
  if (status !== undefined) applyStatus(rec, status);
  put(rec, 'rpm', int(t.rpm));
  put(rec, 'fuel', int(t.fuel));
  const rssi = int(t.rssi);
  if (rssi !== undefined) rec.attributes.rssi = rssi;
}

type Alarm = Parameters<typeof addEvent>[1];

/** Report types that are alarms: our event (where there is one) and Traccar's alarm name. */
const ALARMS: Record<string, [Alarm | null, string]> = {
  SOS: ['panic', 'sos'],
  SPD: ['overspeed', 'overspeed'],
  TOW: ['towing', 'tow'],
  IDL: [null, 'idle'],
  PNA: [null, 'powerOn'],
  PFA: [null, 'powerOff'],
  EPN: ['power_restored', 'powerRestored'],
  MPN: ['power_restored', 'powerRestored'],
  EPF: ['power_cut', 'powerCut'],
  MPF: ['power_cut', 'powerCut'],
  BPL: ['low_battery', 'lowBattery'],
  STT: [null, 'movement'],
  SWG: [null, 'geofence'],
  TMP: [null, 'temperature'],
  TEM: [null, 'temperature'],
  JDR: ['gsm_jamming', 'jamming'],
  JDS: ['gsm_jamming', 'jamming'],
  CRA: ['crash', 'accident'],
};

/** The alarm a report type means, if any. */
export function addTypeAlarm(rec: DeviceRecord, type: string): void {
  const a = ALARMS[type];
  if (!a) return;
  if (a[0]) addEvent(rec, a[0], a[1]);
  else addAlarmName(rec, a[1]);
}

/** Harsh behaviour (+RESP:GTHBM): the report type's low digit names it. */
const HARSH: Record<number, Alarm> = {
  0: 'harsh_braking',
  1: 'harsh_acceleration',
  2: 'harsh_cornering',
  3: 'harsh_braking',
  4: 'harsh_acceleration',
};

/**
 * Any report (Traccar decodeBasic): the report type field's meaning for a few types, the first
 * position block and the first cell found, the battery % before the send time of located ones,
 * and the report type's alarm. Null when nothing at all was found.
 */
export function decodeBasic(m: Message): DeviceRecord | null {
  const { v, type } = m;
  const rec = newRecord(m.deviceId, m.at);
  const first = m.legacy ? 2 : 3;
  if (/^[0-9A-Fa-f]{1,2}$/.test(v[first + 2] ?? '')) {
    const rt = parseInt(v[first + 2], 16);
    if (type === 'NMR') rec.motion = rt === 1;
    else if (type === 'DIS') rec.attributes[`in${rt >> 4}`] = (rt & 0x0f) === 1;
    else if (type === 'IGL') rec.ignition = (rt & 0x0f) === 1;
    else if (type === 'HBM') {
      const harsh = HARSH[rt & 0x0f];
      if (harsh) addEvent(rec, harsh);
    } else if (GEOFENCE_TYPES.has(type)) {
      addAlarmName(rec, (rt & 0x0f) === 1 ? 'geofenceEnter' : 'geofenceExit');
    }
  }
  let i = first;
  let located = false;
  for (; i + 2 < v.length; i++) {
    if (i >= 4 && isCoordinate(v[i]) && isCoordinate(v[i + 1])) {
      const f = fixAt(v, i - 4);
      f.hdop = int(v[i - 4]) ?? f.hdop;
      if (f.time === undefined) f.time = m.at;
      applyFix(rec, f);
      located = rec.hasLocation;
      i += 3;
      break;
    }
  }
  if (!located) i = 2;
  let cell = false;
  for (; i + 3 < v.length; i++) {
    if (
      /^\d{4}$/.test(v[i]) &&
      /^\d{4}$/.test(v[i + 1]) &&
      /^[0-9A-Fa-f]{4}$/.test(v[i + 2]) &&
      /^[0-9A-Fa-f]{4,8}$/.test(v[i + 3])
    ) {
      cell = applyCell(rec, v[i], v[i + 1], v[i + 2], v[i + 3]);
      break;
    }
  }
  // A battery % is written without leading zeros; "00" there is the reserved field.
  if (located && isTime(v[v.length - 2]) && /^(\d|[1-9]\d|100)$/.test(v[v.length - 3])) {
    rec.batteryLevel = Number(v[v.length - 3]);
  }
  addTypeAlarm(rec, type);
  const found =
    located ||
    cell ||
    rec.events.length > 0 ||
    Object.keys(rec.attributes).length > 0 ||
    rec.motion !== undefined ||
    rec.ignition !== undefined;
  return found ? rec : null;
}
