// GT06 location, status and alarm packets → DeviceRecord. Layouts follow the Concox manuals;
// model variants are told apart by the frame length, as the devices give no other hint.
import type { DeviceRecord } from '../types';
import { addAlarmName } from './events';
import {
  alarm,
  batteryLevel,
  blank,
  decodeGps,
  decodeLbs,
  decodeStatusBlock,
  decodeTerminalInfo,
  decodeTrailer,
  readTime,
  Reader,
  signMagnitude,
} from './gt06-blocks';

export const GT06_GPS = 0x10;
export const GT06_GPS_LBS_6 = 0x11;
export const GT06_GPS_LBS_1 = 0x12;
export const GT06_STATUS = 0x13;
export const GT06_GPS_LBS_STATUS_1 = 0x16;
export const GT06_GPS_LBS_2 = 0x22;
export const GT06_HEARTBEAT = 0x23;
export const GT06_GPS_LBS_STATUS_2 = 0x26;
export const GT06_GPS_LBS_STATUS_3 = 0x27;
export const GT06_GPS_4G = 0xa0;

export const GT06_DATA_TYPES = new Set([
  GT06_GPS,
  GT06_GPS_LBS_6,
  GT06_GPS_LBS_1,
  GT06_STATUS,
  GT06_GPS_LBS_STATUS_1,
  GT06_GPS_LBS_2,
  GT06_HEARTBEAT,
  GT06_GPS_LBS_STATUS_2,
  GT06_GPS_LBS_STATUS_3,
  GT06_GPS_4G,
]);

const STATUS_TYPES = new Set([GT06_GPS_LBS_STATUS_1, GT06_GPS_LBS_STATUS_2, GT06_GPS_LBS_STATUS_3]);

export function decodeGt06Data(
  buf: Buffer,
  start: number,
  end: number,
  type: number,
  total: number,
  long: boolean,
  deviceId: string,
  now: number,
): DeviceRecord[] {
  const r = new Reader(buf, start, end);
  const rec = blank(deviceId, now);
  // The length byte of a short frame names the model variant of a few packet types.
  const len = long ? -1 : total - 5;
  rec.attributes.type = type;

  switch (type) {
    case GT06_STATUS:
      decodeStatus(r, rec, len);
      return [rec];
    case GT06_HEARTBEAT:
      decodeTerminalInfo(rec, r.u8());
      if (r.left >= 2) rec.battery = r.u16() / 100;
      if (r.left >= 1) rec.gsm = r.u8();
      return [rec];
    case GT06_GPS_LBS_2:
      if (len === 0x3c && r.buf[r.p] === 0x01) {
        decodeImeiLocation(r, rec);
        return [rec];
      }
      break;
  }

  if (r.left < 18) return [];
  if (type === GT06_GPS_LBS_1 && len === 0x27 && Number.isNaN(readTime(buf, r.p))) {
    r.skip(8); // the IMEI, sent ahead of the date by some trackers
  }
  decodeGps(r, rec);
  if (type === GT06_GPS) return [rec];

  if (STATUS_TYPES.has(type)) {
    const vxt01 = type === GT06_GPS_LBS_STATUS_1 && len === 0x24;
    const seeworld = type === GT06_GPS_LBS_STATUS_1 && len === 0x26;
    decodeLbs(r, rec, { hasLength: !vxt01, wideCell: seeworld });
    if (vxt01) {
      decodeTerminalInfo(rec, r.u8(), true);
      batteryLevel(rec, r.u8());
      rec.gsm = r.u8();
      r.u8(); // alarm extension: not an alarm code on this model
    } else {
      decodeStatusBlock(r, rec);
    }
    if (type === GT06_GPS_LBS_STATUS_3 && r.left === 1) rec.attributes.geofence = r.u8();
    if (r.left === 8 || r.left === 9) rec.driverId = r.hex(8);
    return [rec];
  }

  if (type === GT06_GPS_4G) {
    decodeLbs(r, rec, { hasLength: false, longCell: true });
    decodeTrailer(r, rec);
    return [rec];
  }

  if (type === GT06_GPS_LBS_6) {
    decodeLbs(r, rec, { hasLength: false, wideCell: true });
    decodeTrailer(r, rec);
    return [rec];
  }

  if (type === GT06_GPS_LBS_2) {
    const seeworld = len === 0x2f;
    decodeLbs(r, rec, { hasLength: false, wideCell: seeworld });
    if (seeworld) {
      rec.ignition = r.u8() > 0;
      r.skip(2); // reporting mode, supplementary transmission
      rec.odometer = r.u32();
      r.u32(); // travel time
      rec.attributes.temp1 = signMagnitude(r.u16(), 16) / 100;
      rec.attributes.humidity = r.u16() / 100;
      return [rec];
    }
    if (r.left >= 3) {
      rec.ignition = r.u8() > 0;
      rec.attributes.event = r.u8();
      if (r.u8() > 0) rec.attributes.archive = true;
    }
    if (r.left === 4) rec.odometer = r.u32();
    return [rec];
  }

  // GT06_GPS_LBS_1
  if (r.left >= 8) decodeLbs(r, rec, { hasLength: false });
  decodeGpsLbs1Variant(r, rec, len);
  return [rec];
}

