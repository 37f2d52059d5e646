// Queclink position reports of the +RESP:GTFRI family (GTFRI fixed reports, GTGEO, GTRTL, GTDOG,
// GTCTN, GTSTR), whose layout differs by model: a header (external power, report id/type, number
// of positions, ...), one or more position blocks, then a model-specific tail (odometer, hour
// meter, analog inputs, battery %, device status, ...). The blocks are found by their longitude,
// latitude and time fields; the header and the tail are read by matching the layouts Traccar's
// Gl200TextProtocolDecoder (PATTERN_FRI) accepts.
import type { DeviceRecord } from '../types';
import { addAlarmName } from './events';
import { GEOFENCE_TYPES } from './queclink-basic';
import {
  allDigits,
  allUpperAlnum,
  digitsTest,
  isDigit,
  fixedPointTest,
  hexTest,
  orEmpty,
  type FieldTest,
} from './text-fields';
import {
  applyAnalog,
  applyCellIn,
  applyFixIn,
  applyStatus,
  coordinateText,
  decText,
  hexText,
  hours,
  intText,
  newRecord,
  put,
  timeText,
  QUECLINK_MAX_FRAME,
  type Fields,
  type Message,
} from './queclink-fields';

/** One field of a layout: its pattern ('' allowed where the content is optional). */
interface Slot {
  /** The pattern, as documentation and for the tests; `test` is what runs. */
  re: RegExp;
  test: FieldTest;
  key?: Exclude<keyof Values, 'clear'>;
  /** The whole field may be missing from the layout. */
  optional?: boolean;
}

/**
 * The field each of the header's and the tail's slots took (-1: not in the message). Two serve
 * every message (HEADER_VALUES, TAIL_VALUES), filled again by each match.
 */
class Values {
  power = -1;
  reportType = -1;
  battery = -1;
  batteryMv = -1;
  level = -1;
  temp = -1;
  odometer = -1;
  hours = -1;
  adc1 = -1;
  adc2 = -1;
  status = -1;
  rpm = -1;
  fuel = -1;
  rssi = -1;

  /** Back to nothing taken. */
  clear(): void {
    this.power = this.reportType = this.battery = this.batteryMv = this.level = -1;
    this.temp = this.odometer = this.hours = this.adc1 = this.adc2 = -1;
    this.status = this.rpm = this.fuel = this.rssi = -1;
  }
}

/** The field each slot took in the match under way (-1: none); no layout has 16 slots. */
const taken = new Int32Array(16);

const HEADER_VALUES = new Values();
const TAIL_VALUES = new Values();

/**
 * Matches fields [from, to) against slots, present-first for optional ones (like a regex), and
 * notes in `got` the field each keyed slot took; false when they do not match.
 */
function matchSlots(
  slots: readonly Slot[],
  f: Fields,
  from: number,
  to: number,
  whole: boolean,
  got: Values,
): boolean {
  taken.fill(-1, 0, slots.length);
  if (!matchFrom(slots, 0, f, from, to, whole)) return false;
  got.clear();
  for (let i = 0; i < slots.length; i++) {
    const key = slots[i].key;
    if (key && taken[i] >= 0) got[key] = taken[i];
  }
  return true;
}

/**
 * Backtracking step of matchSlots: whether slots[si..] match from field vi, noting in `taken` the
 * field each slot matched (-1: none, an optional slot left out).
 */
function matchFrom(
  slots: readonly Slot[],
  si: number,
  f: Fields,
  vi: number,
  to: number,
  whole: boolean,
): boolean {
  if (si === slots.length) return !whole || vi === to;
  const slot = slots[si];
  if (vi < to && f.is(vi, slot.test)) {
    taken[si] = vi;
    if (matchFrom(slots, si + 1, f, vi + 1, to, whole)) return true;
    taken[si] = -1;
  }
  return slot.optional === true && matchFrom(slots, si + 1, f, vi, to, whole);
}

const anyDigits = digitsTest(0, Infinity);
const upTo2 = digitsTest(1, 2);
const upTo3 = digitsTest(1, 3);
const tenths = fixedPointTest(7, 1);
const anyHex = hexTest(0, Infinity);

/** A fuel consumption (/^(\d+\.?\d*|inf|nan)?$/i). */
function consumption(s: string, a = 0, b = s.length): boolean {
  if (a === b) return true;
  if (b - a === 3 && (lettersAre(s, a, 'inf') || lettersAre(s, a, 'nan'))) return true;
  let i = a;
  while (i < b && isDigit(s.charCodeAt(i))) i++;
  if (i === a) return false;
  if (i < b && s.charCodeAt(i) === 46) i++;
  return allDigits(s, i, b);
}

