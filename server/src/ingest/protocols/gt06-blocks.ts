// Building blocks of GT06 packet contents: the packet context (type, model, clock), and the GPS,
// cell (LBS), Wi-Fi and status blocks shared by the packet families, read with the shared
// bounds-checked cursor (byte-reader.ts). Alarm codes live in gt06-alarms.ts.
import { blankRecord, type DeviceRecord } from '../types';
import { Reader } from './byte-reader';
import { addEvent, addAlarmName, settleAccidents } from './events';

export { Reader, Truncated } from './byte-reader';

/** Models whose 0x22/0x25 packets carry the IMEI, a device time, power and engine hours. */
const NT_MODELS = new Set(['NT11', 'NT20', 'NT26', 'NT40', 'NT46', 'VL100', 'XT40']);
/** Jimi models whose alarm codes 0x09, 0x28 and 0x30 mean tow, power off and braking. */
const VL_MODELS = new Set(['VL103', 'LL303', 'VL512', 'G18']);

/** One packet as the family decoders see it. */
export interface Gt06Packet {
  type: number;
  long: boolean;
  /** The frame's length field (type to CRC). */
  length: number;
  deviceId: string;
  now: number;
  /** The unit's device model, upper case, or null (set_unit_device; Traccar's "model"). */
  model: string | null;
  /** Minutes east of UTC of the device's clock (login time-zone extension); 0 for UTC. */
  tzMinutes: number;
}

export const isLw = (p: Gt06Packet) => p.model?.startsWith('LW') === true;
export const isSeeworld = (p: Gt06Packet) => p.model === 'SEEWORLD';
export const isNt = (p: Gt06Packet) => p.model !== null && NT_MODELS.has(p.model);
export const isVl = (p: Gt06Packet) => p.model !== null && VL_MODELS.has(p.model);

/** How a packet is answered once its records are committed. */
export type Gt06Answer =
  /** Same type and serial, empty content, short frame. */
  | 'short'
  /** Same type and serial, empty content, long frame. */
  | 'long'
  | 'none'
  /** These bytes. */
  | Buffer;

export interface Gt06Decoded {
  records: DeviceRecord[];
  answer: Gt06Answer;
}

export function blank(p: Gt06Packet): DeviceRecord {
  return blankRecord('gt06', p.deviceId, p.now);
}

/** Date-time as yy mm dd hh mi ss (UTC), or NaN when the bytes are not a date. */
export function readTime(buf: Buffer, p: number): number {
  const [y, mo, d, h, mi, s] = [buf[p], buf[p + 1], buf[p + 2], buf[p + 3], buf[p + 4], buf[p + 5]];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return NaN;
  return Date.UTC(2000 + y, mo - 1, d, h, mi, s);
}

/** The device's date-time field (6 bytes) in UTC, or NaN; its clock may run in a time zone. */
export function deviceTime(r: Reader, p: Gt06Packet): number {
  r.need(6);
  const t = readTime(r.buf, r.p);
  r.p += 6;
  return t - p.tzMinutes * 60_000;
}

/** The same six fields in BCD (Wi-Fi packets), UTC, or NaN. */
export function bcdTime(r: Reader): number {
  r.need(6);
  const digits = r.buf.toString('hex', r.p, r.p + 6);
  r.p += 6;
  if (!/^\d{12}$/.test(digits)) return NaN;
  const f = digits.match(/../g)!.map(Number);
  const b = Buffer.from(f);
  return readTime(b, 0);
}

/** Stamps a record without a fix with the packet's own time when it has one. */
export function eventTime(rec: DeviceRecord, t: number): void {
  if (Number.isFinite(t)) rec.fixTime = t;
}

export interface GpsOptions {
  /** A date-time comes first (default true). */
  time?: boolean;
  /** A length byte after the time; 0 means no fix follows (AZ735). */
  hasLength?: boolean;
  satellites?: boolean;
  speed?: boolean;
  /** Speed is two bytes (JC400). */
  longSpeed?: boolean;
  /** The course/status word comes before the speed (JC400). */
  swapFlags?: boolean;
}

/**
 * GPS block: time, satellites, latitude, longitude, speed, course and flags. False when a length
 * byte of 0 says there is no fix (the time is then the event time).
 */
export function decodeGps(
  r: Reader,
  rec: DeviceRecord,
  p: Gt06Packet,
  o: GpsOptions = {},
): boolean {
  if (o.time ?? true) eventTime(rec, deviceTime(r, p));
  if (o.hasLength && r.u8() === 0) return false;
  if (o.satellites ?? true) rec.satellites = r.u8() & 0x0f;
  const lat = r.u32() / 1800000;
  const lon = r.u32() / 1800000;
  let flags = o.swapFlags ? r.u16() : 0;
  if (o.speed ?? true) rec.speed = o.longSpeed ? r.u16() : r.u8();
  if (!o.swapFlags) flags = r.u16();
  applyFlags(rec, lat, lon, flags);
  return true;
}

