// Building blocks of GT06 packet contents: a bounds-checked reader, the GPS, cell (LBS) and
// status blocks, and the Concox alarm codes.
import type { DeviceRecord } from '../types';
import { addAlarmName, addEvent, settleAccidents } from './events';

/** Thrown when a packet's content ends before a field it should hold. */
export class Truncated extends Error {}

/** A bounds-checked cursor over one packet's content. */
export class Reader {
  constructor(
    readonly buf: Buffer,
    public p: number,
    readonly end: number,
  ) {}
  get left(): number {
    return this.end - this.p;
  }
  need(n: number): void {
    if (this.p + n > this.end) throw new Truncated();
  }
  u8(): number {
    this.need(1);
    return this.buf[this.p++];
  }
  u16(): number {
    this.need(2);
    const v = this.buf.readUInt16BE(this.p);
    this.p += 2;
    return v;
  }
  u24(): number {
    this.need(3);
    const v = this.buf.readUIntBE(this.p, 3);
    this.p += 3;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.buf.readUInt32BE(this.p);
    this.p += 4;
    return v;
  }
  skip(n: number): void {
    this.need(n);
    this.p += n;
  }
  hex(n: number): string {
    this.need(n);
    const s = this.buf.toString('hex', this.p, this.p + n);
    this.p += n;
    return s;
  }
  ascii(n: number): string {
    this.need(n);
    const s = this.buf.toString('latin1', this.p, this.p + n);
    this.p += n;
    return s;
  }
}

export function blank(deviceId: string, now: number): DeviceRecord {
  return {
    deviceId,
    protocol: 'gt06',
    fixTime: now,
    hasLocation: false,
    valid: false,
    lat: 0,
    lon: 0,
    speed: 0,
    course: 0,
    events: [],
    attributes: {},
  };
}

/** Date-time as yy mm dd hh mi ss (UTC), or NaN when the bytes are not a date. */
export function readTime(buf: Buffer, p: number): number {
  const [y, mo, d, h, mi, s] = [buf[p], buf[p + 1], buf[p + 2], buf[p + 3], buf[p + 4], buf[p + 5]];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return NaN;
  return Date.UTC(2000 + y, mo - 1, d, h, mi, s);
}

/** GPS block: time, satellites, latitude, longitude, speed, course and flags. */
export function decodeGps(r: Reader, rec: DeviceRecord, withTime = true): void {
  if (withTime) {
    r.need(6);
    const t = readTime(r.buf, r.p);
    if (!Number.isNaN(t)) rec.fixTime = t;
    r.p += 6;
  }
  rec.satellites = r.u8() & 0x0f;
  let lat = r.u32() / 1800000;
  let lon = r.u32() / 1800000;
  rec.speed = r.u8();
  const flags = r.u16();
  rec.course = flags & 0x3ff;
  rec.valid = (flags & 0x1000) !== 0;
  if (!(flags & 0x0400)) lat = -lat;
  if (flags & 0x0800) lon = -lon;
  rec.lat = lat;
  rec.lon = lon;
  rec.hasLocation = lat !== 0 || lon !== 0;
  if (flags & 0x4000) rec.ignition = (flags & 0x8000) !== 0;
}

interface LbsOptions {
  hasLength: boolean;
  wideCell?: boolean;
  longCell?: boolean;
}

/** Serving cell: MCC, MNC, LAC, cell id (kept as attributes for a later cell lookup). */
export function decodeLbs(r: Reader, rec: DeviceRecord, o: LbsOptions): void {
  let length = 0;
  if (o.hasLength) {
    length = r.u8();
    if (length === 0) {
      // Some firmwares send a zero length followed by a zeroed block instead of no block.
      const zeroEnd = Math.min(r.p + 45, r.end);
      let zeroed = true;
      for (let i = r.p + 9; i < zeroEnd; i++) if (r.buf[i] !== 0) zeroed = false;
      if (zeroed) r.p = Math.min(r.p + 45, r.end);
      return;
    }
  }
  const start = r.p;
  const mcc = r.u16();
  const mnc = mcc & 0x8000 ? r.u16() : r.u8();
  const lac = o.longCell ? r.u32() : r.u16();
  let cid: number;
  if (o.longCell) {
    r.need(8);
    cid = Number(r.buf.readBigUInt64BE(r.p));
    r.p += 8;
  } else cid = o.wideCell ? r.u32() : r.u24();
  const a = rec.attributes;
  a.mcc = mcc & 0x7fff;
  a.mnc = mnc;
  a.lac = lac;
  a.cid = cid;
  if (length > 9 && start - 1 + length > r.p) r.skip(start - 1 + length - r.p);
}

/**
 * Concox alarm codes → Traccar alarm name and, where it is one, our event (Traccar's
 * Gt06ProtocolDecoder decodeAlarm for trackers without a model option; docs/protocols.md).
 * 0x09 is the displacement alarm of the vehicle trackers (moved with the ignition off): a tow.
 * 0x23 "fall down" is settled by the ignition (settleAccidents): tilted while parked or a crash.
 */
