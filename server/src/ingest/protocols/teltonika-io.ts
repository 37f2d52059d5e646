// Teltonika AVL IO elements → DeviceRecord fields and events (FMB/FMC/FMM parameter ids).
// Every IO is also kept raw as attribute `io<id>`; the named values below follow Traccar's names.
import type { DeviceEventType, DeviceRecord } from '../types';
import { addEvent, settleAccidents } from './events';

const IO_KEYS: string[] = [];

/** `io<id>` without a string concatenation per element on the hot path. */
export function ioKey(id: number): string {
  return (IO_KEYS[id] ??= 'io' + id);
}

function signed(v: number, size: number): number {
  if (size === 1) return v > 0x7f ? v - 0x100 : v;
  if (size === 2) return v > 0x7fff ? v - 0x10000 : v;
  if (size === 4) return v > 0x7fffffff ? v - 0x100000000 : v;
  return v;
}

/**
 * One fixed-size IO element. `v` is the unsigned value (8-byte values beyond 2^53 arrive as the
 * decimal string and are only kept raw). `eventId` is the record's event IO id: state-like IOs
 * (ignition, unplug, towing, jamming) raise an event only on the record they triggered, so a
 * periodic record repeating the state does not raise it again.
 */
export function applyIo(
  rec: DeviceRecord,
  id: number,
  v: number,
  size: number,
  eventId: number,
): void {
  const a = rec.attributes;
  a[ioKey(id)] = v;
  switch (id) {
    case 1:
    case 2:
    case 3:
    case 4:
      rec.inputs = v ? (rec.inputs ?? 0) | (1 << (id - 1)) : (rec.inputs ?? 0);
      break;
    case 179:
    case 180:
      rec.outputs = v ? (rec.outputs ?? 0) | (1 << (id - 179)) : (rec.outputs ?? 0);
      break;
    case 16:
      rec.odometer = v;
      break;
    case 199:
      a.tripOdometer = v;
      break;
    case 21:
      rec.gsm = v;
      break;
    case 66:
      rec.power = v / 1000;
      break;
    case 67:
      rec.battery = v / 1000;
      break;
    case 113:
      if (size === 1 && v <= 100) rec.batteryLevel = v;
      break;
    case 17:
      a.axisX = signed(v, size);
      break;
    case 18:
      a.axisY = signed(v, size);
      break;
    case 19:
      a.axisZ = signed(v, size);
      break;
    case 72:
    case 73:
    case 74:
    case 75:
      a['temp' + (id - 71)] = signed(v, size) / 10;
      break;
    case 181:
      a.pdop = v / 10;
      break;
    case 182:
      a.hdop = v / 10;
      break;
    case 239:
      rec.ignition = v > 0;
      if (eventId === 239) addEvent(rec, v > 0 ? 'ignition_on' : 'ignition_off');
      break;
    case 240:
      rec.motion = v > 0;
      break;
    case 241:
      a.operator = v;
      break;
    case 236:
      // "Alarm": raised by an input configured as the panic button.
      if (v > 0) addEvent(rec, 'panic');
      break;
    case 246:
      if (v > 0 && eventId === 246) addEvent(rec, 'towing');
      break;
    case 247:
      // Crash detection is an eventual IO: 1-6 = a crash (with or without a crash trace, the
      // accelerometer calibrated or not). While parked it is an impact: settleAccidents.
      if (v > 0) addEvent(rec, 'crash');
      break;
    case 249:
      if (v > 0 && eventId === 249) addEvent(rec, 'gsm_jamming');
      break;
    case 318:
      // GNSS jamming: 0 = none, 1 = warning, 2 = critical (the fix is lost).
      if (v > 0 && eventId === 318) addEvent(rec, 'gps_jamming');
      break;
    // 252 (unplug) is settled with the whole record: finishTeltonikaRecord.
    case 253:
      // Green driving type: 1 harsh acceleration, 2 harsh braking, 3 harsh cornering.
      if (v === 1) addEvent(rec, 'harsh_acceleration');
      else if (v === 2) addEvent(rec, 'harsh_braking');
      else if (v === 3) addEvent(rec, 'harsh_cornering');
      break;
    case 255:
      // Over speeding is eventual; its value is the speed at the start of the event.
      if (eventId === 255) addEvent(rec, 'overspeed');
      break;
    default:
      if (id >= 10800 && id <= 10803 && size === 2)
        a['eyeTemp' + (id - 10799)] = signed(v, 2) / 100;
      break;
  }
}

