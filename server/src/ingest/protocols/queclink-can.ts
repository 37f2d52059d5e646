// Queclink vehicle-bus reports: +RESP:GTCAN (CAN100 / built-in CAN reader: a report mask says
// which of ~60 fields follow; Traccar Gl200TextProtocolDecoder decodeCan) and +RESP:GTOBD (OBD-II
// data of the GV500 family; Traccar PATTERN_OBD), each with the position block where there is one.
import type { DeviceRecord } from '../types';
import {
  applyFix,
  bit,
  dec,
  hex,
  int,
  isCoordinate,
  newRecord,
  put,
  time,
  fixAt,
  applyCell,
} from './queclink-fields';
import { Fields } from './queclink-eri';
import type { Message } from './queclink-fields';

type Reader = (s: string) => number | string | boolean | undefined;

const str: Reader = (s) => s || undefined;
const after =
  (n: number, read: Reader): Reader =>
  (s) =>
    read(s.slice(n));

/** Report-mask bits 0..21 in wire order (bit 5, the RPM, comes before bit 4, the speed). */
const MAIN: [number, string | null, Reader][] = [
  [0, 'vin', str],
  [1, 'ignition', (s) => (int(s) === undefined ? undefined : int(s)! > 0)],
  [2, 'obdOdometer', after(1, int)], // "H982769": total distance, metres
  [3, 'fuelUsed', dec],
  [5, 'rpm', int],
  [4, 'obdSpeed', int],
  [6, 'coolantTemp', int],
  [7, 'fuelConsumption', (s) => (s.startsWith('L/H') ? dec(s.slice(3)) : undefined)],
  [8, 'fuel', after(1, dec)], // "P82.40": level %
  [9, 'range', (s) => (int(s) === undefined ? undefined : int(s)! * 100)],
  [10, 'throttle', int],
  [11, 'hours', (s) => (dec(s) === undefined ? undefined : Math.round(dec(s)! * 3600_000))],
  [12, 'drivingTime', dec],
  [13, 'idleHours', dec],
  [14, 'idleFuelConsumption', dec],
  [15, 'axleWeight', int],
  [16, 'tachographInfo', hex],
  [17, 'indicators', hex],
  [18, 'lights', hex],
  [19, 'doors', hex],
  [20, 'vehicleOverspeed', dec],
  [21, 'engineOverspeed', dec],
];

/** Extended mask (main bit 29) bits 0..30; null: skipped. */
const EXT: [number, string | null, Reader][] = [
  [0, 'adBlueLevel', after(1, dec)],
  [1, 'axleWeight1', int],
  [2, 'axleWeight3', int],
  [3, 'axleWeight4', int],
  [4, null, str],
  [5, null, str],
  [6, null, str],
  [7, 'adc1', (s) => (int(s) === undefined ? undefined : int(s)! / 1000)],
  ...[8, 9, 10, 11, 12, 13, 14].map((b): [number, null, Reader] => [b, null, str]),
  [15, 'driver1Card', str],
  [16, 'driver2Card', str],
  [17, 'driver1Name', str],
  [18, 'driver2Name', str],
  [19, 'registration', str],
  ...[20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((b): [number, null, Reader] => [
    b,
    null,
    str,
  ]),
];

function setCan(rec: DeviceRecord, key: string, value: ReturnType<Reader>): void {
  if (key === 'ignition') {
    if (typeof value === 'boolean') rec.ignition = value;
  } else put(rec, key, value);
}

/** +RESP:GTCAN: the masked fields, then (mask bit 30) the GNSS block. */
export function decodeCan(m: Message): DeviceRecord[] | null {
  const { model } = m;
  const f = new Fields(m.v, 6); // after device name, report type, CAN bus state
  const mask = hex(f.next());
  if (mask === undefined) return null;
  const rec = newRecord(m.deviceId, m.at);
  for (const [b, key, read] of MAIN) {
    if (!bit(mask, b)) continue;
    const s = f.next();
    if (s && key) setCan(rec, key, read(s));
  }
  if (model === 'GV350M') for (const b of [22, 23, 24]) if (bit(mask, b)) f.skip();
  if (model === 'GV355CEU') for (let b = 22; b <= 28; b++) if (bit(mask, b)) f.skip();
  let ext = 0;
  if (bit(mask, 29)) ext = hex(f.next()) ?? 0;
  for (const [b, key, read] of EXT) {
    if (!bit(ext, b)) continue;
    const s = f.next();
    if (s && key) setCan(rec, key, read(s));
  }
  if (bit(ext, 31)) {
    const can = hex(f.next()) ?? 0;
    for (const b of [0, 1, 2]) if (bit(can, b)) f.skip();
  }
  if (model !== 'GV355CEU' && bit(mask, 30)) {
    while (f.peek() === '' && f.left > 2) f.skip();
    const valid = int(f.next());
    if (f.peek() !== '') {
      applyFix(rec, {
        speed: dec(f.next()),
        course: dec(f.next()),
        altitude: dec(f.next()),
        lon: dec(f.next()),
        lat: dec(f.next()),
        time: time(f.next()),
      });
      if (rec.hasLocation) rec.valid = (valid ?? 0) > 0;
    }
  }
  return [rec];
}

/** +RESP:GTOBD: engine values at fixed places, then the position block found by its fields. */
export function decodeObd(m: Message): DeviceRecord[] | null {
  const { v } = m;
  // The VIN field (empty or 17 characters) comes before the device name.
  const base = /^([0-9A-Z]{17})?$/.test(v[3]) ? 4 : 3;
  let lon = -1;
  for (let i = base + 8; i + 2 < v.length; i++) {
    if (isCoordinate(v[i]) && isCoordinate(v[i + 1])) {
      lon = i;
      break;
    }
  }
  if (lon < 0) return null;
  const rec = newRecord(m.deviceId, m.at);
  const at = (k: number) => v[base + k] ?? '';
  // name, report type, mask, VIN, connected, voltage, PIDs, then the engine values.
  put(rec, 'rpm', int(at(7)));
  put(rec, 'obdSpeed', int(at(8)));
  put(rec, 'temp1', int(at(9))); // coolant
  put(rec, 'fuelConsumption', at(10) || undefined);
  put(rec, 'dtcsClearedDistance', int(at(11)));
  const connected = int(at(13));
  if (connected !== undefined) rec.attributes.odbConnect = connected === 1;
  put(rec, 'dtcsNumber', int(at(14)));
  put(rec, 'dtcsCodes', at(15) || undefined);
  put(rec, 'throttle', int(at(16)));
  put(rec, 'fuel', int(at(18)));
  const odometer = int(v[lon - 5]);
  if (odometer !== undefined) rec.attributes.obdOdometer = odometer * 1000;
  applyFix(rec, fixAt(v, lon - 4));
  applyCell(rec, v[lon + 3], v[lon + 4], v[lon + 5], v[lon + 6]);
  if (/^\d{1,7}\.\d$/.test(v[lon + 7] ?? '')) rec.odometer = Number(v[lon + 7]) * 1000;
  if (/^\d{1,7}\.\d$/.test(v[lon + 8] ?? '')) {
    rec.attributes.obdOdometer = Math.round(Number(v[lon + 8]) * 1000);
  }
  return [rec];
}
