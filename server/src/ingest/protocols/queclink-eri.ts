// Queclink reports read field by field, whose layout depends on the device type the protocol
// version names (Traccar Gl200TextProtocolDecoder decodeEri, decodeIgn, decodeInf, decodeDat,
// decodeLbs): +RESP:GTERI (fixed report with extended information: fuel, 1-wire temperatures,
// BLE accessories), GTIGN/GTIGF/GTVGN/GTVGF (ignition on/off), GTINF (device information),
// GTDAT (serial data), GTLBS (cells only). A field cursor never reads past the end: a missing
// field reads as empty, and every count read from the message is bounded by the fields left.
import type { DeviceRecord } from '../types';
import {
  applyAnalog,
  applyCell,
  applyFix,
  applyStatus,
  bit,
  dec,
  hex,
  hours,
  int,
  newRecord,
  put,
  time,
  type Fix,
} from './queclink-fields';
import type { Message } from './queclink-fields';

/** A cursor over the fields. */
export class Fields {
  i: number;
  constructor(
    readonly v: readonly string[],
    at = 0,
  ) {
    this.i = at;
  }
  /** The field at the cursor ('' past the end), and the cursor moves on. */
  next(): string {
    return this.v[this.i++] ?? '';
  }
  peek(ahead = 0): string {
    return this.v[this.i + ahead] ?? '';
  }
  skip(n = 1): void {
    this.i += n;
  }
  get left(): number {
    return Math.max(0, this.v.length - this.i);
  }
}

/**
 * A position block read field by field: accuracy, speed, azimuth, altitude, lon, lat, time, the
 * cell, then per model the CSQ fields (GL5x) and the position append mask (bit 0: satellites
 * follow, bit 1: a trigger type follows; GL320M has none).
 */
export function readBlock(f: Fields, rec: DeviceRecord, model: string): void {
  const fix: Fix = {
    hdop: dec(f.next()),
    speed: dec(f.next()),
    course: dec(f.next()),
    altitude: dec(f.next()),
  };
  if (f.peek() !== '') {
    fix.lon = dec(f.next());
    fix.lat = dec(f.next());
    fix.time = time(f.next());
  } else f.skip(3);
  applyFix(rec, fix);
  if (f.peek() !== '') applyCell(rec, f.next(), f.next(), f.next(), f.next());
  else f.skip(4);
  if (model.startsWith('GL5')) f.skip(2); // CSQ RSSI, CSQ BER
  if (model !== 'GL320M') {
    const append = int(f.next());
    if (append !== undefined) {
      if (append & 1) {
        const satellites = int(f.next());
        if (satellites !== undefined) rec.satellites = satellites;
      }
      if (append & 2) f.skip(); // trigger type
    }
  }
}

const isGv = (model: string) => model.startsWith('GV');

/** +RESP:GTERI: `count` position blocks, then the model's fields and the masked extras. */
export function decodeEri(m: Message): DeviceRecord[] | null {
  const { model } = m;
  const f = new Fields(m.v, 4);
  const mask = hex(f.next());
  if (mask === undefined) return null;
  const mv = int(f.next());
  f.skip(); // report type
  const count = int(f.next());
  if (count === undefined || count < 1 || count * 11 > f.left) return null;
  const records: DeviceRecord[] = [];
  for (let n = 0; n < count; n++) {
    const rec = newRecord(m.deviceId, m.at);
    readBlock(f, rec, model);
    records.push(rec);
  }
  const rec = records[records.length - 1];
  if (mv !== undefined) rec.power = mv / 1000;
  const gl5 = model.startsWith('GL5');
  if (!gl5) {
    const km = dec(f.next());
    if (km !== undefined) rec.odometer = km * 1000;
  }
  if (!gl5 && model !== 'GL320M') {
    put(rec, 'hours', hours(f.next()));
    const adc1 = f.next();
    if (adc1) applyAnalog(rec, 1, adc1);
  }
  if (isGv(model) && !model.startsWith('GV6') && model !== 'GV350M') {
    const adc2 = f.next();
    if (adc2) applyAnalog(rec, 2, adc2);
  }
  if (model === 'GV200' || model === 'GV310LAU') {
    const adc3 = f.next();
    if (adc3) applyAnalog(rec, 3, adc3);
  }
  if ((model.startsWith('GV3') && model.endsWith('CEU')) || model.startsWith('GV600M')) f.skip();
  let level: number | undefined;
  if (gl5) {
    level = int(f.next());
    f.skip(); // mode selection
    const moving = int(f.next());
    if (moving !== undefined) rec.motion = moving > 0;
  } else if (model === 'GV200') {
    const inputs = hex(f.next());
    const outputs = hex(f.next());
    if (inputs !== undefined) rec.inputs = inputs;
    if (outputs !== undefined) rec.outputs = outputs;
    f.skip(); // UART device type
  } else if (model === 'GL320M') {
    level = int(f.next());
    if (bit(mask, 7)) put(rec, 'externalBattery', int(f.next()));
  } else {
    level = int(f.next());
    const status = hex(f.next());
    if (status !== undefined) applyStatus(rec, status);
    f.skip(); // reserved / UART device type
  }
  if (level !== undefined) rec.batteryLevel = level;
  eriExtras(f, rec, mask, model);
  return records;
}

