// Device side of the Queclink @Track protocol: the messages a GV300-class vehicle tracker sends
// (layouts of the GV300 @Track Air Interface Protocol TRACGV300AN002 §3.3, as the corpus shows
// them). Used by the demo simulator, the bench and round-trip tests.

/** Protocol version of a GV300 (device type 06) on firmware 02.28. */
export const QUECLINK_SIM_VERSION = '060228';

export interface QueclinkFix {
  /** Epoch ms (GPS UTC time). */
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  course: number;
  altitude: number;
  /** False: no fix now (GPS accuracy 0, the last known position repeated). */
  valid: boolean;
}

export interface QueclinkCell {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

export interface QueclinkHeader {
  imei: string;
  /** Epoch ms the message is sent. */
  sendTime: number;
  /** The count number (0..0xFFFF) the server's +SACK echoes. */
  count: number;
  /** Sent again from the device's buffer (+BUFF instead of +RESP). */
  buffered?: boolean;
  version?: string;
}

export interface QueclinkStatus {
  ignition: boolean;
  /** External supply, V. */
  power: number;
  /** Backup battery, %. */
  batteryLevel: number;
  /** Metres. */
  odometer: number;
  /** Digital inputs / outputs bit masks (input bit 0 is the ignition input, output bit 0 DOUT1). */
  inputs?: number;
  outputs?: number;
}

const SA_CELL: QueclinkCell = { mcc: 655, mnc: 1, lac: 0x2a1c, cid: 0x01f3a5 };

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** YYYYMMDDHHMMSS, UTC. */
export function queclinkTime(ms: number): string {
  const d = new Date(ms);
  return (
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1, 2) +
    pad(d.getUTCDate(), 2) +
    pad(d.getUTCHours(), 2) +
    pad(d.getUTCMinutes(), 2) +
    pad(d.getUTCSeconds(), 2)
  );
}

const hex4 = (n: number) => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');

/** The GPS block: accuracy, speed, azimuth, altitude, lon, lat, time, cell, reserved "00". */
function block(f: QueclinkFix, cell: QueclinkCell): string[] {
  return [
    f.valid ? '1' : '0',
    f.speed.toFixed(1),
    String(Math.round(f.course) % 360),
    f.altitude.toFixed(1),
    f.lon.toFixed(6),
    f.lat.toFixed(6),
    queclinkTime(f.time),
    pad(cell.mcc, 4),
    pad(cell.mnc, 4),
    cell.lac.toString(16).toUpperCase().padStart(4, '0'),
    cell.cid.toString(16).toUpperCase().padStart(4, '0'),
    '00',
  ];
}

/** One message: `+RESP:GT<type>,<version>,<IMEI>,<fields...>,<send time>,<count>$`. */
export function encodeQueclinkMessage(h: QueclinkHeader, type: string, fields: string[]): Buffer {
  const head = `+${h.buffered ? 'BUFF' : 'RESP'}:GT${type}`;
  const all = [head, h.version ?? QUECLINK_SIM_VERSION, h.imei, ...fields];
  return Buffer.from(`${all.join(',')},${queclinkTime(h.sendTime)},${hex4(h.count)}$`, 'latin1');
}

/** The device status word: ignition state (0x21/0x22 on, 0x11/0x12 off), inputs, outputs. */
export function queclinkStatusWord(s: QueclinkStatus, moving: boolean): string {
  const state = (s.ignition ? 0x20 : 0x10) | (moving ? 0x02 : 0x01);
  const inputs = (s.inputs ?? 0) | (s.ignition ? 1 : 0);
  const word = (state << 16) | ((inputs & 0xff) << 8) | ((s.outputs ?? 0) & 0xff);
  return word.toString(16).toUpperCase().padStart(6, '0');
}

const km = (m: number) => (m / 1000).toFixed(1);

/** +RESP:GTFRI, the fixed report: supply, the block, mileage, backup battery %, device status. */
export function encodeQueclinkFri(
  h: QueclinkHeader,
  f: QueclinkFix,
  s: QueclinkStatus,
  cell = SA_CELL,
): Buffer {
  const fields = [
    '', // device name
    String(Math.round(s.power * 1000)),
    '10', // report id 1, type 0: scheduled
    '1', // one position
    ...block(f, cell),
    km(s.odometer),
    '', // hour meter
    '', // analog input 1
    '', // analog input 2
    String(Math.round(s.batteryLevel)),
    queclinkStatusWord(s, f.speed > 0),
    '',
    '',
    '',
  ];
  return encodeQueclinkMessage(h, 'FRI', fields);
}

/**
 * An event report in the GTFRI layout without the status tail (GTSOS panic, GTSPD speeding, GTTOW
 * towing, GTHBM harsh behaviour, GTGEO geofence, ...): `reportType` is <Report ID><Report Type>
 * (GTHBM: type 0 braking, 1 acceleration, 2 cornering).
 */
export function encodeQueclinkEvent(
  h: QueclinkHeader,
  type: string,
  f: QueclinkFix,
  odometer: number,
  reportType = '10',
  cell = SA_CELL,
): Buffer {
  return encodeQueclinkMessage(h, type, ['', '', reportType, '1', ...block(f, cell), km(odometer)]);
}

/** GTMPF (main power cut) / GTMPN (main power connected): the block only. */
export function encodeQueclinkPower(h: QueclinkHeader, connected: boolean, f: QueclinkFix) {
  return encodeQueclinkMessage(h, connected ? 'MPN' : 'MPF', ['', ...block(f, SA_CELL)]);
}

/** GTIGN / GTIGF: how long the ignition was off (on), the block, hour meter, mileage. */
export function encodeQueclinkIgnition(
  h: QueclinkHeader,
  on: boolean,
  f: QueclinkFix,
  odometer: number,
  durationS = 0,
): Buffer {
  const fields = ['', String(durationS), ...block(f, SA_CELL), '', km(odometer)];
  return encodeQueclinkMessage(h, on ? 'IGN' : 'IGF', fields);
}

/** GTIDA: a driver's iButton key was read. */
export function encodeQueclinkDriverId(
  h: QueclinkHeader,
  id: string,
  f: QueclinkFix,
  odometer: number,
): Buffer {
  const fields = ['', '', id, '1', '1', ...block(f, SA_CELL), km(odometer), '', '', '', ''];
  return encodeQueclinkMessage(h, 'IDA', fields);
}

/** The heartbeat `+ACK:GTHBD,<version>,<IMEI>,,<send time>,<count>$`. */
export function encodeQueclinkHeartbeat(h: QueclinkHeader): Buffer {
  const v = h.version ?? QUECLINK_SIM_VERSION;
  return Buffer.from(
    `+ACK:GTHBD,${v},${h.imei},,${queclinkTime(h.sendTime)},${hex4(h.count)}$`,
    'latin1',
  );
}

/** A command's acknowledgement `+ACK:GT<cmd>,<version>,<IMEI>,,<serial>,<send time>,<count>$`. */
export function encodeQueclinkCommandAck(h: QueclinkHeader, command: string, serial: string) {
  const v = h.version ?? QUECLINK_SIM_VERSION;
  return Buffer.from(
    `+ACK:GT${command},${v},${h.imei},,${serial},${queclinkTime(h.sendTime)},${hex4(h.count)}$`,
    'latin1',
  );
}
