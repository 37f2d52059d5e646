// Meitrack text reports: AAA (an event report, live) and AFF (the same report with a leading
// cache index, from trackers that keep events until confirmed).
//
// Content after "AAA," (MEITRACK GPRS Protocol, "Tracker Command Format"), comma separated:
//   0 event code | 1 latitude | 2 longitude | 3 yymmddHHMMSS (UTC) | 4 A/V | 5 satellites |
//   6 GSM signal 0-31 | 7 speed km/h | 8 course | 9 HDOP | 10 altitude m | 11 mileage m |
//   12 run time s | 13 MCC|MNC|LAC|CI (LAC, CI hex) | 14 I/O status, 4 hex digits: inputs 1-8,
//   then outputs 1-8 | 15 analog inputs, hex: AD1|AD2|AD3|battery|external power (or, on some
//   firmware, decimal volts: battery|power|RTC|MCU|GPS) | 16 event information (RFID for event 37,
//   the fence number for 20/21) | 17 custom data | 18 protocol version | 19 fuel, 4 hex digits:
//   percent and hundredths | 20 temperature sensors xxyyyy|... (xx sensor, yyyy value) | 21.. data
//   of newer firmware (taximeter and the like; not decoded).
import type { DeviceRecord } from '../types';
import {
  applyMeitrackEvent,
  applyMeitrackIo,
  finishMeitrackRecord,
  isPlace,
  MEITRACK_EVENT,
  meitrackRecord,
} from './meitrack-record';
// Integers (-?\d{1,10}), decimals (-?\d{1,10}(\.\d{1,10})?) and hex (1 to 8 digits), or undefined.
import { meitrackDecimal as dec, meitrackHex as hex, meitrackInt as int } from './meitrack-numbers';
import { decimalRun, hexRun, splitFields } from './text-fields';

const round = (v: number, digits: number) => Number(v.toFixed(digits));
/** A raw analog value times `f`, to the millivolt (a module function, not one per call). */
const scale = (v: number | undefined, f: number) => (v === undefined ? undefined : round(v * f, 3));
/** The attribute names of AD1..AD3. */
const ADC = ['adc1', 'adc2', 'adc3'];

/** Sets an optional field only when a value was decoded. */
export function put<K extends keyof DeviceRecord>(
  rec: DeviceRecord,
  key: K,
  value: DeviceRecord[K] | undefined,
): void {
  if (value !== undefined) rec[key] = value;
}

/**
 * Battery and external power volts from the raw analog values, per model (Traccar's
 * MeitrackProtocolDecoder): the older models report ADC counts, the rest hundredths of a volt.
 */
export function meitrackVolts(
  model: string | null | undefined,
  battery: number | undefined,
  power: number | undefined,
): { battery?: number; power?: number } {
  switch ((model ?? '').trim().toUpperCase()) {
    case 'MVT340':
    case 'MVT380':
      return { battery: scale(battery, 6 / 1024), power: scale(power, 48 / 1024) };
    case 'MT90':
      return { battery: scale(battery, 6.6 / 4096), power };
    case 'MT90G':
      return { battery: scale(battery, 6 / 4096), power };
    case 'T1':
    case 'T3':
    case 'MVT100':
    case 'MVT600':
    case 'MVT800':
    case 'TC68':
    case 'TC68S':
      return { battery: scale(battery, 6.6 / 4096), power: scale(power, 52.8 / 4096) };
    default:
      return { battery: scale(battery, 0.01), power: scale(power, 0.01) };
  }
}

/** yymmddHHMMSS (UTC) → epoch ms, or undefined when it is not a real time. */
function timeOf(s: string): number | undefined {
  if (s.length !== 12 || decimalRun(s, 0, 12) < 0) return undefined;
  const y = decimalRun(s, 0, 2);
  const mo = decimalRun(s, 2, 4);
  const d = decimalRun(s, 4, 6);
  const h = decimalRun(s, 6, 8);
  const mi = decimalRun(s, 8, 10);
  const se = decimalRun(s, 10, 12);
  const t = Date.UTC(2000 + y, mo - 1, d, h, mi, se);
  const back = new Date(t);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && se < 60
    ? t
    : undefined;
}