/** The extras the ERI mask announces: digital fuel, 1-wire temperatures, fuel sensors, BLE. */
function eriExtras(f: Fields, rec: DeviceRecord, mask: number, model: string): void {
  const gv350m = model === 'GV350M';
  if (bit(mask, 0) && !gv350m) put(rec, 'fuel', hex(f.next()));
  if (bit(mask, 1)) {
    const n = int(f.next()) ?? 0;
    for (let k = 1; k <= n && f.left > 0; k++) {
      f.skip(2); // sensor id, type
      const raw = hex(f.next());
      // 16-bit two's complement in 1/16 °C (DS18B20).
      if (raw !== undefined && raw <= 0xffff) {
        rec.attributes[`temp${k}`] = ((raw << 16) >> 16) * 0.0625;
      }
    }
  }
  if (bit(mask, 2)) return; // CAN data: not decoded
  if ((bit(mask, 3) || bit(mask, 4) || (bit(mask, 0) && gv350m)) && f.left > 2) {
    const n = int(f.next()) ?? 0;
    for (let k = 1; k <= n && f.left > 0; k++) {
      f.skip(); // type
      if (gv350m) {
        f.skip(); // UART id
        if (bit(mask, 0)) put(rec, 'fuel', hex(f.next()));
      }
      if (bit(mask, 3)) put(rec, 'fuel', dec(f.next()));
      if (bit(mask, 4)) f.skip(); // volume
    }
  }
  if (bit(mask, 7) && model !== 'GL320M') {
    const n = int(f.next()) ?? 0;
    for (let k = 1; k <= n && f.left > 0; k++) {
      f.skip(); // serial number
      const type = int(f.next());
      f.skip(type === 2 ? 2 : 1); // temperature (and humidity)
    }
  }
  if (bit(mask, 8) && model !== 'GL320M') bleAccessories(f, rec, model);
}

/** BLE accessories (mask bit 8): tag ids, temperatures, humidity and batteries. */
function bleAccessories(f: Fields, rec: DeviceRecord, model: string): void {
  const n = int(f.next()) ?? 0;
  for (let k = 1; k <= n && f.left > 0; k++) {
    f.skip(3); // index, type, model
    if (model.startsWith('GV600M')) f.skip(); // raw data length
    f.skip(); // raw data
    const dm = hex(f.next()) ?? 0;
    const at = (b: number) => bit(dm, b);
    if (at(0)) f.skip(); // name
    if (at(1)) put(rec, `tag${k}Id`, f.next() || undefined);
    if (at(2)) f.skip(); // status
    if (at(3)) f.skip(); // battery level
    if (at(4)) put(rec, `tag${k}Temp`, dec(f.next()));
    if (at(5)) put(rec, `tag${k}Humidity`, int(f.next()));
    for (const b of [7, 8, 9, 10, 11, 12]) if (at(b)) f.skip();
    if (at(13)) put(rec, `tag${k}Battery`, int(f.next()));
    if (at(14)) f.skip(); // relay
  }
}

