// Meitrack binary reports: CCC (fixed 52-byte records) and CCE (tagged parameters), both carrying
// several records in one message, little-endian (MEITRACK GPRS Protocol, "Setting the Data
// Compression Format – CCC" and "– CCE"; field meanings as Traccar's MeitrackProtocolDecoder reads
// them). The server acknowledges either with the record count ("CCC,<n>" / "CCE,<n>"), after which
// the tracker deletes them from its cache.
//
// CCC content: protocol version u16 | record length u16 (52) | records left in the cache u32 |
//   records: event u8 | lat s32 | lon s32 (1e-6 degrees) | time u32 (s since 2000-01-01 UTC) |
//   valid u8 | satellites u8 | GSM u8 | speed u16 km/h | course u16 | HDOP u16 (0.1) |
//   altitude s16 m | mileage u32 m | run time u32 s | MCC, MNC, LAC, CI u16 | I/O status: inputs u8,
//   outputs u8 (the order of the text reports' four hex digits; the corpus's SOS records have input
//   1 set) | AD1 u16 | battery u16 (0.01 V) | power u16 (0.01 V; Traccar keeps the raw count) |
//   geofence u32
// CCE content: records left in the cache u32 | record count u16 | records: length u16 | index u16 |
//   four groups, each a count u8 and that many (id, value) pairs, with values of 1, 2 and 4 bytes,
//   then (id, length u8, bytes). An id whose first byte is 0xFE is two bytes (0xFE69).
import type { DeviceRecord } from '../types';
import { LeReader, Truncated } from './byte-reader';
import {
  applyMeitrackEvent,
  applyMeitrackIo,
  finishMeitrackRecord,
  isPlace,
  meitrackRecord,
} from './meitrack-record';

/** 2000-01-01T00:00:00Z, the epoch of the binary times, in seconds. */
const EPOCH_2000 = 946684800;
const CCC_RECORD = 52;

/** Meitrack's cursor: little-endian, with its one- or two-byte parameter ids. */
class Reader extends LeReader {
  /** A parameter id: one byte, or two when the first is 0xFE. */
  id(): number {
    const first = this.u8();
    return first === 0xfe ? (first << 8) | this.u8() : first;
  }
}

/** 'record cut short' when `err` says a record ended before its fields did; any other is thrown. */
function cutShort(err: unknown): string {
  if (err instanceof Truncated) return 'record cut short';
  throw err;
}

/** The serving cell, in this order (the attributes' order shows in their JSON). */
function setCell(
  a: DeviceRecord['attributes'],
  mcc: number,
  mnc: number,
  lac: number,
  cid: number,
): void {
  a.mcc = mcc;
  a.mnc = mnc;
  a.lac = lac;
  a.cid = cid;
}

function setPlace(rec: DeviceRecord, lat: number, lon: number): void {
  if (!isPlace(lat, lon)) return;
  rec.hasLocation = true;
  rec.lat = lat;
  rec.lon = lon;
}

/** CCC records of `buf[start..end)` (the content after "CCC,"), or why they are malformed. */
export function decodeMeitrackCcc(
  buf: Buffer,
  start: number,
  end: number,
  deviceId: string,
  now: number,
): DeviceRecord[] | string {
  try {
    const r = new Reader(buf, start, end);
    r.u16(); // protocol version
    const size = r.u16();
    r.u32(); // records left in the cache
    if (size < CCC_RECORD) return 'record length too small';
    const records: DeviceRecord[] = [];
    while (r.left >= size) records.push(cccRecord(r.sub(size), deviceId, now));
    if (!records.length && r.left > 0) return 'record length larger than the message';
    return records;
  } catch (err) {
    return cutShort(err);
  }
}

function cccRecord(r: Reader, deviceId: string, now: number): DeviceRecord {
  const rec = meitrackRecord(deviceId, now);
  const a = rec.attributes;
  const event = r.u8();
  const lat = r.s32() / 1e6;
  const lon = r.s32() / 1e6;
  rec.fixTime = (EPOCH_2000 + r.u32()) * 1000;
  rec.valid = r.u8() === 1;
  rec.satellites = r.u8();
  rec.gsm = r.u8();
  rec.speed = r.u16();
  rec.course = r.u16() % 360;
  a.hdop = r.u16() / 10;
  rec.altitude = r.s16();
  rec.odometer = r.u32();
  a.runtime = r.u32();
  const mcc = r.u16();
  const mnc = r.u16();
  const lac = r.u16();
  const cid = r.u16();
  if (mcc && mnc) setCell(a, mcc, mnc, lac, cid);
  const status = r.u16();
  a.status = status;
  applyMeitrackIo(rec, status & 0xff, status >> 8);
  a.adc1 = r.u16();
  rec.battery = r.u16() / 100;
  rec.power = r.u16() / 100;
  r.u32(); // geofence
  setPlace(rec, lat, lon);
  applyMeitrackEvent(rec, event);
  return finishMeitrackRecord(rec);
}

/** CCE records of `buf[start..end)` (the content after "CCE,"), or why they are malformed. */
export function decodeMeitrackCce(
  buf: Buffer,
  start: number,
  end: number,
  deviceId: string,
  now: number,
): DeviceRecord[] | string {
  try {
    const r = new Reader(buf, start, end);
    r.u32(); // records left in the cache
    const count = r.u16();
    // Each record takes at least its length, index and four group counts.
    if (count * 8 > r.left) return 'record count larger than the message';
    const records: DeviceRecord[] = [];
    for (let i = 0; i < count; i++) records.push(cceRecord(r.sub(r.u16()), deviceId, now));
    return records;
  } catch (err) {
    return cutShort(err);
  }
}

