// What a Meitrack tracker sends (the device side of meitrack.ts): AAA text reports, CCE and CCC
// binary batches and text answers to commands. Used by the simulator, the bench and round-trip
// tests. Layouts: see meitrack-text.ts and meitrack-binary.ts.
import { encodeMeitrackFrame } from './meitrack';

export interface MeitrackCell {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
}

export interface MeitrackFix {
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  course: number;
  altitude?: number;
  satellites: number;
  valid: boolean;
  /** Event code (MEITRACK_EVENT): 35 = track by time interval. */
  event: number;
  /** Inputs 1-8 (bit 0 = input 1, SOS; bit 1 = input 2, ACC). */
  inputs?: number;
  /** Outputs 1-8 (bit 0 = output 1, the cut-off relay). */
  outputs?: number;
  /** External power, V. */
  power?: number;
  /** Internal battery, V. */
  battery?: number;
  /** Mileage, m. */
  odometer?: number;
  /** Run time, s. */
  runtime?: number;
  /** GSM signal 0-31. */
  gsm?: number;
  hdop?: number;
  /** RFID card number (event 37's information; CCE parameter 0x25 when it fits 32 bits). */
  driverId?: string;
  cell?: MeitrackCell;
}

/** A South African cell (Vodacom), as the simulated trackers report. */
export const MEITRACK_SA_CELL: MeitrackCell = { mcc: 655, mnc: 1, lac: 0x2a1c, cid: 0x01f3a5 };

/** 2000-01-01T00:00:00Z in seconds: the binary forms count time from it. */
const EPOCH_2000 = 946684800;

const two = (n: number) => String(n).padStart(2, '0');
const hex4 = (n: number) => Math.round(n).toString(16).toUpperCase().padStart(4, '0').slice(-4);
const hex2 = (n: number) => (n & 0xff).toString(16).toUpperCase().padStart(2, '0');

/** yymmddHHMMSS, UTC. */
function stamp(time: number): string {
  const d = new Date(time);
  return [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]
    .map(two)
    .join('');
}

/** An AAA report: `$$<flag><len>,<IMEI>,AAA,<event>,<lat>,<lon>,...*<cs>\r\n` (protocol 3). */
export function encodeMeitrackAaa(imei: string, f: MeitrackFix, flag = 'A'): Buffer {
  const c = f.cell;
  const analog = `0000|0000|0000|${hex4((f.battery ?? 0) * 100)}|${hex4((f.power ?? 0) * 100)}`;
  const fields = [
    'AAA',
    f.event,
    f.lat.toFixed(6),
    f.lon.toFixed(6),
    stamp(f.time),
    f.valid ? 'A' : 'V',
    f.satellites,
    f.gsm ?? 20,
    Math.round(f.speed),
    Math.round(f.course) % 360,
    (f.hdop ?? 0.9).toFixed(1),
    Math.round(f.altitude ?? 0),
    Math.round(f.odometer ?? 0),
    Math.round(f.runtime ?? 0),
    c
      ? `${c.mcc}|${c.mnc}|${c.lac.toString(16).toUpperCase()}|${c.cid.toString(16).toUpperCase()}`
      : '0|0|0000|0',
    hex2(f.inputs ?? 0) + hex2(f.outputs ?? 0),
    analog,
    f.event === 37 ? (f.driverId ?? '') : '',
    '', // custom data
    3, // protocol version
    '', // fuel
  ];
  return encodeMeitrackFrame('$$', flag, imei, fields.join(','));
}

/** Little-endian bytes of a record under construction. */
class Out {
  private readonly parts: Buffer[] = [];
  u8(v: number): this {
    this.parts.push(Buffer.from([v & 0xff]));
    return this;
  }
  u16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(Math.max(0, Math.min(0xffff, Math.round(v))));
    this.parts.push(b);
    return this;
  }
  s16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeInt16LE(Math.max(-0x8000, Math.min(0x7fff, Math.round(v))));
    this.parts.push(b);
    return this;
  }
  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(Math.max(0, Math.min(0xffffffff, Math.round(v))) >>> 0);
    this.parts.push(b);
    return this;
  }
  s32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32LE(Math.round(v));
    this.parts.push(b);
    return this;
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const secs2000 = (time: number) => Math.floor(time / 1000) - EPOCH_2000;

