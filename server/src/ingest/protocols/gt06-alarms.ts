// Concox alarm codes (the "alarm/language" byte of GT06 status blocks) → Traccar's alarm name and,
// where it is one, our event. Follows Traccar's Gt06ProtocolDecoder decodeAlarm, with the model
// variants it applies (LW..., SEEWORLD, the Jimi VL models), except where noted in
// docs/protocols.md: 0x09 (displacement) is a tow and 0x30 (the GT06 manual's rapid deceleration)
// is harsh braking for every model; 0xFE/0xFF (ACC on/off, Concox JM-VL01/GT06N alarm list) set
// the ignition; Traccar's temperature alarm 0x5B/0x5C is left out (the code stays in
// attributes.event).
import type { DeviceEventType, DeviceRecord } from '../types';
import { addAlarmName, addEvent } from './events';
import { isLw, isSeeworld, isVl, type Gt06Packet } from './gt06-blocks';

type Alarm = [name: string, event: DeviceEventType | null];

const SOS: Alarm = ['sos', 'panic'];
const POWER_CUT: Alarm = ['powerCut', 'power_cut'];
const VIBRATION: Alarm = ['vibration', 'tamper'];
const TAMPERING: Alarm = ['tampering', 'tamper'];
const LOW_BATTERY: Alarm = ['lowBattery', 'low_battery'];
const OVERSPEED: Alarm = ['overspeed', 'overspeed'];
const REMOVING: Alarm = ['removing', 'harness_unplugged'];
const ACCELERATION: Alarm = ['hardAcceleration', 'harsh_acceleration'];
const BRAKING: Alarm = ['hardBraking', 'harsh_braking'];
const CORNERING: Alarm = ['hardCornering', 'harsh_cornering'];
const ACCIDENT: Alarm = ['accident', 'crash'];
const TOW: Alarm = ['tow', 'towing'];
const POWER_OFF: Alarm = ['powerOff', null];
/** Traccar does not say GPS or GSM: `gps_jamming`, as the OsmAnd gateway maps Traccar's name. */
const JAMMING: Alarm = ['jamming', 'gps_jamming'];

const ALARMS: Record<number, Alarm> = {
  0x01: SOS,
  0x02: POWER_CUT,
  0x03: VIBRATION,
  0x04: ['geofenceEnter', null],
  0x05: ['geofenceExit', null],
  0x06: OVERSPEED,
  0x09: TOW,
  0x0c: TAMPERING,
  0x0e: LOW_BATTERY,
  0x0f: LOW_BATTERY,
  0x11: POWER_OFF,
  0x13: TAMPERING,
  0x14: ['door', null],
  0x18: REMOVING,
  0x19: LOW_BATTERY,
  0x1a: BRAKING,
  0x1b: CORNERING,
  0x23: ['fallDown', null],
  0x25: TAMPERING,
  0x26: ACCELERATION,
  0x27: BRAKING,
  0x28: BRAKING,
  0x29: ACCELERATION,
  0x2a: CORNERING,
  0x2b: CORNERING,
  0x2c: ACCIDENT,
  0x2e: CORNERING,
  0x30: BRAKING,
  0x32: TAMPERING,
  0x33: ['lock', null],
  0x34: ['unlock', null],
  0x53: ['fuelLeak', null],
  0xc9: ['idle', null],
  0xf0: ACCELERATION,
  0xf1: BRAKING,
  0xf2: ACCIDENT,
  0x0107: JAMMING,
  0x010b: JAMMING,
};

/** Variants by model (Traccar's modelLW / modelSW / modelVL) and by the TRX-16i packet layout. */
function variantAlarm(code: number, p: Gt06Packet | null, trx16i: boolean): Alarm | undefined {
  if (trx16i && code === 0x09) return ['geofence', null];
  if (trx16i && code === 0x0e) return ['lowPower', 'low_battery'];
  if (!p) return undefined;
  if (isLw(p) && code === 0x18) return ACCIDENT;
  if (isLw(p) && code === 0x19) return ACCELERATION;
  if (isSeeworld(p) && code === 0x28) return CORNERING;
  if (isSeeworld(p) && code === 0x29) return ACCIDENT;
  if (isVl(p) && code === 0x28) return POWER_OFF;
  return undefined;
}

export const ACC_ON = 0xfe;
export const ACC_OFF = 0xff;

/** Applies an alarm code to the record: alarm name, event, or the ignition for ACC on/off. */
export function alarm(
  rec: DeviceRecord,
  code: number,
  p: Gt06Packet | null = null,
  trx16i = false,
) {
  if (code === ACC_ON || code === ACC_OFF) {
    rec.ignition = code === ACC_ON;
    return;
  }
  const entry = variantAlarm(code, p, trx16i) ?? ALARMS[code];
  if (!entry) return;
  if (entry[1]) addEvent(rec, entry[1], entry[0]);
  else addAlarmName(rec, entry[0]);
}

const EVENT_BY_NAME = new Map<string, DeviceEventType>([
  ...Object.values(ALARMS).flatMap(([name, event]) => (event ? [[name, event] as const] : [])),
  ['lowPower', 'low_battery'],
]);

/** A Traccar alarm name with its event where it has one (0x70 modules, 0x95, AZ735 status). */
export function namedAlarm(rec: DeviceRecord, name: string): void {
  const event = EVENT_BY_NAME.get(name);
  if (event) addEvent(rec, event, name);
  else addAlarmName(rec, name);
}