function cceRecord(r: Reader, deviceId: string, now: number): DeviceRecord {
  const rec = meitrackRecord(deviceId, now);
  const a = rec.attributes;
  let inputs: number | undefined;
  let outputs: number | undefined;
  let event: number | undefined;
  let lat: number | undefined;
  let lon: number | undefined;
  r.u16(); // index
  for (let n = r.u8(); n > 0; n--) {
    const id = r.id();
    const v = r.u8();
    if (id === 0x01) event = v;
    else if (id === 0x05) rec.valid = v > 0;
    else if (id === 0x06) rec.satellites = v;
    else if (id === 0x07) rec.gsm = v;
    else if (id === 0x14) outputs = v;
    else if (id === 0x15) inputs = v;
    else if (id === 0x47 && v > 0) a.lock = v === 2;
    else if (id === 0x97) a.throttle = v;
    else if (id === 0x9d) a.fuel = v;
    else if (id === 0xfe69) rec.batteryLevel = v;
  }
  for (let n = r.u8(); n > 0; n--) {
    const id = r.id();
    if (id === 0x0b) {
      rec.altitude = r.s16();
      continue;
    }
    const v = r.u16();
    if (id === 0x08) rec.speed = v;
    else if (id === 0x09) rec.course = v % 360;
    else if (id === 0x0a) a.hdop = v / 10;
    else if (id === 0x16) a.adc1 = v / 100;
    else if (id === 0x17) a.adc2 = v / 100;
    else if (id === 0x19) rec.battery = v / 100;
    else if (id === 0x1a) rec.power = v / 100;
    else if (id === 0x29) a.fuel = v / 100;
    else if (id === 0x40) event = v;
    else if (id === 0x91 || id === 0x92) a.obdSpeed = v;
    else if (id === 0x98) a.fuelUsed = v;
    else if (id === 0x99) a.rpm = v;
    else if (id === 0x9c) a.coolantTemp = v;
    else if (id === 0x9f) a.temp1 = v;
    else if (id === 0xc9) a.fuelConsumption = v;
  }
  for (let n = r.u8(); n > 0; n--) {
    const id = r.id();
    if (id === 0x02) lat = r.s32() / 1e6;
    else if (id === 0x03) lon = r.s32() / 1e6;
    else {
      const v = r.u32();
      if (id === 0x04) rec.fixTime = (EPOCH_2000 + v) * 1000;
      else if (id === 0x0c) rec.odometer = v;
      else if (id === 0x0d) a.runtime = v;
      else if (id === 0x25) rec.driverId = String(v);
      else if (id === 0x9b) a.obdOdometer = v;
      else if (id === 0xa0) a.fuelUsed = v / 1000;
      else if (id === 0xa2) a.fuelConsumption = v / 100;
      else if (id === 0xfef4) a.hours = v * 60000;
    }
  }
  for (let n = r.u8(); n > 0; n--) {
    const id = r.id();
    const value = r.sub(r.u8());
    try {
      variable(rec, id, value);
    } catch (err) {
      // A parameter shorter than its kind needs is skipped; the record stands.
      if (!(err instanceof Truncated)) throw err;
    }
  }
  if (lat !== undefined && lon !== undefined) setPlace(rec, lat, lon);
  applyMeitrackIo(rec, inputs, outputs);
  if (event !== undefined) applyMeitrackEvent(rec, event);
  return finishMeitrackRecord(rec);
}

const CELLS = new Set([0x0e, 0x0f, 0x10, 0x12, 0x13]);

/** One variable-length parameter; `r` spans exactly its bytes. */
function variable(rec: DeviceRecord, id: number, r: Reader): void {
  const a = rec.attributes;
  if (CELLS.has(id)) {
    // MCC u16 | MNC u16 | LAC u16 | CI u32 | signal s16: the first (serving) cell is kept.
    const mcc = r.u16();
    const mnc = r.u16();
    const lac = r.u16();
    const cid = r.u32();
    if (a.mcc === undefined && mcc && mnc) setCell(a, mcc, mnc, lac, cid);
  } else if (id >= 0x2a && id <= 0x31) {
    r.u8(); // sensor label
    a[`temp${id - 0x2a}`] = r.s16() / 100;
  } else if (id === 0xfe31) {
    // An event photo (MDVR): alarm protocol, alarm type and, for protocol 2, the file name.
    const protocol = r.u8();
    a.alarmType = r.u8();
    if (protocol === 0x02 && r.end - r.p > 1) {
      const file = r.buf.toString('latin1', r.p, r.end);
      const folder = file.slice(0, 8).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
      a.image = `${folder}/${file}`;
    }
  } else if (id === 0xfe73) {
    // A Bluetooth temperature/humidity tag: version, name, MAC, battery %, temperature, humidity.
    r.u8();
    const nameLength = r.u8();
    r.need(nameLength);
    a.tagName = r.buf.toString('latin1', r.p, r.p + nameLength);
    r.skip(nameLength + 6);
    a.tagBattery = r.u8();
    a.tagTemp = r.s16() / 256;
    a.tagHumidity = r.s16() / 256;
  } else if (id === 0xfea8) {
    // Up to three batteries: a present flag and a level each.
    for (let k = 1; k <= 3; k++) {
      const present = r.u8() > 0;
      const level = r.u8();
      if (!present) continue;
      if (k === 1) rec.batteryLevel = level;
      else a[`battery${k}Level`] = level;
    }
  }
}
