// GT06 location, status and alarm packets that share one layout: [GPS block] [cell block]
// [status block] [extras by type, model and variant]. Which blocks a type has, and the model
// variants (told apart by the frame length, or by the unit's device model), follow Traccar's
// Gt06ProtocolDecoder.
import { addAlarmName } from './events';
import { alarm } from './gt06-alarms';
import {
  batteryLevel,
  blank,
  decodeGps,
  decodeLbs,
  decodeTerminalInfo,
  deviceTime,
  isLw,
  isNt,
  isSeeworld,
  readTime,
  signMagnitude,
  type Gt06Decoded,
  type Gt06Packet,
  type Reader,
} from './gt06-blocks';
import type { Gt06Variant } from './gt06-variant';
import type { DeviceRecord } from '../types';

export const GT06_GPS = 0x10;
export const GT06_GPS_LBS_6 = 0x11;
export const GT06_GPS_LBS_1 = 0x12;
export const GT06_STATUS = 0x13;
export const GT06_GPS_LBS_STATUS_1 = 0x16;
export const GT06_GPS_LBS_RFID = 0x17;
export const GT06_LBS_STATUS = 0x19;
export const GT06_GPS_PHONE = 0x1a;
export const GT06_GPS_LBS_2 = 0x22;
export const GT06_GPS_LBS_DRIVER = 0x25;
export const GT06_GPS_LBS_STATUS_2 = 0x26;
export const GT06_GPS_LBS_STATUS_3 = 0x27;
export const GT06_GPS_LBS_4 = 0x2d;
export const GT06_GPS_LBS_5 = 0x31;
export const GT06_GPS_LBS_STATUS_4 = 0x32;
export const GT06_STATUS_2 = 0x36;
export const GT06_GPS_LBS_3 = 0x37;
export const GT06_ALARM_MODULE = 0x39;
export const GT06_GPS_4G = 0xa0;
export const GT06_GPS_LBS_STATUS_5 = 0xa2;
export const GT06_FENCE_SINGLE = 0xa3;
export const GT06_FENCE_MULTI = 0xa4;
export const GT06_LBS_ALARM = 0xa5;
export const GT06_LBS_ADDRESS = 0xa7;

const GPS = new Set([
  0x10, 0x11, 0x12, 0x16, 0x17, 0x1a, 0x1e, 0x22, 0x25, 0x26, 0x27, 0x2d, 0x31, 0x32, 0x37, 0x39,
  0xa0, 0xa2, 0xa4,
]);
const LBS = new Set([
  0x11, 0x12, 0x16, 0x17, 0x19, 0x22, 0x25, 0x26, 0x27, 0x2d, 0x31, 0x32, 0x37, 0x39, 0xa0, 0xa2,
  0xa4, 0xa5, 0xa7,
]);
const STATUS = new Set([0x13, 0x16, 0x19, 0x26, 0x27, 0x32, 0x36, 0x39, 0xa2, 0xa4, 0xa5]);

const hasGps = (t: number, v: Gt06Variant) => GPS.has(t) || (t === 0xa3 && v !== 'SEEWORLD');
const hasLbs = (t: number, v: Gt06Variant) => LBS.has(t) || (t === 0xa3 && v !== 'SEEWORLD');
const hasStatus = (t: number, v: Gt06Variant, nt: boolean) =>
  STATUS.has(t) || ((t === 0x22 || t === 0x25) && nt) || (t === 0xa3 && v === 'SEEWORLD');

/** The packet types decodeCommon takes (0x36 and 0x32 in short frames only). */
export function isCommonType(t: number, long: boolean): boolean {
  if (long && (t === GT06_GPS_LBS_STATUS_4 || t === GT06_STATUS_2)) return false;
  return GPS.has(t) || LBS.has(t) || STATUS.has(t) || t === 0xa3;
}