/** s from `at` on spells `lower` (lower-case ASCII letters) in either case. */
function lettersAre(s: string, at: number, lower: string): boolean {
  for (let i = 0; i < lower.length; i++) {
    if ((s.charCodeAt(at + i) | 0x20) !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** A flag, 0 or 1 (/^[01]$/). */
const flag = (s: string, a = 0, b = s.length): boolean =>
  b - a === 1 && (s.charCodeAt(a) === 48 || s.charCodeAt(a) === 49);

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
    { re: /^[01]$/, test: flag }, // mode
    { re: /^[01]?$/, test: orEmpty(flag) }, // motion
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
      test: (s, a = 0, b = s.length) =>
        b - a - (a < b && s.charCodeAt(a) === 45 ? 1 : 0) === 1 && isDigit(s.charCodeAt(b - 1)),
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
function hourMeter(s: string, a = 0, b = s.length): boolean {
  return (
    b - a === 11 &&
    s.charCodeAt(a + 5) === 58 &&
    s.charCodeAt(a + 8) === 58 &&
    allDigits(s, a, a + 5) &&
    allDigits(s, a + 6, a + 8) &&
    allDigits(s, a + 9, b)
  );
}

/** A Wi-Fi access point's MAC address (/^[0-9A-Fa-f]{12}$/). */
const isMac = hexTest(12);
/** A count number (/^[0-9A-Fa-f]{4}$/). */
const isCount = hexTest(4);
/** A VIN (/^[0-9A-Z]{17}$/). */
const isVin = (s: string, a = 0, b = s.length): boolean => b - a === 17 && allUpperAlnum(s, a, b);

/** Where a position block's longitude is: lon, lat and time in a row. */
const isFixAt = (f: Fields, i: number): boolean =>
  f.is(i, coordinateText) && f.is(i + 1, coordinateText) && f.is(i + 2, timeText);

/** The index of the block's last field (its reserved/odometer field), given its longitude. */
function blockEnd(f: Fields, lon: number): number {
  let i = lon + 3;
  // Wi-Fi access points between the time and the cell (GT501, GL50x): count, then 5 fields each.
  const n = f.read(i, intText);
  if (n !== undefined && n > 0 && f.is(i + 1, isMac)) i += 1 + 5 * Math.min(n, f.length);
  return i + 4;
}

/** The block's cell, and its last field when that is an odometer (km). */
function cellAndOdometer(rec: DeviceRecord, f: Fields, end: number): void {
  applyCellIn(rec, f, end - 4);
  if (f.is(end, tenths)) rec.odometer = f.read(end, decText)! * 1000;
}

/**
 * Each block's longitude and last field, in the message being decoded (a block's longitude,
 * latitude and time alone take 30 characters).
 */
const lons = new Int32Array(QUECLINK_MAX_FRAME / 30);
const ends = new Int32Array(QUECLINK_MAX_FRAME / 30);

/** A GTFRI-family report, or null when its layout is not one of the known ones. */
export function decodeFri(m: Message): DeviceRecord[] | null {
  const { f } = m;
  let name = 3;
  if (f.is(3, isVin)) name = 4; // VIN (GV500 and other OBD models)
  // Each block's longitude and its last field.
  let blocks = 0;
  for (let i = name + 5; i + 2 < f.length; i++) {
    if (!isFixAt(f, i)) continue;
    lons[blocks] = i;
    i = blockEnd(f, i);
    ends[blocks++] = i;
  }
  if (!blocks) return null;
  const header = HEADER_VALUES;
  if (!matchSlots(HEADER, f, name + 1, lons[0] - 4, true, header)) return null;
  const last = ends[blocks - 1];
  const tailEnd = f.is(f.length - 1, isCount) ? f.length - 2 : f.length - 1;
  const tail = TAIL_VALUES;
  let matched = false;
  for (const t of TAILS) if ((matched = matchSlots(t, f, last + 1, tailEnd, false, tail))) break;
  if (!matched) return null;

  const records = new Array<DeviceRecord>(blocks);
  for (let b = 0; b < blocks; b++) {
    const rec = newRecord(m.deviceId, m.at);
    applyFixIn(rec, f, lons[b] - 4);
    cellAndOdometer(rec, f, ends[b]);
    if (name === 4) rec.attributes.vin = f.at(3)!;
    records[b] = rec;
  }
  const rec = records[blocks - 1];
  const power = f.read(header.power, intText);
  if (power !== undefined && power > 10) rec.power = power / 1000;
  const battery = f.read(header.battery, intText);
  if (battery !== undefined) rec.batteryLevel = battery;
  applyTail(rec, f, tail);
  const reportType = f.read(header.reportType, intText);
  if (GEOFENCE_TYPES.has(m.type) && reportType !== undefined) {
    // <Report ID><Report Type>: the geofence id, then 1 = entered, 0 = left.
    addAlarmName(rec, reportType % 10 === 1 ? 'geofenceEnter' : 'geofenceExit');
    rec.attributes.geofence = Math.floor(reportType / 10);
  }
  return records;
}

function applyTail(rec: DeviceRecord, f: Fields, t: Values): void {
  const level = f.read(t.level, intText);
  if (level !== undefined) rec.batteryLevel = level;
  const mv = f.read(t.batteryMv, intText);
  if (mv !== undefined) rec.battery = mv / 1000;
  put(rec, 'temp1', f.read(t.temp, decText));
  const odometer = f.read(t.odometer, decText);
  if (odometer !== undefined) rec.odometer = odometer * 1000;
  if (f.width(t.hours) > 0) put(rec, 'hours', hours(f.at(t.hours)));
  if (f.width(t.adc1) > 0) applyAnalog(rec, 1, f.at(t.adc1)!);
  if (f.width(t.adc2) > 0) applyAnalog(rec, 2, f.at(t.adc2)!);
  const status = f.read(t.status, hexText);
  if (status !== undefined) applyStatus(rec, status);
  put(rec, 'rpm', f.read(t.rpm, intText));
  put(rec, 'fuel', f.read(t.fuel, intText));
  const rssi = f.read(t.rssi, intText);
  if (rssi !== undefined) rec.attributes.rssi = rssi;
}