/** The record of a report's content (after "AAA,"), or why it is malformed. */
export function decodeMeitrackReport(
  text: string,
  aff: boolean,
  deviceId: string,
  opts: { now: number; model?: string | null },
): DeviceRecord | string {
  const f = splitFields(text);
  if (aff) f.shift(); // the cache index
  const event = int(f[0]);
  const lat = dec(f[1]);
  const lon = dec(f[2]);
  const time = f[3] === undefined ? undefined : timeOf(f[3]);
  if (event === undefined || lat === undefined || lon === undefined) return 'bad position';
  if (time === undefined || (f[4] !== 'A' && f[4] !== 'V')) return 'bad time or status';
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return 'coordinates out of range';

  const rec = meitrackRecord(deviceId, opts.now);
  const a = rec.attributes;
  rec.fixTime = time;
  rec.valid = f[4] === 'A';
  rec.hasLocation = isPlace(lat, lon);
  if (rec.hasLocation) {
    rec.lat = lat;
    rec.lon = lon;
  }
  applyMeitrackEvent(rec, event);
  put(rec, 'satellites', int(f[5]));
  put(rec, 'gsm', int(f[6]));
  const speed = dec(f[7]);
  if (speed !== undefined && speed >= 0) rec.speed = speed;
  const course = dec(f[8]);
  if (course !== undefined && course >= 0 && course <= 360) rec.course = course;
  const hdop = dec(f[9]);
  if (hdop !== undefined) a.hdop = hdop;
  put(rec, 'altitude', dec(f[10]));
  put(rec, 'odometer', int(f[11]));
  const runtime = int(f[12]);
  if (runtime !== undefined) a.runtime = runtime;
  cell(rec, f[13]);
  const io = f[14];
  if (io !== undefined && io.length === 4 && hexRun(io, 0, 4) >= 0) {
    applyMeitrackIo(rec, hexRun(io, 0, 2), hexRun(io, 2, 4));
  }
  analog(rec, f[15], opts.model);
  const info = f[16];
  if (info) {
    if (event === MEITRACK_EVENT.RFID) rec.driverId = info;
    else a.eventData = info;
  }
  const protocol = int(f[18]) ?? 0;
  const fuel = f[19];
  if (fuel && fuel.length === 4 && hexRun(fuel, 0, 4) >= 0) {
    a.fuel = hexRun(fuel, 0, 2) + hexRun(fuel, 2, 4) / 100;
  }
  if (f[20]) temperatures(rec, f[20], protocol);
  return finishMeitrackRecord(rec);
}

/** MCC|MNC|LAC|CI: kept when MCC and MNC are known (LAC and CI are hex). */
function cell(rec: DeviceRecord, s: string | undefined): void {
  const parts = (s ?? '').split('|');
  if (parts.length !== 4) return;
  const mcc = int(parts[0]);
  const mnc = int(parts[1]);
  if (!mcc || !mnc) return;
  const a = rec.attributes;
  a.mcc = mcc;
  a.mnc = mnc;
  const lac = hex(parts[2]);
  const cid = hex(parts[3]);
  if (lac !== undefined) a.lac = lac;
  if (cid !== undefined) a.cid = cid;
}

function analog(rec: DeviceRecord, s: string | undefined, model?: string | null): void {
  if (!s) return;
  const parts = s.split('|');
  if (parts.length > 5) return;
  if (s.includes('.')) {
    // Firmware that reports volts: battery|power|RTC|MCU|GPS.
    const battery = dec(parts[0]);
    const power = dec(parts[1]);
    if (battery !== undefined) rec.battery = battery;
    if (power !== undefined) rec.power = power;
    return;
  }
  for (let i = 0; i < 3; i++) {
    const v = hex(parts[i]);
    if (v !== undefined) rec.attributes[ADC[i]] = v;
  }
  const volts = meitrackVolts(model, hex(parts[3]), hex(parts[4]));
  if (volts.battery !== undefined) rec.battery = volts.battery;
  if (volts.power !== undefined) rec.power = volts.power;
}

/** Sensor xx, value yyyy: hundredths of a degree (protocol 3 and later), else degrees.hundredths. */
function temperatures(rec: DeviceRecord, s: string, protocol: number): void {
  for (const t of s.split('|').slice(0, 16)) {
    if (t.length !== 6 || hexRun(t, 0, 6) < 0) continue;
    const index = hexRun(t, 0, 2);
    let value: number;
    if (protocol >= 3) {
      value = ((hexRun(t, 2, 6) << 16) >> 16) / 100;
    } else {
      const whole = (hexRun(t, 2, 4) << 24) >> 24;
      value = whole + (whole < 0 ? -0.01 : 0.01) * hexRun(t, 4, 6);
    }
    rec.attributes[`temp${index}`] = round(value, 2);
  }
}