/**
 * 0x22/0x25 of the NT and XT trackers: a source byte of 1, the IMEI and a device time ahead of the
 * GPS block. Known from the unit's model, or (no model set) from the two dates after the IMEI.
 */
function ntLayout(r: Reader, p: Gt06Packet): boolean {
  if (p.type !== GT06_GPS_LBS_2 && p.type !== GT06_GPS_LBS_DRIVER) return false;
  if (isNt(p)) return true;
  if (p.model !== null || r.left < 1 + 8 + 6 + 18 || r.peek() !== 0x01) return false;
  return !Number.isNaN(readTime(r.buf, r.p + 9)) && !Number.isNaN(readTime(r.buf, r.p + 15));
}

export function decodeCommon(r: Reader, p: Gt06Packet, v: Gt06Variant): Gt06Decoded {
  const t = p.type;
  const nt = ntLayout(r, p);
  const rec = blank(p);
  const a = rec.attributes;
  a.type = t;

  // SPACE10X multi-cell 0x19: nothing to store, and Traccar does not answer it either.
  if (t === GT06_LBS_STATUS && v === 'SPACE10X') return { records: [], answer: 'none' };
  if (t === GT06_GPS_LBS_1 && imeiAhead(r, p)) r.skip(8);
  if (nt) {
    r.skip(1 + 8); // location source, IMEI
    deviceTime(r, p);
  }
  if (hasGps(t, v)) {
    // A location packet without its fix (an empty keep-alive): answered, nothing stored.
    if (r.left < 18) return { records: [], answer: 'short' };
    decodeGps(r, rec, p);
  }
  if (hasLbs(t, v) && r.left > 0) {
    const status = hasStatus(t, v, nt);
    decodeLbs(r, rec, {
      hasLength:
        status &&
        t !== GT06_LBS_STATUS &&
        t !== GT06_LBS_ALARM &&
        t !== GT06_ALARM_MODULE &&
        !(t === GT06_GPS_LBS_STATUS_1 && v === 'VXT01') &&
        t !== GT06_GPS_LBS_STATUS_5,
      cellType: t === GT06_ALARM_MODULE,
      mnc16: t === GT06_GPS_LBS_6 || v === 'SL4X',
      lac32: t === GT06_LBS_ALARM || t === GT06_GPS_4G || t === GT06_GPS_LBS_STATUS_5,
      cid64: t === GT06_LBS_ALARM || t === GT06_GPS_4G || t === GT06_GPS_LBS_STATUS_5,
      // SL4X cells have a 4-byte id (Traccar reads 8: its 0x31/0x32 samples show 4, and the
      // cell's length byte, 10, counts 4).
      cid32: t === GT06_GPS_LBS_6 || t === GT06_GPS_LBS_DRIVER || v === 'SEEWORLD' || v === 'SL4X',
      exactLength: v === 'SL4X',
    });
  }
  if (hasStatus(t, v, nt)) decodeStatus(r, rec, p, v, nt);

  const language = [GT06_STATUS_2, GT06_GPS_LBS_STATUS_3, GT06_GPS_LBS_STATUS_5];
  if ((nt || language.includes(t) || t === GT06_FENCE_MULTI || t === GT06_ALARM_MODULE) && r.left) {
    r.skip(1); // language
  }
  if (t === GT06_GPS_LBS_STATUS_1 && v === 'TRX16I') {
    r.skip(1); // language
    const rfid = r.hex(8);
    if (!/^0+$/.test(rfid)) rec.driverId = rfid;
  }
  if (t === GT06_STATUS_2 || t === GT06_ALARM_MODULE) decodeModules(r, rec);
  if (t === GT06_GPS_LBS_STATUS_5) {
    rec.odometer = r.u32();
    a.hours = r.u32() * 1000;
    r.skip(8); // terminal id
    rec.inputs = r.u16();
  }
  if (t === GT06_GPS_LBS_1) decodeGpsLbs1Variant(r, rec, p, v);
  if (t === GT06_GPS_LBS_2 && v === 'SEEWORLD') {
    rec.ignition = r.u8() > 0;
    r.skip(2); // reporting mode, supplementary transmission
    rec.odometer = r.u32();
    r.u32(); // travel time
    a.temp1 = signMagnitude(r.u16(), 16) / 100;
    a.humidity = r.u16() / 100;
  }
  // SL4X 0x32: the altitude after the language byte (length 0x29; not in 0x27).
  if (t === GT06_GPS_LBS_STATUS_4 && v === 'SL4X' && r.left >= 3) {
    r.skip(1);
    rec.altitude = r.s16();
  }
  const trailer = [GT06_GPS_LBS_2, GT06_GPS_LBS_3, GT06_GPS_LBS_4, GT06_GPS_LBS_5].includes(t);
  if (trailer && r.left >= 3 && !nt) {
    rec.ignition = r.u8() > 0;
    a.event = r.u8(); // upload reason
    if (r.u8() > 0) a.archive = true;
    if (v === 'SL4X') {
      if (r.left > 2) rec.odometer = r.u32();
      rec.altitude = r.s16();
    }
  }
  if (t === GT06_GPS_LBS_3) decodeGpsLbs3Module(r, rec);
  if (t === GT06_GPS_LBS_RFID) {
    rec.driverId = r.hex(8);
    r.skip(1); // validity
  }
  if (nt) {
    rec.odometer = r.u24();
    a.hours = r.u24() * 60000;
    if (t === GT06_GPS_LBS_DRIVER) {
      const n = r.u8();
      if (n > 0) {
        r.skip(1); // identifier type
        rec.driverId = r.hex(n - 1);
      }
    }
  }
  if (r.left === 3 || r.left === 7) {
    rec.ignition = r.u8() > 0;
    r.skip(1); // upload mode
    if (r.u8() > 0) a.archive = true;
  }
  if (r.left === 4) rec.odometer = r.u32();
  if ((t === GT06_GPS_LBS_STATUS_3 || t === GT06_FENCE_MULTI) && r.left > 0) a.geofence = r.u8();
  return { records: [rec], answer: 'short' };
}