/**
 * Digital inputs wired to an alarm (the recovery desk's default installation, docs/protocols.md
 * "Chase-up events"): the record a DIN triggered, going high, raises the event. DIN1 is the
 * ignition. An input whose event record has panic priority (2) is a panic button instead.
 * `immobiliser_line_high` only with the ignition off; the tracker's input filter (averaging
 * constant) holds the 20 s.
 */
export const TELTONIKA_INPUT_EVENTS: Partial<Record<number, DeviceEventType>> = {
  2: 'house_alarm',
  3: 'immobiliser_line_high',
};

/** AIN1 (IO 9, mV) at or above this while the external supply is lost: the vehicle battery is there. */
export const SUPPLY_SENSE_MV = 9000;
/** Green driving braking (IO 253 = 2) at or above this value of IO 254 (g × 100): crash braking. */
export const CRASH_BRAKING_CG = 120;

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * The events that need the whole record (an IO may come before the one that qualifies it): call
 * once all IO elements of a record are applied. `eventId` is the record's event IO.
 */
export function finishTeltonikaRecord(rec: DeviceRecord, eventId: number): void {
  const a = rec.attributes;
  switch (eventId) {
    case 252: {
      // Unplug: 1 = external power lost, 0 = back. With the vehicle battery still sensed on AIN1
      // (wired ahead of the tracker's fuse), it was the tracker's own feed: cut or fuse blown.
      const v = num(a.io252);
      if (v === undefined) break;
      const ain1 = num(a.io9);
      if (v === 0) addEvent(rec, 'power_restored');
      else if (ain1 !== undefined && ain1 >= SUPPLY_SENSE_MV) addEvent(rec, 'supply_cut');
      else addEvent(rec, 'power_cut');
      break;
    }
    case 248:
      // Immobiliser / authorised driving: 0 = no (authorised) key since the ignition came on.
      if (a.io248 === 0 && rec.ignition === true) addEvent(rec, 'driver_id_timeout');
      break;
    case 69:
      // GNSS status 0 = the receiver is off, while the tracker is awake (IO 200 sleep mode 0).
      if (a.io69 === 0 && (num(a.io200) ?? 0) === 0) addEvent(rec, 'gps_fault');
      break;
    case 239:
    case 240:
    case 179:
      // DOUT1 holds the starter cut, yet the ignition is on and the vehicle moves: bypassed.
      if (a.io179 === 1 && rec.ignition === true && rec.motion === true) {
        addEvent(rec, 'immobiliser_bypass');
      }
      break;
    default: {
      const input = eventId >= 1 && eventId <= 4 ? TELTONIKA_INPUT_EVENTS[eventId] : undefined;
      if (input && a[ioKey(eventId)] === 1 && a.priority !== 2) {
        if (input !== 'immobiliser_line_high' || rec.ignition === false) addEvent(rec, input);
      }
    }
  }
  if (a.io253 === 2 && (num(a.io254) ?? 0) >= CRASH_BRAKING_CG) addEvent(rec, 'crash_braking');
  settleAccidents(rec);
}

/** The driver identifiers of FMB trackers: the iButton key and the RFID card (8 bytes each). */
export const IO_IBUTTON = 78;
export const IO_RFID = 207;

/**
 * IO 78 (iButton) or 207 (RFID card): the id as 16 hex digits, as Traccar prints it; 0 is no key.
 * An event record of that IO is the moment the key was presented.
 */
export function applyIButton(
  rec: DeviceRecord,
  hi: number,
  lo: number,
  eventId: number,
  io: number = IO_IBUTTON,
): void {
  if (hi === 0 && lo === 0) return;
  rec.driverId = (
    hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0')
  ).toUpperCase();
  if (eventId === io) addEvent(rec, 'driver_id');
}

const BLE_TAG_IOS = new Set([548, 10828, 10829, 10831, 11317]);