/** 0x12 extras by model: VXT01, S5, WeTrust card reader, GT06E card reader, Benway. */
function decodeGpsLbs1Variant(r: Reader, rec: DeviceRecord, len: number): void {
  const a = rec.attributes;
  if (len === 0x24) {
    decodeTerminalInfo(rec, r.u8(), true);
    rec.power = r.u16() / 100;
    rec.gsm = r.u8();
    r.u8(); // alarm extension
  } else if (len === 0x2b) {
    decodeTerminalInfo(rec, r.u8());
    rec.power = r.u16() / 100;
    rec.gsm = r.u8();
    a.event = r.u8();
    alarm(rec, a.event);
    a.oil = r.u16();
    const t = r.u8();
    a.temp1 = t & 0x80 ? -(t & 0x7f) : t;
    rec.odometer = r.u32() * 10;
  } else if (len === 0x29) {
    rec.odometer = r.u32();
    a.card = r.ascii(r.u8());
    if (r.u8() > 0) addAlarmName(rec, 'general');
    a.cardStatus = r.u8();
    a.drivingTime = r.u16();
  } else if (len >= 0x71) {
    rec.odometer = r.u32();
    a.card = r.ascii(r.u8()).trim();
    r.skip(2); // alarm, swiped
  } else if (len === 0x21) {
    const mask = r.u16();
    rec.ignition = (mask & 0x8000) !== 0;
    a.in2 = (mask & 0x4000) !== 0;
    if (mask & 0x1000) a.temp1 = mask & 0x200 ? -(mask & 0x1ff) : mask & 0x1ff;
    else a.adc1 = mask & 0x2000 ? mask & 0x3ff : (mask & 0x3ff) / 10;
  } else {
    decodeTrailer(r, rec);
  }
}

/** 0x13: heartbeat with the terminal state; no location. */
function decodeStatus(r: Reader, rec: DeviceRecord, len: number): void {
  const a = rec.attributes;
  if (len === 0x15 && r.left === 16) {
    // Extended status of solar asset trackers: battery %, working voltage and temperature.
    r.u8(); // information content
    r.u16(); // satellites
    a.event = r.u8();
    alarm(rec, a.event);
    r.u8(); // language
    rec.batteryLevel = r.u8();
    r.u8(); // working mode
    rec.power = r.u16() / 100;
    r.skip(5); // reserved, working times, working time
    const v = r.u16();
    a.temp1 = v & 0x8000 ? (v & 0x7fff) / 10 : -(v & 0x7fff) / 10;
    return;
  }
  decodeTerminalInfo(rec, r.u8());
  if (len === 0x13) {
    // OBD6 variant: satellites and signal packed in a word, then battery %, mode, power.
    const signal = r.u16();
    rec.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    rec.gsm = signal & 0x1f;
    const code = r.u8();
    a.event = code;
    alarm(rec, code);
    r.u8(); // language
    rec.batteryLevel = r.u8();
    r.u8(); // working mode
    rec.power = r.u16() / 100;
    if (r.left === 5) {
      r.skip(3);
      a.temp1 = signMagnitude(r.u16(), 16) / 10;
    }
    return;
  }
  batteryLevel(rec, r.u8());
  rec.gsm = r.u8();
  if (r.left >= 1) {
    const code = r.u8();
    a.event = code;
    alarm(rec, code);
  }
}

/**
 * 0x22 as sent by trackers that prefix the IMEI and a second timestamp: a location, then status,
 * battery (0.1 V) and engine hours in minutes at fixed places.
 */
function decodeImeiLocation(r: Reader, rec: DeviceRecord): void {
  r.skip(1 + 8); // marker, IMEI
  r.need(12);
  const t = readTime(r.buf, r.p);
  if (!Number.isNaN(t)) rec.fixTime = t;
  r.skip(12); // device time, fix time
  decodeGps(r, rec, false);
  decodeLbs(r, rec, { hasLength: true });
  decodeTerminalInfo(rec, r.u8());
  r.skip(2);
  rec.battery = r.u8() / 10;
  r.skip(1 + 2 + 4);
  rec.attributes.hours = r.u16() * 60000;
}
