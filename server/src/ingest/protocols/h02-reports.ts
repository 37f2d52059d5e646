// H02 text reports without a GPS fix: cell towers (NBR, V3), the wearables' LINK status, the
// heartbeat with a battery level (HTBT) and a device's free-text answer (SMS). Each becomes a
// record without location, stamped with the message's own time where it has one. Layouts as
// Traccar's H02ProtocolDecoder reads them (PATTERN_NBR, PATTERN_LINK, PATTERN_V3, PATTERN_HTBT,
// PATTERN_SMS).
import type { DeviceRecord } from '../types';
import { applyH02Status, h02Record } from './h02-status';
import { applyCells, fixTimeOf, type H02Text, type TextContext } from './h02-text';

const HEX8 = /^[0-9a-fA-F]{8}$/;
const SIX = /^\d{6}$/;
const INT = /^\d{1,9}$/;

/**
 * NBR: `NBR,hhmmss,mcc,mnc,delay,count,lac,cid,rssi,...,ddmmyy,status[,...]` (the cells run up to
 * the date; the count field is not trusted).
 */
export function decodeNbr(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const f = m.fields;
  if (!SIX.test(f[3] ?? '') || !INT.test(f[4] ?? '') || !INT.test(f[5] ?? '')) return null;
  for (let k = 11; k + 1 < f.length; k += 3) {
    if (!SIX.test(f[k]) || !HEX8.test(f[k + 1])) continue;
    const rec = h02Record(ctx.deviceId, fixTimeOf(f[3], f[k], ctx.now));
    const cells: string[] = [];
    for (let i = 8; i < k; i += 3) cells.push(f.slice(i, i + 3).join(','));
    if (!applyCells(rec, Number(f[4]), Number(f[5]), cells, 3)) return null;
    applyH02Status(rec, parseInt(f[k + 1], 16), ctx.previous);
    return rec;
  }
  return null;
}

/** LINK: `LINK,hhmmss,rssi,satellites,battery %,steps,turnovers,ddmmyy,status[,...]`. */
export function decodeLink(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const f = m.fields;
  if (f.length < 11 || !SIX.test(f[3]) || !SIX.test(f[9]) || !HEX8.test(f[10])) return null;
  const v = f.slice(4, 9);
  if (!v.every((x) => INT.test(x))) return null;
  const [rssi, satellites, battery, steps, turnovers] = v.map(Number);
  const rec = h02Record(ctx.deviceId, fixTimeOf(f[3], f[9], ctx.now));
  rec.attributes.rssi = rssi;
  rec.satellites = satellites;
  rec.batteryLevel = battery;
  rec.attributes.steps = steps;
  rec.attributes.turnovers = turnovers;
  applyH02Status(rec, parseInt(f[10], 16), ctx.previous);
  return rec;
}

/**
 * V3 with cells: `V3,hhmmss,<mcc 3 digits><mnc>,count,<count × lac,cid,x,y>,battery (4 hex),
 * reboot,X,ddmmyy,status`. The battery field's unit is not documented: kept raw (`batteryRaw`).
 * Null when it is not this layout (the ST-901 manual's V3 address request carries a position).
 */
export function decodeV3Cells(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const f = m.fields;
  const net = /^(\d{3})(\d{1,3})$/.exec(f[4] ?? '');
  if (!SIX.test(f[3] ?? '') || !net || !INT.test(f[5] ?? '')) return null;
  const x = f.indexOf('X', 6);
  if (x < 8 || x + 2 >= f.length || !SIX.test(f[x + 1]) || !HEX8.test(f[x + 2])) return null;
  if (!/^[0-9a-fA-F]{4}$/.test(f[x - 2]) || !/^\d+$/.test(f[x - 1])) return null;
  const count = Number(f[5]);
  const cellFields = f.slice(6, x - 2);
  // The declared count must match the fields really there.
  if (count < 1 || count * 4 !== cellFields.length) return null;
  const cells: string[] = [];
  for (let i = 0; i < count; i++) cells.push(cellFields.slice(i * 4, i * 4 + 4).join(','));
  const rec = h02Record(ctx.deviceId, fixTimeOf(f[3], f[x + 1], ctx.now));
  if (!applyCells(rec, Number(net[1]), Number(net[2]), cells, 4)) return null;
  rec.attributes.batteryRaw = parseInt(f[x - 2], 16);
  applyH02Status(rec, parseInt(f[x + 2], 16), ctx.previous);
  return rec;
}

/** HTBT with a battery level: `HTBT,<battery %>`; null without one (a bare heartbeat). */
export function decodeHeartbeat(m: H02Text, ctx: TextContext): DeviceRecord | null {
  const level = m.fields[3];
  if (!level || !/^\d{1,3}$/.test(level)) return null;
  const rec = h02Record(ctx.deviceId, ctx.now);
  rec.batteryLevel = Number(level);
  return rec;
}

/** SMS: the device's free-text answer (e.g. to a parameter query), kept whole as `result`. */
export function decodeSms(m: H02Text, ctx: TextContext): DeviceRecord | null {
  let at = -1;
  for (let i = 0; i < 3; i++) {
    at = m.body.indexOf(',', at + 1);
    if (at < 0) return null;
  }
  const text = m.body.slice(at + 1);
  if (!text) return null;
  const rec = h02Record(ctx.deviceId, ctx.now);
  rec.attributes.result = text;
  return rec;
}
