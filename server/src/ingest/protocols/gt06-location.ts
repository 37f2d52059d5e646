// GT06 packets with a layout of their own: the GK310 heartbeat (0x23), the solar asset tracker's
// status (0x13 with 16 bytes), the X1 location (0x34), iButton (0x61), TRX-16i RFID (0x36),
// SR411 mini (0x24) and the 0x38 location with a typed cell. Field layouts as Traccar's
// Gt06ProtocolDecoder reads them.
import type { DeviceRecord } from '../types';
import { alarm } from './gt06-alarms';
import {
  blank,
  decodeGps,
  decodeLbs,
  setCell,
  type Gt06Decoded,
  type Gt06Packet,
  type Reader,
} from './gt06-blocks';

export const GT06_HEARTBEAT = 0x23;
export const GT06_X1_GPS = 0x34;
export const GT06_LOCATION_RFID = 0x36;
export const GT06_GPS_LBS_8 = 0x38;
export const GT06_IBUTTON = 0x61;

function record(p: Gt06Packet): DeviceRecord {
  const rec = blank(p);
  rec.attributes.type = p.type;
  return rec;
}

/** 0x23 (GK310): status byte (armed, ACC, charging), battery (V), signal; no location. */
export function decodeHeartbeat(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const status = r.u8();
  rec.attributes.status = status;
  rec.attributes.armed = (status & 0x01) !== 0;
  rec.ignition = (status & 0x02) !== 0;
  rec.attributes.charge = (status & 0x04) !== 0;
  if (r.left >= 2) rec.battery = r.u16() / 100;
  if (r.left >= 1) rec.gsm = r.u8();
  return { records: [rec], answer: 'short' };
}

/**
 * 0x13 of solar asset trackers (16 bytes): battery %, working voltage and temperature (bit 15 set
 * means above zero).
 */
export function decodeSolarStatus(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  r.skip(1 + 2); // information content, satellites
  a.event = r.u8();
  alarm(rec, a.event, p);
  r.skip(1); // language
  rec.batteryLevel = r.u8();
  r.skip(1); // working mode
  rec.power = r.u16() / 100;
  r.skip(1 + 2 + 2); // reserved, working times, working time
  const v = r.u16();
  a.temp1 = v & 0x8000 ? (v & 0x7fff) / 10 : -(v & 0x7fff) / 10;
  return { records: [rec], answer: 'short' };
}

/**
 * 0x34 of the X1: data and alarm word, GPS, terminal info, odometer, cell, driver id, battery
 * and power (V), port info (bits 20-23: the number of analogue inputs), inputs, outputs, ADCs.
 * Traccar does not answer it.
 */
export function decodeX1(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  r.skip(4); // data and alarm
  decodeGps(r, rec, p);
  r.skip(2); // terminal info
  rec.odometer = r.u32();
  setCell(rec, r.u16(), r.u8(), r.u16(), r.u32());
  const driver = r.u32();
  if (driver > 0) rec.driverId = String(driver);
  rec.battery = r.u16() / 100;
  rec.power = r.u16() / 100;
  const ports = r.u32();
  rec.inputs = r.u8();
  rec.outputs = r.u8();
  const adcs = (ports >>> 20) & 0x0f;
  for (let i = 1; i <= adcs; i++) a[`adc${i}`] = r.u16() / 100;
  return { records: [rec], answer: 'none' };
}

/** 0x61: the IMEI, GPS, cell, and the iButton id (48 bits, as a decimal number). */
export function decodeIbutton(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  r.skip(8); // IMEI
  decodeGps(r, rec, p);
  decodeLbs(r, rec, { cid32: true });
  const high = r.u32();
  rec.driverId = String(high * 0x10000 + r.u16());
  return { records: [rec], answer: 'short' };
}

/**
 * 0x36 of the TRX-16i (length 0x35): GPS, cell, ACC, upload mode, re-upload, odometer, power (V),
 * battery (0.1 V), engine hours (minutes) and the RFID tag (all zeros: none).
 */
export function decodeLocationRfid(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  decodeGps(r, rec, p);
  decodeLbs(r, rec, { cid32: true });
  rec.ignition = r.u8() > 0;
  a.uploadMode = r.u8();
  if (r.u8() > 0) a.archive = true;
  rec.odometer = r.u32();
  rec.power = r.u16() / 100;
  rec.battery = r.u8() / 10;
  a.hours = r.u24() * 60000;
  const rfid = r.hex(8);
  if (!/^0+$/.test(rfid)) rec.driverId = rfid;
  return { records: [rec], answer: 'short' };
}

/** 0x24 of the SR411 mini (length 0x2E): GPS, cell, ACC, power and battery (V). */
export function decodeSr411(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  decodeGps(r, rec, p);
  decodeLbs(r, rec, {});
  rec.ignition = r.u8() > 0;
  rec.power = r.u16() / 100;
  rec.battery = r.u16() / 100;
  return { records: [rec], answer: 'none' };
}

/** 0x38: GPS, upload mode, re-upload, then a cell with its type (3 and up: 4G). */
export function decodeGpsLbs8(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  decodeGps(r, rec, p);
  rec.attributes.uploadMode = r.u8();
  if (r.u8() > 0) rec.attributes.archive = true;
  decodeLbs(r, rec, { cellType: true });
  return { records: [rec], answer: 'none' };
}