function hex(buf: Buffer, start: number, end: number): string {
  return buf.toString('hex', start, end);
}

/** Variable-length IO (Codec 8 Extended "NX" group). Malformed inner data is kept raw only. */
export function applyVariableIo(
  rec: DeviceRecord,
  id: number,
  buf: Buffer,
  start: number,
  end: number,
): void {
  const a = rec.attributes;
  a[ioKey(id)] = hex(buf, start, end);
  if (id === 256) a.vin = buf.toString('latin1', start, end);
  else if (id === 281) a.dtcs = buf.toString('latin1', start, end).replace(/,/g, ' ');
  else if (BLE_TAG_IOS.has(id)) decodeBleTags(a, buf, start, end);
  else if (id === 385) decodeBeacons(a, buf, start, end);
}

type Attrs = DeviceRecord['attributes'];

// EYE sensors / BTSMP tags: a header byte, then per tag a length byte and (id, len, value) triples.
function decodeBleTags(a: Attrs, buf: Buffer, start: number, end: number): void {
  let p = start + 1;
  for (let i = 1; p < end; i++) {
    const tagEnd = p + 1 + buf[p];
    if (tagEnd > end) return;
    p++;
    while (p + 2 <= tagEnd) {
      const pid = buf[p];
      const len = buf[p + 1];
      const v = p + 2;
      if (v + len > tagEnd) return;
      const k = 'tag' + i;
      if (pid === 0 && len >= 1) a[k + 'Rssi'] = buf.readInt8(v);
      else if (pid === 1) a[k + 'Id'] = hex(buf, v, v + len);
      else if (pid === 2 && len >= 1) {
        if (buf[v] & 0x40) a[k + 'LowBattery'] = true;
        if (buf[v] & 0x80 && len >= 2) a[k + 'Voltage'] = buf[v + 1] * 10 + 2000;
      } else if (pid === 5) a[k + 'Name'] = buf.toString('utf8', v, v + len);
      else if (pid === 6 && len >= 2) a[k + 'Temp'] = buf.readInt16BE(v);
      else if (pid === 7 && len >= 1) a[k + 'Humidity'] = buf[v];
      else if (pid === 8 && len >= 1) a[k + 'Magnet'] = buf[v] > 0;
      else if (pid === 9 && len >= 1) a[k + 'Motion'] = buf[v] > 0;
      else if (pid === 10 && len >= 2) a[k + 'MotionCount'] = buf.readUInt16BE(v);
      else if (pid === 13 && len >= 1) a[k + 'LowBattery'] = buf[v];
      else if (pid === 14 && len >= 2) a[k + 'Battery'] = buf.readUInt16BE(v);
      else if (pid === 15 && len >= 6) a[k + 'Mac'] = hex(buf, v, v + 6);
      p = v + len;
    }
    p = tagEnd;
  }
}

// iBeacon / Eddystone list (IO 385): a data-part byte, then flagged beacon entries.
function decodeBeacons(a: Attrs, buf: Buffer, start: number, end: number): void {
  let p = start + 1;
  for (let i = 1; p < end; i++) {
    const flags = buf[p++];
    const k = 'beacon' + i;
    const idLen = flags >> 4 ? 20 : 16;
    const need = idLen + 1 + (flags & 2 ? 2 : 0) + (flags & 4 ? 2 : 0);
    if (p + need > end) return;
    if (flags >> 4) {
      a[k + 'Uuid'] = hex(buf, p, p + 16);
      a[k + 'Major'] = buf.readUInt16BE(p + 16);
      a[k + 'Minor'] = buf.readUInt16BE(p + 18);
    } else {
      a[k + 'Namespace'] = hex(buf, p, p + 10);
      a[k + 'Instance'] = hex(buf, p + 10, p + 16);
    }
    p += idLen;
    a[k + 'Rssi'] = buf.readInt8(p++);
    if (flags & 2) {
      a[k + 'Battery'] = buf.readUInt16BE(p) / 100;
      p += 2;
    }
    if (flags & 4) {
      a[k + 'Temp'] = buf.readUInt16BE(p);
      p += 2;
    }
  }
}
