// Device side of the Teltonika protocol: what an FMB tracker sends. Used by the demo simulator
// (so it speaks the real wire format through the real gateway) and by round-trip tests.
import { crc16Ibm } from '../crc';
import { CODEC_8, CODEC_8E, CODEC_16 } from './teltonika';

export interface AvlIo {
  id: number;
  /** Unsigned value; 8-byte values up to 2^53. */
  value: number;
  size: 1 | 2 | 4 | 8;
}

export interface AvlRecord {
  /** Epoch ms. */
  time: number;
  lat: number;
  lon: number;
  altitude?: number;
  course: number;
  /** km/h */
  speed: number;
  satellites: number;
  /** 0 low, 1 high, 2 panic. */
  priority?: number;
  /** The IO that triggered this record, 0 for a periodic one. */
  eventId?: number;
  io?: AvlIo[];
}

export function encodeTeltonikaImei(imei: string): Buffer {
  const b = Buffer.alloc(2 + imei.length);
  b.writeUInt16BE(imei.length, 0);
  b.write(imei, 2, 'latin1');
  return b;
}

/** One AVL data packet (preamble, length, data, CRC) holding the records in the given codec. */
export function encodeTeltonikaAvl(records: AvlRecord[], codec = CODEC_8E): Buffer {
  const data = encodeTeltonikaAvlData(records, codec);
  const out = Buffer.alloc(data.length + 12);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return out;
}

/**
 * The AVL data field alone (codec, count, records, count): what a TCP packet wraps in its
 * preamble, length and CRC, and a UDP datagram in its channel header (encodeTeltonikaUdp).
 */
export function encodeTeltonikaAvlData(records: AvlRecord[], codec = CODEC_8E): Buffer {
  if (records.length < 1 || records.length > 255) throw new RangeError('1..255 records per packet');
  const wide = codec === CODEC_8E;
  const idW = wide || codec === CODEC_16 ? 2 : 1;
  const cntW = wide ? 2 : 1;
  const parts: Buffer[] = [];
  for (const r of records) {
    const io = r.io ?? [];
    const head = Buffer.alloc(24 + idW + (codec === CODEC_16 ? 1 : 0) + cntW);
    head.writeUInt32BE(Math.floor(r.time / 0x100000000), 0);
    head.writeUInt32BE(r.time % 0x100000000, 4);
    head[8] = r.priority ?? 0;
    head.writeInt32BE(Math.round(r.lon * 1e7), 9);
    head.writeInt32BE(Math.round(r.lat * 1e7), 13);
    head.writeInt16BE(Math.round(r.altitude ?? 0), 17);
    head.writeUInt16BE(Math.round(r.course) % 360, 19);
    head[21] = r.satellites;
    head.writeUInt16BE(Math.round(r.speed), 22);
    let p = 24;
    if (idW === 2) head.writeUInt16BE(r.eventId ?? 0, p);
    else head[p] = r.eventId ?? 0;
    p += idW;
    if (codec === CODEC_16) head[p++] = 0; // generation type: on exit (irrelevant here)
    if (cntW === 2) head.writeUInt16BE(io.length, p);
    else head[p] = io.length;
    parts.push(head);
    for (const size of [1, 2, 4, 8] as const) {
      const group = io.filter((e) => e.size === size);
      const b = Buffer.alloc(cntW + group.length * (idW + size));
      let q = 0;
      if (cntW === 2) b.writeUInt16BE(group.length, q);
      else b[q] = group.length;
      q += cntW;
      for (const e of group) {
        if (idW === 2) b.writeUInt16BE(e.id, q);
        else b[q] = e.id;
        q += idW;
        if (size === 8) {
          b.writeUInt32BE(Math.floor(e.value / 0x100000000), q);
          b.writeUInt32BE(e.value % 0x100000000, q + 4);
        } else b.writeUIntBE(e.value, q, size);
        q += size;
      }
      parts.push(b);
    }
    if (wide) parts.push(Buffer.alloc(2)); // no variable-length IO
  }
  return Buffer.concat([
    Buffer.from([codec, records.length]),
    ...parts,
    Buffer.from([records.length]),
  ]);
}

export { CODEC_8, CODEC_8E, CODEC_16 };
