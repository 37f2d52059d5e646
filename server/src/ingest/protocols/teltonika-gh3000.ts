// Teltonika Codec 7: the AVL records of the GH3000 personal trackers (GH1202/GH3000 family), framed
// like Codec 8 (same TCP envelope and ack, same UDP channel) but with their own record layout
// (field meanings as Traccar's TeltonikaProtocolDecoder reads them):
//
//   [time u32: 2 high bits priority, 30 bits seconds since 2007-01-01 00:00 UTC]
//   [global mask u8: bit 0 GPS element, bits 1-3 the 1-, 2- and 4-byte IO groups]
//   GPS element: [mask u8] then, per bit: 0 latitude + longitude (float32 each), 1 altitude u16,
//     2 angle u8 (× 360/256), 3 speed u8 (km/h), 4 satellites u8, 5 LAC u16 + cell id u16,
//     6 GSM signal u8, 7 operator code u32
//   IO group: [count u8] then count × [id u8][value of the group's size]
//
// A record without the GPS element (or without coordinates in it) is a status without location.
// Pure function; never throws. Every declared count is checked against the bytes there.
import { blankRecord, type DeviceRecord } from '../types';
import { addEvent } from './events';
import { ioKey } from './teltonika-io';

/** 2007-01-01T00:00:00Z in seconds: the GH3000 epoch. */
const GH3000_EPOCH_S = 1167609600;
/** The smallest record: the time and the global mask. */
const MIN_RECORD = 5;

/** GH3000 IO elements, as Traccar names them; every one is also kept raw as `io<id>`. */
function applyGh3000Io(rec: DeviceRecord, id: number, v: number): void {
  const a = rec.attributes;
  a[ioKey(id)] = v;
  switch (id) {
    case 1:
      if (v <= 100) rec.batteryLevel = v;
      break;
    case 2:
      a.usbConnected = v === 1;
      break;
    case 5:
      a.uptime = v;
      break;
    case 20:
      a.hdop = v / 10;
      break;
    case 21:
      a.vdop = v / 10;
      break;
    case 22:
      a.pdop = v / 10;
      break;
    case 67:
      rec.battery = v / 1000;
      break;
    case 221:
      a.button = v;
      break;
    case 222:
      // The SOS button.
      if (v === 1) addEvent(rec, 'panic');
      break;
    case 240:
      rec.motion = v === 1;
      break;
    case 244:
      a.roaming = v === 1;
      break;
  }
}

/**
 * The records of a Codec 7 data field `buf[start..end)` (codec, count, records, count), or null
 * when the layout does not fill the field exactly.
 */
export function parseGh3000Records(
  buf: Buffer,
  start: number,
  end: number,
  deviceId: string,
): DeviceRecord[] | null {
  if (start < 0 || end > buf.length || end - start < 3) return null;
  const n = buf[start + 1];
  let p = start + 2;
  if (n * MIN_RECORD > end - 1 - p) return null;
  const records: DeviceRecord[] = new Array(n);
  for (let r = 0; r < n; r++) {
    if (p + MIN_RECORD > end) return null;
    const stamp = buf.readUInt32BE(p);
    const mask = buf[p + 4];
    p += MIN_RECORD;
    const rec = blankRecord('teltonika', deviceId, ((stamp & 0x3fffffff) + GH3000_EPOCH_S) * 1000, {
      priority: stamp >>> 30,
    });
    if (mask & 1) {
      const q = parseGps(rec, buf, p, end);
      if (q < 0) return null;
      p = q;
    }
    for (let g = 1, size = 1; g <= 3; g++, size *= 2) {
      if (!(mask & (1 << g))) continue;
      if (p + 1 > end) return null;
      const cnt = buf[p++];
      if (p + cnt * (1 + size) > end) return null;
      for (let i = 0; i < cnt; i++) {
        applyGh3000Io(rec, buf[p], buf.readUIntBE(p + 1, size));
        p += 1 + size;
      }
    }
    records[r] = rec;
  }
  return p === end - 1 && buf[p] === n ? records : null;
}

/** Field widths of the GPS element, by mask bit. */
const GPS_WIDTHS = [8, 2, 1, 1, 1, 4, 1, 4];

/** Reads the GPS element at `p`; returns the offset after it, or -1 when it overruns `end`. */
function parseGps(rec: DeviceRecord, buf: Buffer, p: number, end: number): number {
  if (p + 1 > end) return -1;
  const m = buf[p++];
  let need = 0;
  for (let b = 0; b < 8; b++) if (m & (1 << b)) need += GPS_WIDTHS[b];
  if (p + need > end) return -1;
  if (m & 1) {
    const lat = buf.readFloatBE(p);
    const lon = buf.readFloatBE(p + 4);
    p += 8;
    // A float that is no coordinate (NaN, out of range) leaves the record without location.
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (lat !== 0 || lon !== 0)) {
      rec.lat = lat;
      rec.lon = lon;
      rec.hasLocation = true;
      rec.valid = true;
    }
  }
  if (m & 2) {
    rec.altitude = buf.readUInt16BE(p);
    p += 2;
  }
  if (m & 4) rec.course = (buf[p++] * 360) / 256;
  if (m & 8) rec.speed = buf[p++];
  if (m & 16) {
    rec.satellites = buf[p++];
    if (rec.satellites === 0) rec.valid = false;
  }
  if (m & 32) {
    rec.attributes.lac = buf.readUInt16BE(p);
    rec.attributes.cid = buf.readUInt16BE(p + 2);
    p += 4;
  }
  if (m & 64) rec.gsm = buf[p++];
  if (m & 128) {
    rec.attributes.operator = buf.readUInt32BE(p);
    p += 4;
  }
  return p;
}
