// A minimal Teltonika Codec 8 encoder, the device side of the gateway's decoder: IMEI handshake
// aside, an AVL data packet is [0 u32][data length u32][data][CRC-16/IBM of data as u32], with
// data = codec 0x08, record count, records, record count again.
import { crc16Ibm } from '../../server/src/ingest/crc';

export interface AvlRecord {
  time: number;
  lat: number;
  lon: number;
  altitude: number;
  course: number;
  satellites: number;
  /** km/h */
  speed: number;
  /** IO id of the element that triggered the record (0: periodic). */
  eventIo: number;
  io1: [number, number][];
  io2: [number, number][];
  io4: [number, number][];
  io8: [number, number][];
}

function recordSize(r: AvlRecord): number {
  return (
    8 + 1 + 15 + 2 + 4 + r.io1.length * 2 + r.io2.length * 3 + r.io4.length * 5 + r.io8.length * 9
  );
}

export function encodeCodec8(records: AvlRecord[]): Buffer {
  const dataLen = 3 + records.reduce((n, r) => n + recordSize(r), 0);
  const buf = Buffer.alloc(8 + dataLen + 4);
  buf.writeUInt32BE(dataLen, 4);
  let p = 8;
  buf[p++] = 0x08;
  buf[p++] = records.length;
  for (const r of records) {
    buf.writeBigUInt64BE(BigInt(r.time), p);
    p += 8;
    buf[p++] = 0; // priority: low
    buf.writeInt32BE(Math.round(r.lon * 1e7), p);
    buf.writeInt32BE(Math.round(r.lat * 1e7), p + 4);
    buf.writeInt16BE(r.altitude, p + 8);
    buf.writeUInt16BE(r.course, p + 10);
    buf[p + 12] = r.satellites;
    buf.writeUInt16BE(r.speed, p + 13);
    p += 15;
    buf[p++] = r.eventIo;
    buf[p++] = r.io1.length + r.io2.length + r.io4.length + r.io8.length;
    buf[p++] = r.io1.length;
    for (const [id, v] of r.io1) {
      buf[p++] = id;
      buf[p++] = v;
    }
    buf[p++] = r.io2.length;
    for (const [id, v] of r.io2) {
      buf[p++] = id;
      buf.writeUInt16BE(v, p);
      p += 2;
    }
    buf[p++] = r.io4.length;
    for (const [id, v] of r.io4) {
      buf[p++] = id;
      buf.writeUInt32BE(v, p);
      p += 4;
    }
    buf[p++] = r.io8.length;
    for (const [id, v] of r.io8) {
      buf[p++] = id;
      buf.writeBigUInt64BE(BigInt(v), p);
      p += 8;
    }
  }
  buf[p++] = records.length;
  buf.writeUInt32BE(crc16Ibm(buf, 8, p), p);
  return buf;
}