/** One CCE record: length | index | the four parameter groups. */
function cceRecord(f: MeitrackFix, index: number): Buffer {
  const ones: [number, number][] = [
    [0x05, f.valid ? 1 : 0],
    [0x06, f.satellites],
    [0x07, f.gsm ?? 20],
    [0x14, f.outputs ?? 0],
    [0x15, f.inputs ?? 0],
  ];
  const twos: [number, number][] = [
    [0x08, f.speed],
    [0x09, f.course % 360],
    [0x0a, (f.hdop ?? 0.9) * 10],
    [0x19, (f.battery ?? 0) * 100],
    [0x1a, (f.power ?? 0) * 100],
    [0x40, f.event],
  ];
  const fours: [number, number][] = [[0x04, secs2000(f.time)]];
  if (f.odometer !== undefined) fours.push([0x0c, f.odometer]);
  if (f.runtime !== undefined) fours.push([0x0d, f.runtime]);
  const card = f.driverId !== undefined && /^\d{1,10}$/.test(f.driverId) ? Number(f.driverId) : -1;
  if (card >= 0 && card <= 0xffffffff) fours.push([0x25, card]);
  const o = new Out().u16(index);
  o.u8(ones.length);
  for (const [id, v] of ones) o.u8(id).u8(v);
  o.u8(twos.length + 1);
  for (const [id, v] of twos) o.u8(id).u16(v);
  o.u8(0x0b).s16(f.altitude ?? 0);
  o.u8(fours.length + 2);
  o.u8(0x02)
    .s32(f.lat * 1e6)
    .u8(0x03)
    .s32(f.lon * 1e6);
  for (const [id, v] of fours) o.u8(id).u32(v);
  const c = f.cell;
  o.u8(c ? 1 : 0);
  if (c) o.u8(0x0e).u8(12).u16(c.mcc).u16(c.mnc).u16(c.lac).u32(c.cid).s16(-70);
  const body = o.bytes();
  return Buffer.concat([new Out().u16(body.length).bytes(), body]);
}

/** A CCE batch: `$$<flag><len>,<IMEI>,CCE,<left u32><count u16><records>*<cs>\r\n`. */
export function encodeMeitrackCce(
  imei: string,
  fixes: readonly MeitrackFix[],
  flag = 'A',
  left = 0,
  firstIndex = 0,
): Buffer {
  const head = new Out()
    .u32(left + fixes.length)
    .u16(fixes.length)
    .bytes();
  const records = fixes.map((f, i) => cceRecord(f, (firstIndex + i) & 0xffff));
  return encodeMeitrackFrame(
    '$$',
    flag,
    imei,
    Buffer.concat([Buffer.from('CCE,'), head, ...records]),
  );
}

/** A CCC batch of 52-byte records (protocol version 0x0102). */
export function encodeMeitrackCcc(
  imei: string,
  fixes: readonly MeitrackFix[],
  flag = 'A',
  left = 0,
): Buffer {
  const head = new Out()
    .u16(0x0102)
    .u16(52)
    .u32(left + fixes.length)
    .bytes();
  const records = fixes.map((f) => {
    const c = f.cell ?? { mcc: 0, mnc: 0, lac: 0, cid: 0 };
    return new Out()
      .u8(f.event)
      .s32(f.lat * 1e6)
      .s32(f.lon * 1e6)
      .u32(secs2000(f.time))
      .u8(f.valid ? 1 : 0)
      .u8(f.satellites)
      .u8(f.gsm ?? 20)
      .u16(f.speed)
      .u16(f.course % 360)
      .u16((f.hdop ?? 0.9) * 10)
      .s16(f.altitude ?? 0)
      .u32(f.odometer ?? 0)
      .u32(f.runtime ?? 0)
      .u16(c.mcc)
      .u16(c.mnc)
      .u16(c.lac)
      .u16(c.cid & 0xffff)
      .u8(f.inputs ?? 0)
      .u8(f.outputs ?? 0)
      .u16(0) // AD1
      .u16((f.battery ?? 0) * 100)
      .u16((f.power ?? 0) * 100)
      .u32(0) // geofence
      .bytes();
  });
  return encodeMeitrackFrame(
    '$$',
    flag,
    imei,
    Buffer.concat([Buffer.from('CCC,'), head, ...records]),
  );
}

/** The tracker's answer to a command: `$$<flag><len>,<IMEI>,<text>*<cs>\r\n` ("C01,OK"). */
export function encodeMeitrackAnswer(imei: string, text: string, flag: string): Buffer {
  return encodeMeitrackFrame('$$', flag, imei, text);
}