/** Course, validity, hemispheres and (bit 14 set) ACC of the GPS course/status word. */
export function applyFlags(rec: DeviceRecord, lat: number, lon: number, flags: number): void {
  rec.course = flags & 0x3ff;
  rec.valid = (flags & 0x1000) !== 0;
  if (!(flags & 0x0400)) lat = -lat;
  if (flags & 0x0800) lon = -lon;
  rec.lat = lat;
  rec.lon = lon;
  rec.hasLocation = lat !== 0 || lon !== 0;
  if (flags & 0x4000) rec.ignition = (flags & 0x8000) !== 0;
}

export interface LbsOptions {
  /** A length byte comes first (status packets). */
  hasLength?: boolean;
  /**
   * The length byte counts the block exactly (SL4X). Otherwise, as Traccar reads it, a length
   * over 9 means that many bytes less 9 follow the cell: the NT trackers' 0x25 sends one byte
   * after its 4-byte cell id that the length does not count.
   */
  exactLength?: boolean;
  /** A cell type byte comes first (0x38, 0x39); 3 and above are 4G cells. */
  cellType?: boolean;
  mnc16?: boolean;
  lac32?: boolean;
  cid32?: boolean;
  cid64?: boolean;
}

/**
 * Serving cell: MCC, MNC, LAC, cell id, kept as attributes for a later cell lookup. False when a
 * length byte of 0 says there is no cell.
 */
export function decodeLbs(r: Reader, rec: DeviceRecord, o: LbsOptions): boolean {
  let length = 0;
  if (o.hasLength) {
    length = r.u8();
    if (length === 0) {
      // Some firmwares send a zero length followed by a zeroed 45-byte block instead of none.
      let zeroed = r.left >= 45;
      for (let i = r.p + 9; zeroed && i < r.p + 45; i++) if (r.buf[i] !== 0) zeroed = false;
      if (zeroed) r.p += 45;
      return false;
    }
  }
  const start = r.p;
  const cellType = o.cellType ? r.u8() : 0;
  const g4 = cellType >= 3;
  const mcc = r.u16();
  const mnc = mcc & 0x8000 || o.mnc16 ? r.u16() : r.u8();
  const lac = g4 || o.lac32 ? r.u32() : r.u16();
  const cid = g4 || o.cid64 ? r.u64() : o.cid32 ? r.u32() : r.u24();
  if (g4)
    r.u16(); // signal
  else if (o.cellType) r.u8(); // signal
  setCell(rec, mcc & 0x7fff, mnc, lac, cid);
  if (length > 9) r.skip(o.exactLength ? Math.max(0, start - 1 + length - r.p) : length - 9);
  return true;
}

export function setCell(rec: DeviceRecord, mcc: number, mnc: number, lac: number, cid: number) {
  const a = rec.attributes;
  a.mcc = mcc;
  a.mnc = mnc;
  a.lac = lac;
  a.cid = cid;
}

/**
 * Several cells (and Wi-Fi access points) for a network location: the first cell also as
 * mcc/mnc/lac/cid, all of them in `cell` as "mcc,mnc,lac,cid,rssi" joined by ";" (the OsmAnd
 * format), the access points in `wifi` as "mac,rssi".
 */
export class Network {
  private readonly cells: string[] = [];
  private readonly aps: string[] = [];
  private first: [number, number, number, number] | null = null;

  cell(mcc: number, mnc: number, lac: number, cid: number, rssi?: number): void {
    this.first ??= [mcc, mnc, lac, cid];
    this.cells.push([mcc, mnc, lac, cid, ...(rssi === undefined ? [] : [rssi])].join(','));
  }

  wifi(mac: string, rssi?: number): void {
    this.aps.push(rssi === undefined ? mac : `${mac},${rssi}`);
  }

  apply(rec: DeviceRecord): void {
    if (this.first) setCell(rec, ...this.first);
    if (this.cells.length) rec.attributes.cell = this.cells.join(';');
    if (this.aps.length) rec.attributes.wifi = this.aps.join(';');
  }
}

/** "aa:bb:cc:dd:ee:ff" of six bytes. */
export function mac(r: Reader): string {
  return r.hex(6).replace(/(..)(?!$)/g, '$1:');
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

export function signMagnitude(v: number, bits: number): number {
  const mag = v & ((1 << (bits - 1)) - 1);
  return v & (1 << (bits - 1)) ? -mag : mag;
}

/** Text for Traccar's serial-data packets: ASCII without control bytes other than CR and LF. */
export function printable(b: Buffer): boolean {
  for (const x of b) if ((x < 32 && x !== 0x0d && x !== 0x0a) || x > 0x7f) return false;
  return true;
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
