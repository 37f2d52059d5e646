// Device alarms and events shared by the decoders: our DeviceEventType plus Traccar's alarm name,
// which is kept in `attributes.alarm` (comma-joined when a message carries several).
import type { DeviceEventType, DeviceRecord } from '../types';

/** Traccar's alarm name for each of our event types that is an alarm. */
export const ALARM_NAMES: Partial<Record<DeviceEventType, string>> = {
  harsh_acceleration: 'hardAcceleration',
  harsh_braking: 'hardBraking',
  harsh_cornering: 'hardCornering',
  crash: 'accident',
  panic: 'sos',
  tamper: 'tampering',
  power_cut: 'powerCut',
  power_restored: 'powerRestored',
  low_battery: 'lowBattery',
  towing: 'tow',
  gps_jamming: 'jamming',
  gsm_jamming: 'jamming',
  overspeed: 'overspeed',
  harness_unplugged: 'removing',
  gps_fault: 'gpsAntennaCut',
};

/**
 * The events a device may name itself (OsmAnd `alarm=house_alarm`): the alarms and the recovery
 * desk's events (docs/protocols.md, "Chase-up events"). Not the ones only the pipeline derives
 * (places, driver changed, a paired panic remote, ignition changes).
 */
export const REPORTABLE_EVENTS: ReadonlySet<DeviceEventType> = new Set<DeviceEventType>([
  'harsh_braking',
  'harsh_acceleration',
  'harsh_cornering',
  'crash',
  'panic',
  'tamper',
  'power_cut',
  'power_restored',
  'low_battery',
  'towing',
  'gps_jamming',
  'gsm_jamming',
  'immobiliser_bypass',
  'overspeed',
  'harness_unplugged',
  'supply_cut',
  'immobiliser_fault',
  'house_alarm',
  'immobiliser_line_high',
  'gps_fault',
  'driver_id_timeout',
  'driver_id_lost',
  'early_warning_timeout',
  'early_warning_lost',
  'crash_park_tilt',
  'crash_braking',
  'crash_impact_park',
]);

/** Appends a Traccar alarm name to `attributes.alarm` unless it is already there. */
export function addAlarmName(rec: DeviceRecord, name: string): void {
  const prev = rec.attributes.alarm;
  if (typeof prev !== 'string' || !prev) rec.attributes.alarm = name;
  else if (!prev.split(',').includes(name)) rec.attributes.alarm = `${prev},${name}`;
}

/** Adds an event once; `alarm` overrides the alarm name (GT06 "vibration" is our tamper). */
export function addEvent(rec: DeviceRecord, type: DeviceEventType, alarm?: string): void {
  if (!rec.events.includes(type)) rec.events.push(type);
  const name = alarm ?? ALARM_NAMES[type];
  if (name) addAlarmName(rec, name);
}

/** True when the record's alarm names include `name`. */
export function hasAlarmName(rec: DeviceRecord, name: string): boolean {
  const a = rec.attributes.alarm;
  return typeof a === 'string' && a.split(',').includes(name);
}

/**
 * The accident events that depend on the vehicle's state, settled once the whole record is
 * decoded (the ignition may come after the alarm in the bytes). Parked means the record says the
 * ignition is off:
 * - a crash while parked is an impact while parked (`crash_impact_park`, chase-up type 24) instead;
 * - a fall / tilt alarm (Traccar `fallDown`: GT06 0x23, OsmAnd) is `crash_park_tilt` (22) while
 *   parked and a `crash` (5, a roll-over) while the ignition is on or unknown.
 */
export function settleAccidents(rec: DeviceRecord): void {
  const parked = rec.ignition === false;
  const ev = rec.events;
  if (parked) {
    const i = ev.indexOf('crash');
    if (i >= 0) {
      ev.splice(i, 1);
      if (!ev.includes('crash_impact_park')) ev.push('crash_impact_park');
    }
  }
  if (hasAlarmName(rec, 'fallDown'))
    addEvent(rec, parked ? 'crash_park_tilt' : 'crash', 'fallDown');
}