/** 0x12 of the QH302R and clones: the IMEI ahead of the date (model, or an impossible date). */
function imeiAhead(r: Reader, p: Gt06Packet): boolean {
  if (p.model === 'QH302R') return true;
  return p.model === null && p.length === 0x27 && r.left >= 6 && Number.isNaN(readTime(r.buf, r.p));
}

/** Terminal information, voltage level, signal and alarm code, by variant and model. */
function decodeStatus(r: Reader, rec: DeviceRecord, p: Gt06Packet, v: Gt06Variant, nt: boolean) {
  const t = p.type;
  const a = rec.attributes;
  if (t === GT06_GPS_LBS_STATUS_5) r.skip(1); // network indicator
  decodeTerminalInfo(rec, r.u8(), v === 'VXT01');
  if (v === 'OBD6') {
    const signal = r.u16();
    rec.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    rec.gsm = signal & 0x1f;
    a.event = r.u8();
    alarm(rec, a.event, p);
    r.skip(1); // language
    rec.batteryLevel = r.u8();
    const mode = r.u8();
    rec.power = r.u16() / 100;
    r.skip(1 + 2); // reserved, working time
    if (mode === 4) a.temp1 = r.s16() / 10;
    return;
  }
  if (v === 'SEEWORLD' && p.length === 0x18) {
    r.skip(2 + 1); // extension bits, voltage level
    rec.gsm = r.u8();
    rec.power = r.u8();
    r.skip(3); // language, sound, light
    a.steps = r.u32();
    rec.batteryLevel = r.u8();
    a.charge = r.u8() === 1;
    rec.motion = r.u8() === 1;
    return;
  }
  const ntLocation = nt && (t === GT06_GPS_LBS_2 || t === GT06_GPS_LBS_DRIVER);
  if (t === GT06_GPS_LBS_STATUS_5 || ntLocation) rec.power = r.u16() / 100;
  if (t === GT06_STATUS && p.model === 'R11') {
    rec.power = r.u16() / 100;
  } else {
    const level = r.u8();
    if (ntLocation) rec.battery = level / 10;
    else batteryLevel(rec, level);
  }
  rec.gsm = r.u8();
  if (t === GT06_STATUS && isLw(p)) {
    rec.power = (r.u16() & 0xfff) / 10;
    return;
  }
  // Some heartbeats end after the signal byte.
  if (t === GT06_STATUS && r.left === 0) return;
  let code = r.u8();
  if (
    (t === GT06_GPS_LBS_STATUS_3 || t === GT06_FENCE_MULTI || t === GT06_ALARM_MODULE) &&
    r.left
  ) {
    code += (r.peek() >> 4) << 8; // the language byte's high nibble extends the code
  }
  if (t === GT06_STATUS && isSeeworld(p)) {
    rec.power = code;
  } else if (v !== 'VXT01') {
    a.event = code;
    alarm(rec, code, p, v === 'TRX16I');
  }
}

