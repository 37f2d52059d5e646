// GT06 network-only positions: several cells (LBS) and/or Wi-Fi access points, no GPS fix. They
// are stored as records without a location (hasLocation false) stamped with the packet's time,
// the cells and access points kept as attributes (`cell`, `wifi`, see Network) for a later
// network location lookup. Layouts as Traccar's Gt06ProtocolDecoder reads them.
import { alarm } from './gt06-alarms';
import {
  bcdTime,
  blank,
  deviceTime,
  eventTime,
  mac,
  Network,
  readTime,
  type Gt06Decoded,
  type Gt06Packet,
  type Reader,
} from './gt06-blocks';
import type { Gt06Variant } from './gt06-variant';

export const GT06_LBS_EXTEND = 0x18;
export const GT06_LBS_MULTIPLE_1 = 0x28;
export const GT06_LBS_MULTIPLE_2 = 0x2e;
export const GT06_LBS_MULTIPLE_3 = 0x24;
export const GT06_LBS_WIFI = 0x2c;
export const GT06_WIFI_5 = 0x33;
export const GT06_LBS_3 = 0x34;
export const GT06_LBS_2 = 0xa1;
export const GT06_WIFI_3 = 0xa2;
export const GT06_WIFI_ALARM = 0xa9;
export const GT06_WIFI = 0x17;
export const GT06_WIFI_2 = 0x69;
export const GT06_WIFI_4 = 0xf3;

/** Types with no Wi-Fi list after the cells. */
const CELLS_ONLY = new Set([
  GT06_LBS_MULTIPLE_1,
  GT06_LBS_MULTIPLE_2,
  GT06_LBS_MULTIPLE_3,
  GT06_LBS_2,
  GT06_LBS_3,
]);

/** Whether a packet is one of the multi-cell family (the variant decides for 0x24, 0x34, 0xA2). */
export function isMultiCell(t: number, long: boolean, v: Gt06Variant): boolean {
  switch (t) {
    case GT06_LBS_EXTEND:
    case GT06_LBS_MULTIPLE_1:
    case GT06_LBS_MULTIPLE_2:
    case GT06_LBS_MULTIPLE_3:
    case GT06_LBS_WIFI:
    case GT06_LBS_2:
    case GT06_WIFI_ALARM:
      return true;
    case GT06_LBS_3:
      return v === 'SL4X';
    case GT06_WIFI_3:
      return v !== 'LW4G';
    case GT06_WIFI_5:
      return !long;
    default:
      return false;
  }
}

/**
 * Date-time, [timing advance,] MCC, MNC, a count of cells (7 or 6, or a count byte), each with
 * LAC, cell id and signal, [timing advance,] then for most types a Wi-Fi list (count, MAC and
 * signal each); 0xA9 ends with an alarm code.
 */
export function decodeMultiCell(r: Reader, p: Gt06Packet, v: Gt06Variant): Gt06Decoded {
  const t = p.type;
  const rec = blank(p);
  rec.attributes.type = t;
  eventTime(rec, deviceTime(r, p));
  const counted = v === 'WANWAY_S20' || v === 'SL4X';
  if (counted) r.skip(1); // timing advance
  const mccField = r.u16();
  const mcc = mccField & 0x7fff;
  const mnc = mccField & 0x8000 || v === 'SL4X' ? r.u16() : r.u8();
  const cell4g = t === GT06_WIFI_ALARM && r.u8() > 0;
  const count = v === 'WANWAY_S20' || t === GT06_WIFI_ALARM ? r.u8() : t === GT06_WIFI_5 ? 6 : 7;
  const net = new Network();
  for (let i = 0; i < count; i++) {
    let lac: number;
    let cid: number;
    if (t === GT06_LBS_2 || t === GT06_WIFI_3 || cell4g) {
      lac = r.u32();
      cid = r.u64();
    } else if (t === GT06_WIFI_5 || t === GT06_LBS_3) {
      lac = r.u16();
      cid = r.u32();
    } else {
      lac = r.u16();
      cid = r.u24();
    }
    const rssi = -r.u8();
    if (lac > 0) net.cell(mcc, mnc, lac, cid, rssi);
  }
  if (!counted) r.skip(1); // timing advance
  if (!CELLS_ONLY.has(t)) {
    const aps = r.u8();
    for (let i = 0; i < aps; i++) net.wifi(mac(r), r.u8());
  }
  net.apply(rec);
  if (t === GT06_WIFI_ALARM) {
    const code = r.u8();
    const language = r.u8();
    alarm(rec, ((language >> 4) << 8) | code, p);
  }
  return { records: [rec], answer: 'short' };
}

/**
 * Wi-Fi packets 0x69 and 0x17 (no serial and no CRC; the length byte is the access point count)
 * and 0xF3 (a normal frame): BCD date-time, access points, then (0x69/0x17) cells. The device
 * expects its date-time back: 78 78 00 type time 0D 0A; 0xF3 is not answered.
 */
export function decodeWifi(r: Reader, p: Gt06Packet): Gt06Decoded {
  const t = p.type;
  const rec = blank(p);
  rec.attributes.type = t;
  const timeAt = r.p;
  // BCD on the 0x69/0x17 trackers; 0xF3 firmware seen sending it in binary.
  const bcd = bcdTime(r);
  eventTime(rec, Number.isNaN(bcd) ? readTime(r.buf, timeAt) : bcd);
  const net = new Network();
  const aps = t === GT06_WIFI_4 ? r.u8() : p.length;
  for (let i = 0; i < aps; i++) {
    if (t === GT06_WIFI_4) {
      r.skip(2);
      net.wifi(mac(r));
    } else {
      net.wifi(mac(r), r.u8());
    }
  }
  if (t === GT06_WIFI_4) {
    net.apply(rec);
    return { records: [rec], answer: 'none' };
  }
  const cells = r.u8();
  const mcc = r.u16();
  const mnc = r.u8();
  for (let i = 0; i < cells; i++) net.cell(mcc, mnc, r.u16(), r.u16(), r.u8());
  net.apply(rec);
  const answer = Buffer.concat([
    Buffer.from([0x78, 0x78, 0x00, t]),
    r.buf.subarray(timeAt, timeAt + 6),
    Buffer.from([0x0d, 0x0a]),
  ]);
  return { records: [rec], answer };
}

/**
 * Total length of a Wi-Fi frame without CRC at `off` (78 78 count type time APs cells 0D 0A):
 * > 0 when whole, 0 when more bytes are needed, -1 when the bytes are not one. At most
 * 4 + 6 + 255 × 7 + 4 + 255 × 5 + 2 = 3076 bytes.
 */
export function wifiFrameLength(buf: Buffer, off: number, end: number): number {
  if (end - off < 10) return 0;
  const type = buf[off + 3];
  if (buf[off] !== 0x78 || (type !== GT06_WIFI && type !== GT06_WIFI_2)) return -1;
  for (let i = off + 4; i < off + 10; i++) {
    if (buf[i] >> 4 > 9 || (buf[i] & 0x0f) > 9) return -1;
  }
  const cellsAt = off + 10 + buf[off + 2] * 7;
  if (cellsAt >= end) return 0;
  const stop = cellsAt + 4 + buf[cellsAt] * 5;
  if (stop + 2 > end) return 0;
  return buf[stop] === 0x0d && buf[stop + 1] === 0x0a ? stop + 2 - off : -1;
}
