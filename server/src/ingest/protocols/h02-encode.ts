// Device side of the H02 protocol: what a Sinotrack ST-901 style tracker sends. Used by the demo
// simulator, the bench and round-trip tests. Layouts as in h02-text.ts and h02-binary.ts.
import { KNOTS } from './h02-status';

export interface H02Fix {
  /** Epoch ms (the device sends UTC). */
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  course: number;
  valid: boolean;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** hhmmss and ddmmyy of a time (UTC). */
export function h02TimeFields(time: number): { hhmmss: string; ddmmyy: string } {
  const d = new Date(time);
  return {
    hhmmss: pad(d.getUTCHours(), 2) + pad(d.getUTCMinutes(), 2) + pad(d.getUTCSeconds(), 2),
    ddmmyy: pad(d.getUTCDate(), 2) + pad(d.getUTCMonth() + 1, 2) + pad(d.getUTCFullYear() % 100, 2),
  };
}

/** Degrees and minutes to 4 decimals: [degrees, minutes × 10000]. */
function degMin(value: number): [number, number] {
  const units = Math.round(Math.abs(value) * 60 * 10000);
  return [Math.floor(units / 600000), units % 600000];
}

/** DDMM.MMMM (latitude, 2 degree digits) or DDDMM.MMMM (longitude, 3). */
function textCoordinate(value: number, degreeDigits: 2 | 3): string {
  const [deg, min] = degMin(value);
  return pad(deg, degreeDigits) + (min / 10000).toFixed(4).padStart(7, '0');
}

/** The position block: hhmmss,A,lat,N,lon,E,speed,course,ddmmyy,STATUS. */
function positionBlock(f: H02Fix, status: number): string {
  const { hhmmss, ddmmyy } = h02TimeFields(f.time);
  return [
    hhmmss,
    f.valid ? 'A' : 'V',
    textCoordinate(f.lat, 2),
    f.lat < 0 ? 'S' : 'N',
    textCoordinate(f.lon, 3),
    f.lon < 0 ? 'W' : 'E',
    (f.speed / KNOTS).toFixed(2),
    pad(Math.round(f.course) % 360, 3),
    ddmmyy,
    (status >>> 0).toString(16).toUpperCase().padStart(8, '0'),
  ].join(',');
}

/** A text message `*XX,<id>,<fields...>#`. */
export function encodeH02Text(id: string, fields: string[], maker = 'HQ'): Buffer {
  return Buffer.from(`*${[maker, id, ...fields].join(',')}#`, 'latin1');
}

/** The general message: `*HQ,<id>,V1,<position block>#`. */
export function encodeH02Position(id: string, f: H02Fix, status: number, maker = 'HQ'): Buffer {
  return encodeH02Text(id, ['V1', positionBlock(f, status)], maker);
}

/**
 * A command's confirmation: `*HQ,<id>,V4,<result...>,<HHMMSS now>,<position block>#` where the
 * result is the command, its outcome and the command's time (e.g. `S20,DONE,130305`); without a
 * fix, `*HQ,<id>,V4,<result>#`.
 */
export function encodeH02Answer(
  id: string,
  result: string,
  f: H02Fix | null,
  status: number,
  maker = 'HQ',
): Buffer {
  return encodeH02Text(id, f ? ['V4', result, positionBlock(f, status)] : ['V4', result], maker);
}

/** The heartbeat with the battery level: `*HQ,<id>,HTBT,<level>#`. */
export function encodeH02Heartbeat(id: string, batteryLevel: number, maker = 'HQ'): Buffer {
  return encodeH02Text(id, ['HTBT', String(Math.round(batteryLevel))], maker);
}

/** BCD of a digit string (even length). */
function bcdBytes(digits: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < digits.length; i += 2)
    out.push(Number(digits[i]) * 16 + Number(digits[i + 1]));
  return out;
}

/**
 * The binary "standard mode" record (32 bytes): '$', the 10-digit id, time, date, latitude, the
 * battery byte, longitude with its flags, speed (knots) and course, status, user alarm flag,
 * reserved, record number.
 */
export function encodeH02Binary(
  id: string,
  f: H02Fix,
  status: number,
  record: number,
  batteryByte = 6,
): Buffer {
  if (!/^\d{10}$/.test(id)) throw new RangeError('the binary record carries a 10-digit id');
  const { hhmmss, ddmmyy } = h02TimeFields(f.time);
  const [latDeg, latMin] = degMin(f.lat);
  const [lonDeg, lonMin] = degMin(f.lon);
  const flags = (f.lon >= 0 ? 8 : 0) | (f.lat >= 0 ? 4 : 0) | (f.valid ? 2 : 0);
  const knots = Math.min(999, Math.round(f.speed / KNOTS));
  const course = Math.round(f.course) % 360;
  const lon = pad(lonDeg, 3) + pad(lonMin, 6) + flags.toString(16);
  const speed = pad(knots, 3) + String(Math.floor(course / 100)) + pad(course % 100, 2);
  const b = Buffer.from([
    0x24,
    ...bcdBytes(id),
    ...bcdBytes(hhmmss + ddmmyy),
    ...bcdBytes(pad(latDeg, 2) + pad(latMin, 6)),
    batteryByte & 0xff,
    ...Buffer.from(lon, 'hex'),
    ...Buffer.from(speed, 'hex'),
    0,
    0,
    0,
    0,
    0xff,
    0x00,
    record & 0xff,
  ]);
  b.writeUInt32BE(status >>> 0, 25);
  return b;
}
