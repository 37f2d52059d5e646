// positions.attributes: everything a record carries beyond the columns, named as Traccar names it.
// Built as a string on the hot path: the decoder's attribute map is serialised once and the named
// values are appended, instead of copying both into a new object first (several times slower).
import type { DeviceRecord } from '../ingest/types';
import { numberText } from './number-text';

const num = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

export function positionAttributes(rec: DeviceRecord): string {
  let extra = '';
  if (num(rec.power)) extra += `,"power":${numberText(rec.power)}`;
  if (num(rec.battery)) extra += `,"battery":${numberText(rec.battery)}`;
  if (num(rec.batteryLevel)) extra += `,"batteryLevel":${numberText(rec.batteryLevel)}`;
  if (num(rec.gsm)) extra += `,"rssi":${rec.gsm}`;
  if (num(rec.inputs)) extra += `,"input":${rec.inputs}`;
  if (num(rec.outputs)) extra += `,"output":${rec.outputs}`;
  if (num(rec.accuracy)) extra += `,"accuracy":${numberText(rec.accuracy)}`;
  if (rec.motion !== undefined) extra += rec.motion ? ',"motion":true' : ',"motion":false';
  if (num(rec.odometer)) extra += `,"deviceOdometer":${rec.odometer}`;
  if (rec.driverId !== undefined) extra += `,"driverUniqueId":${JSON.stringify(rec.driverId)}`;
  let base = '{}';
  for (const _ in rec.attributes) {
    base = JSON.stringify(rec.attributes);
    break;
  }
  if (!extra) return base;
  const text = base === '{}' ? `{${extra.slice(1)}}` : `${base.slice(0, -1)}${extra}}`;
  // The joins above make a tree of pieces, which the row keeps until its batch is written (about
  // 570 bytes a position, copied by every young-generation collection meanwhile). Reading a
  // character makes V8 copy it into one string at once (as binding it would, later): 260 bytes.
  text.charCodeAt(0);
  return text;
}
