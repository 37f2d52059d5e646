// The generic Queclink decoder (Traccar decodeBasic), for every report without a decoder of its
// own: the first position block and cell found, and the alarm the report type means.
import type { DeviceRecord } from '../types';
import { addAlarmName, addEvent } from './events';
import {
  applyCell,
  applyFix,
  fixAt,
  int,
  isCoordinate,
  isTime,
  newRecord,
  type Message,
} from './queclink-fields';

/** Report types of geofence crossings. */
export const GEOFENCE_TYPES = new Set(['GEO', 'GES']);

type Alarm = Parameters<typeof addEvent>[1];

/** Report types that are alarms: our event (where there is one) and Traccar's alarm name. */
const ALARMS: Record<string, [Alarm | null, string]> = {
  SOS: ['panic', 'sos'],
  SPD: ['overspeed', 'overspeed'],
  TOW: ['towing', 'tow'],
  IDL: [null, 'idle'],
  PNA: [null, 'powerOn'],
  PFA: [null, 'powerOff'],
  EPN: ['power_restored', 'powerRestored'],
  MPN: ['power_restored', 'powerRestored'],
  EPF: ['power_cut', 'powerCut'],
  MPF: ['power_cut', 'powerCut'],
  BPL: ['low_battery', 'lowBattery'],
  STT: [null, 'movement'],
  SWG: [null, 'geofence'],
  TMP: [null, 'temperature'],
  TEM: [null, 'temperature'],
  JDR: ['gsm_jamming', 'jamming'],
  JDS: ['gsm_jamming', 'jamming'],
  CRA: ['crash', 'accident'],
};

/** The alarm a report type means, if any. */
export function addTypeAlarm(rec: DeviceRecord, type: string): void {
  const a = ALARMS[type];
  if (!a) return;
  if (a[0]) addEvent(rec, a[0], a[1]);
  else addAlarmName(rec, a[1]);
}

/** Harsh behaviour (+RESP:GTHBM): the report type's low digit names it. */
const HARSH: Record<number, Alarm> = {
  0: 'harsh_braking',
  1: 'harsh_acceleration',
  2: 'harsh_cornering',
  3: 'harsh_braking',
  4: 'harsh_acceleration',
};

/**
 * Any report (Traccar decodeBasic): the report type field's meaning for a few types, the first
 * position block and the first cell found, the battery % before the send time of located ones,
 * and the report type's alarm. Null when nothing at all was found.
 */
export function decodeBasic(m: Message): DeviceRecord | null {
  const { v, type } = m;
  const rec = newRecord(m.deviceId, m.at);
  const first = m.legacy ? 2 : 3;
  if (/^[0-9A-Fa-f]{1,2}$/.test(v[first + 2] ?? '')) {
    const rt = parseInt(v[first + 2], 16);
    if (type === 'NMR') rec.motion = rt === 1;
    else if (type === 'DIS') rec.attributes[`in${rt >> 4}`] = (rt & 0x0f) === 1;
    else if (type === 'IGL') rec.ignition = (rt & 0x0f) === 1;
    else if (type === 'HBM') {
      const harsh = HARSH[rt & 0x0f];
      if (harsh) addEvent(rec, harsh);
    } else if (GEOFENCE_TYPES.has(type)) {
      addAlarmName(rec, (rt & 0x0f) === 1 ? 'geofenceEnter' : 'geofenceExit');
    }
  }
  let i = first;
  let located = false;
  for (; i + 2 < v.length; i++) {
    if (i >= 4 && isCoordinate(v[i]) && isCoordinate(v[i + 1])) {
      const f = fixAt(v, i - 4);
      f.hdop = int(v[i - 4]) ?? f.hdop;
      if (f.time === undefined) f.time = m.at;
      applyFix(rec, f);
      located = rec.hasLocation;
      i += 3;
      break;
    }
  }
  if (!located) i = 2;
  let cell = false;
  for (; i + 3 < v.length; i++) {
    if (
      /^\d{4}$/.test(v[i]) &&
      /^\d{4}$/.test(v[i + 1]) &&
      /^[0-9A-Fa-f]{4}$/.test(v[i + 2]) &&
      /^[0-9A-Fa-f]{4,8}$/.test(v[i + 3])
    ) {
      cell = applyCell(rec, v[i], v[i + 1], v[i + 2], v[i + 3]);
      break;
    }
  }
  // A battery % is written without leading zeros; "00" there is the reserved field.
  if (located && isTime(v[v.length - 2]) && /^(\d|[1-9]\d|100)$/.test(v[v.length - 3])) {
    rec.batteryLevel = Number(v[v.length - 3]);
  }
  addTypeAlarm(rec, type);
  const found =
    located ||
    cell ||
    rec.events.length > 0 ||
    Object.keys(rec.attributes).length > 0 ||
    rec.motion !== undefined ||
    rec.ignition !== undefined;
  return found ? rec : null;
}