const ALARMS: Record<number, [string, Parameters<typeof addEvent>[1] | null]> = {
  0x01: ['sos', 'panic'],
  0x02: ['powerCut', 'power_cut'],
  0x03: ['vibration', 'tamper'],
  0x04: ['geofenceEnter', null],
  0x05: ['geofenceExit', null],
  0x06: ['overspeed', 'overspeed'],
  0x09: ['tow', 'towing'],
  0x0c: ['tampering', 'tamper'],
  0x0e: ['lowBattery', 'low_battery'],
  0x0f: ['lowBattery', 'low_battery'],
  0x11: ['powerOff', null],
  0x13: ['tampering', 'tamper'],
  0x14: ['door', null],
  0x18: ['removing', 'harness_unplugged'],
  0x19: ['lowBattery', 'low_battery'],
  0x1a: ['hardBraking', 'harsh_braking'],
  0x1b: ['hardCornering', 'harsh_cornering'],
  0x23: ['fallDown', null],
  0x25: ['tampering', 'tamper'],
  0x26: ['hardAcceleration', 'harsh_acceleration'],
  0x27: ['hardBraking', 'harsh_braking'],
  0x28: ['hardBraking', 'harsh_braking'],
  0x29: ['hardAcceleration', 'harsh_acceleration'],
  0x2a: ['hardCornering', 'harsh_cornering'],
  0x2b: ['hardCornering', 'harsh_cornering'],
  0x2c: ['accident', 'crash'],
  0x2e: ['hardCornering', 'harsh_cornering'],
  // The GT06 manual lists 0x30 as "rapid deceleration".
  0x30: ['hardBraking', 'harsh_braking'],
  0x32: ['tampering', 'tamper'],
  0xf0: ['hardAcceleration', 'harsh_acceleration'],
  0xf1: ['hardBraking', 'harsh_braking'],
  0xf2: ['accident', 'crash'],
};

export function alarm(rec: DeviceRecord, code: number): void {
  const entry = ALARMS[code];
  if (!entry) return;
  if (entry[1]) addEvent(rec, entry[1], entry[0]);
  else addAlarmName(rec, entry[0]);
}

/** Terminal information byte: armed, ACC, charging, alarm bits 3-5, GPS on, oil/power cut. */
export function decodeTerminalInfo(rec: DeviceRecord, status: number, vxt01 = false): void {
  rec.attributes.status = status;
  rec.ignition = (status & 0x02) !== 0;
  rec.attributes.charge = (status & 0x04) !== 0;
  rec.attributes.blocked = (status & 0x80) !== 0;
  switch ((status >> 3) & 0x07) {
    case 1:
      addEvent(rec, 'tamper', 'vibration');
      break;
    case 2:
      addEvent(rec, 'power_cut');
      break;
    case 3:
      addEvent(rec, 'low_battery');
      break;
    case 4:
      addEvent(rec, 'panic');
      break;
    case 6:
      addAlarmName(rec, 'geofence');
      break;
    case 7:
      if (vxt01) addEvent(rec, 'overspeed');
      else addEvent(rec, 'harness_unplugged', 'removing');
      break;
  }
}

/** Voltage level 0-6 (or a percentage on newer firmware). */
export function batteryLevel(rec: DeviceRecord, v: number): void {
  if (v <= 6) rec.batteryLevel = Math.trunc((v * 100) / 6);
  else if (v <= 100) rec.batteryLevel = v;
}

/** Status block: terminal info, voltage level, GSM signal, alarm code, language. */
export function decodeStatusBlock(r: Reader, rec: DeviceRecord): void {
  decodeTerminalInfo(rec, r.u8());
  batteryLevel(rec, r.u8());
  rec.gsm = r.u8();
  const code = r.u8();
  rec.attributes.event = code;
  alarm(rec, code);
  if (r.left > 0) r.u8(); // language
}

/** ACC, upload reason and re-upload flag that several location packets append. */
export function decodeTrailer(r: Reader, rec: DeviceRecord): void {
  if (r.left === 3 || r.left === 7) {
    rec.ignition = r.u8() > 0;
    rec.attributes.event = r.u8();
    if (r.u8() > 0) rec.attributes.archive = true;
  }
  if (r.left === 4) rec.odometer = r.u32();
}

export function signMagnitude(v: number, bits: number): number {
  const mag = v & ((1 << (bits - 1)) - 1);
  return v & (1 << (bits - 1)) ? -mag : mag;
}

/** Speed (km/h) above which a vehicle whose relay holds the starter cut has bypassed it. */
export const BYPASS_KMH = 10;

/**
 * The events that need the whole record: an accident settled by the ignition, and an immobiliser
 * bypass (the terminal says oil and power are cut, yet the ignition is on and the fix moves).
 */
export function finishGt06Record(rec: DeviceRecord): void {
  if (
    rec.attributes.blocked === true &&
    rec.ignition === true &&
    rec.hasLocation &&
    rec.speed > BYPASS_KMH
  ) {
    addEvent(rec, 'immobiliser_bypass');
  }
  settleAccidents(rec);
}
