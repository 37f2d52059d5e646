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
};

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