/** GTIGN/GTVGN (ignition on) and GTIGF/GTVGF (off), with the block, hour meter and odometer. */
export function decodeIgn(m: Message): DeviceRecord[] {
  const f = new Fields(m.v, 4);
  if (m.model === 'CV200') f.skip(2); // reserved, report type
  f.skip(); // how long the ignition was off / on
  const rec = newRecord(m.deviceId, m.at);
  readBlock(f, rec, m.model);
  rec.ignition = m.type.includes('GN');
  put(rec, 'hours', hours(f.next()));
  const km = dec(f.next());
  if (km !== undefined) rec.odometer = km * 1000;
  return [rec];
}

/** GTDAT: data from the device's serial port, and the block after it. */
export function decodeDat(m: Message): DeviceRecord[] {
  const f = new Fields(m.v, 7);
  const rec = newRecord(m.deviceId, m.at);
  rec.attributes.data = f.next();
  readBlock(f, rec, m.model);
  return [rec];
}

/** GTLBS (GL50x without a fix): battery % and up to seven cells; the first is kept. */
export function decodeLbs(m: Message): DeviceRecord[] {
  const f = new Fields(m.v, 6);
  const rec = newRecord(m.deviceId, m.at);
  const level = int(f.next());
  if (level !== undefined) rec.batteryLevel = level;
  f.skip(5); // reserved, motion status, reserved, reserved, component mask
  let cells = 0;
  for (let k = 0; k <= 6 && f.left > 5; k++) {
    if (f.peek(1) !== '' && cells === 0) {
      if (applyCell(rec, f.next(), f.next(), f.next(), f.next())) cells++;
      put(rec, 'rssi', int(f.next()));
    } else f.skip(5);
    f.skip(); // reserved
  }
  return [rec];
}

/** Device state of GTINF (and GTSTT): ignition and motion. */
export function applyState(rec: DeviceRecord, state: number): void {
  switch (state) {
    case 0x16:
    case 0x1a:
    case 0x12:
      rec.ignition = false;
      rec.motion = true;
      break;
    case 0x11:
      rec.ignition = false;
      rec.motion = false;
      break;
    case 0x21:
      rec.ignition = true;
      rec.motion = false;
      break;
    case 0x22:
      rec.ignition = true;
      rec.motion = true;
      break;
    case 0x41:
      rec.motion = false;
      break;
    case 0x42:
      rec.motion = true;
      break;
  }
}

/**
 * GTINF: state, ICCID, signal, voltages; GV310LAU adds three analog inputs. (Traccar skips the
 * second supply field of GV500VC, which only lines up when the VIN is not counted; we count it.)
 */
export function decodeInf(m: Message): DeviceRecord[] | null {
  if (m.legacy || m.version.length > 10) return null; // GT300-era layout
  const { model } = m;
  const rec = newRecord(m.deviceId, m.at);
  // GV500-family models put the VIN before the device name.
  const vin = /^[0-9A-Z]{17}$/.test(m.v[3]);
  if (vin) rec.attributes.vin = m.v[3];
  const f = new Fields(m.v, vin ? 5 : 4);
  const state = hex(f.next());
  if (state !== undefined) applyState(rec, state);
  put(rec, 'iccid', f.next() || undefined);
  put(rec, 'rssi', int(f.next()));
  f.skip(2); // signal quality, external power supply
  if (f.peek(1).length >= 12) {
    f.skip(); // BLE sensor MAC
    put(rec, 'deviceTemp', int(f.next()));
    put(rec, 'humidity', int(f.next()));
  }
  const supply = f.next();
  if (supply.includes('.')) {
    const km = dec(supply);
    if (km !== undefined) rec.odometer = km * 1000;
  } else {
    const mv = int(supply);
    if (mv !== undefined) rec.power = mv / 1000;
  }
  if (model !== 'GV500VC' || vin) {
    if (model === 'GV350M' || model === 'GV310LAU')
      f.skip(); // expand mask or network type
    else {
      const mv = int(f.next());
      if (mv !== undefined) rec.attributes.power2 = mv / 1000;
    }
  }
  const battery = dec(f.next());
  if (battery !== undefined) rec.battery = battery;
  if (f.next() !== '') {
    if (f.next() === '1') rec.attributes.charge = true;
  }
  if (model === 'GV310LAU') {
    f.skip(5); // LED state, power saving mode, external antenna, last fix time, pin mask
    put(rec, 'adc1', int(f.next()));
    put(rec, 'adc2', int(f.next()));
    put(rec, 'adc3', int(f.next()));
  }
  return [rec];
}
