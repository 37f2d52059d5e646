// Device side of the GT06 protocol: what a Concox tracker sends. Used by the demo simulator and
// by round-trip tests.
import { encodeGt06Frame, GT06_LOGIN } from './gt06';
import { GT06_GPS_LBS_2, GT06_GPS_LBS_STATUS_1, GT06_STATUS } from './gt06-data';

export interface Gt06Fix {
  /** Epoch ms. */
  time: number;
  lat: number;
  lon: number;
  /** km/h, 0..255 */
  speed: number;
  course: number;
  satellites: number;
  valid: boolean;
  ignition?: boolean;
}

export interface Gt06Cell {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

export interface Gt06Status {
  ignition: boolean;
  charging?: boolean;
  /** Voltage level 0..6. */
  voltageLevel: number;
  /** GSM signal 0..4. */
  gsm: number;
  /** Alarm code (0x01 SOS, 0x06 overspeed, 0x30 harsh braking, ...), 0 for none. */
  alarm: number;
  /**
   * The alarm bits 3-5 of the terminal information byte: 1 vibration, 2 power cut, 3 low battery,
   * 4 SOS, 7 removal; 0 (default) none.
   */
  terminalAlarm?: number;
  /** Bit 7 of the terminal information: oil and power cut (the relay holds the immobiliser). */
  cut?: boolean;
}

const SA_CELL: Gt06Cell = { mcc: 655, mnc: 1, lac: 0x2a1c, cid: 0x01f3a5 };

export function encodeGt06Login(imei: string, serial: number): Buffer {
  return encodeGt06Frame(GT06_LOGIN, serial, Buffer.from(imei.padStart(16, '0'), 'hex'));
}

function gpsBlock(f: Gt06Fix): Buffer {
  const b = Buffer.alloc(18);
  const d = new Date(f.time);
  b[0] = d.getUTCFullYear() - 2000;
  b[1] = d.getUTCMonth() + 1;
  b[2] = d.getUTCDate();
  b[3] = d.getUTCHours();
  b[4] = d.getUTCMinutes();
  b[5] = d.getUTCSeconds();
  b[6] = 0xc0 | Math.min(15, f.satellites); // GPS info length 12, satellites
  b.writeUInt32BE(Math.round(Math.abs(f.lat) * 1800000), 7);
  b.writeUInt32BE(Math.round(Math.abs(f.lon) * 1800000), 11);
  b[15] = Math.max(0, Math.min(255, Math.round(f.speed)));
  let flags = Math.round(f.course) % 360;
  if (f.lat >= 0) flags |= 0x0400;
  if (f.lon < 0) flags |= 0x0800;
  if (f.valid) flags |= 0x1000;
  if (f.ignition !== undefined) flags |= 0x4000 | (f.ignition ? 0x8000 : 0);
  b.writeUInt16BE(flags, 16);
  return b;
}

function cellBlock(c: Gt06Cell, withLength: boolean): Buffer {
  const b = Buffer.alloc(withLength ? 9 : 8);
  let p = 0;
  if (withLength) b[p++] = 9;
  b.writeUInt16BE(c.mcc, p);
  b[p + 2] = c.mnc;
  b.writeUInt16BE(c.lac, p + 3);
  b.writeUIntBE(c.cid, p + 5, 3);
  return b;
}

function statusBlock(s: Gt06Status): Buffer {
  const info =
    0x40 |
    (s.ignition ? 0x02 : 0) |
    (s.charging ? 0x04 : 0) |
    (((s.terminalAlarm ?? 0) & 0x07) << 3) |
    (s.cut ? 0x80 : 0);
  return Buffer.from([info, s.voltageLevel, s.gsm, s.alarm, 0x02 /* English */]);
}

/** 0x22: a location with the cell, ACC state and upload reason. */
export function encodeGt06Location(f: Gt06Fix, serial: number, cell = SA_CELL): Buffer {
  const trailer = Buffer.from([f.ignition ? 1 : 0, 0x00 /* timed upload */, 0x00]);
  return encodeGt06Frame(
    GT06_GPS_LBS_2,
    serial,
    Buffer.concat([gpsBlock(f), cellBlock(cell, false), trailer]),
  );
}

/** 0x16: a location with the terminal status and an alarm code. */
export function encodeGt06Alarm(f: Gt06Fix, s: Gt06Status, serial: number, cell = SA_CELL): Buffer {
  return encodeGt06Frame(
    GT06_GPS_LBS_STATUS_1,
    serial,
    Buffer.concat([gpsBlock(f), cellBlock(cell, true), statusBlock(s)]),
  );
}

/** 0x13: the heartbeat a parked tracker sends. */
export function encodeGt06Heartbeat(s: Gt06Status, serial: number): Buffer {
  return encodeGt06Frame(GT06_STATUS, serial, statusBlock(s));
}