/** Modules of 0x36/0x39: type u16, length u8, value. */
function decodeModules(r: Reader, rec: DeviceRecord): void {
  while (r.left > 0) {
    const id = r.u16();
    const m = r.sub(r.u8());
    if (id === 0x0018) rec.battery = m.u16() / 100;
    else if (id === 0x0032) rec.attributes.startupStatus = m.u8();
    else if (id === 0x006a) rec.batteryLevel = m.u8();
  }
}

/** 0x37: one module after the upload reason (power, odometer or accuracy). */
function decodeGpsLbs3Module(r: Reader, rec: DeviceRecord): void {
  const id = r.u16();
  const m = r.sub(r.u8());
  if (id === 0x0027) rec.power = m.u16() / 100;
  else if (id === 0x002e) rec.odometer = m.u32();
  else if (id === 0x003b) rec.accuracy = m.u16() / 100;
}

/** 0x12 extras by model: GT06E and WeTrust card readers, Benway, VXT01, S5. */
function decodeGpsLbs1Variant(r: Reader, rec: DeviceRecord, p: Gt06Packet, v: Gt06Variant) {
  const a = rec.attributes;
  switch (v) {
    case 'GT06E_CARD':
      rec.odometer = r.u32();
      a.card = r.ascii(r.u8()).trim();
      r.skip(2); // alarm, swiped
      break;
    case 'BENWAY': {
      const mask = r.u16();
      rec.ignition = (mask & 0x8000) !== 0;
      a.in2 = (mask & 0x4000) !== 0;
      if (mask & 0x1000) a.temp1 = mask & 0x200 ? -(mask & 0x1ff) : mask & 0x1ff;
      else a.adc1 = mask & 0x2000 ? mask & 0x3ff : (mask & 0x3ff) / 10;
      break;
    }
    case 'VXT01':
      decodeTerminalInfo(rec, r.u8(), true);
      rec.power = r.u16() / 100;
      rec.gsm = r.u8();
      r.skip(1); // alarm extension: not an alarm code on this model
      break;
    case 'S5': {
      decodeTerminalInfo(rec, r.u8());
      rec.power = r.u16() / 100;
      rec.gsm = r.u8();
      a.event = r.u8();
      alarm(rec, a.event, p);
      a.oil = r.u16();
      const temp = r.u8();
      a.temp1 = temp & 0x80 ? -(temp & 0x7f) : temp;
      rec.odometer = r.u32() * 10;
      break;
    }
    case 'WETRUST':
      rec.odometer = r.u32();
      a.card = r.ascii(r.u8());
      if (r.u8() > 0) addAlarmName(rec, 'general');
      a.cardStatus = r.u8();
      a.drivingTime = r.u16();
      break;
    default:
      break;
  }
}
