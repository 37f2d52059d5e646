// What every Meitrack record shares, whichever form carried it (AAA text, CCC or CCE binary): the
// empty record, the event codes and their alarms, and the I/O port bits.
//
// Event codes: MEITRACK GPRS Protocol, section "Event Code" (the T1/T333, T366 and T622 manuals
// share the numbering), with the alarms Traccar's MeitrackProtocolDecoder (decodeAlarm) gives them.
import { blankRecord, type DeviceEventType, type DeviceRecord } from '../types';
import { addAlarmName, addEvent, settleAccidents } from './events';

export const MEITRACK_EVENT = {
  SOS: 1,
  INPUT2_ACTIVE: 2,
  INPUT2_INACTIVE: 10,
  LOW_BATTERY: 17,
  LOW_EXTERNAL_POWER: 18,
  SPEEDING: 19,
  GEOFENCE_ENTER: 20,
  GEOFENCE_EXIT: 21,
  EXTERNAL_POWER_ON: 22,
  EXTERNAL_POWER_CUT: 23,
  GPS_ANTENNA_CUT: 28,
  HEARTBEAT: 31,
  TRACK_BY_TIME: 35,
  TOW: 36,
  RFID: 37,
  GSM_JAMMING: 44,
  COLLISION: 78,
  SHARP_TURN_LEFT: 90,
  SHARP_TURN_RIGHT: 91,
  HARSH_BRAKING: 129,
  HARSH_ACCELERATION: 130,
  FATIGUE_DRIVING: 135,
} as const;

/** Event code → Traccar's alarm name and, where there is one, our event. */
export const MEITRACK_ALARMS: ReadonlyMap<number, [string, DeviceEventType | null]> = new Map([
  [1, ['sos', 'panic']],
  [17, ['lowBattery', 'low_battery']],
  [18, ['lowPower', null]],
  [19, ['overspeed', 'overspeed']],
  [20, ['geofenceEnter', null]],
  [21, ['geofenceExit', null]],
  [22, ['powerRestored', 'power_restored']],
  [23, ['powerCut', 'power_cut']],
  // Not in Traccar's table: the manual's "GPS Antenna Cut" is our GPS fault (chase-up type 10).
  [28, ['gpsAntennaCut', 'gps_fault']],
  [36, ['tow', 'towing']],
  [44, ['jamming', 'gsm_jamming']],
  [78, ['accident', 'crash']],
  [90, ['hardCornering', 'harsh_cornering']],
  [91, ['hardCornering', 'harsh_cornering']],
  [129, ['hardBraking', 'harsh_braking']],
  [130, ['hardAcceleration', 'harsh_acceleration']],
  [135, ['fatigueDriving', null]],
] as [number, [string, DeviceEventType | null]][]);

/**
 * The input that senses ACC: input 2 (bit 1 of the input byte), positive trigger, on the vehicle
 * trackers' default wiring (T1/T333, T366, T322X, T399 user guides, "Input 2 (ACC input)").
 */
export const MEITRACK_ACC_INPUT = 0x02;
/** Output 1 drives the fuel/starter cut-off relay on the same trackers (bit 0 of the output byte). */
export const MEITRACK_CUT_OUTPUT = 0x01;

/** An empty record: no location until one is decoded, stamped `now` until a time is. */
export function meitrackRecord(deviceId: string, now: number): DeviceRecord {
  return blankRecord('meitrack', deviceId, now);
}

/** Keeps the event code (`attributes.event`) and raises its alarm. */
export function applyMeitrackEvent(rec: DeviceRecord, code: number): void {
  rec.attributes.event = code;
  const alarm = MEITRACK_ALARMS.get(code);
  if (!alarm) return;
  const event = alarm[1];
  if (event) addEvent(rec, event, alarm[0]);
  else addAlarmName(rec, alarm[0]);
}

/** The I/O port bytes: inputs, outputs, and the ignition from the ACC input. */
export function applyMeitrackIo(rec: DeviceRecord, inputs?: number, outputs?: number): void {
  if (inputs !== undefined) {
    rec.inputs = inputs;
    rec.ignition = (inputs & MEITRACK_ACC_INPUT) !== 0;
  }
  if (outputs !== undefined) rec.outputs = outputs;
}

/** Settles what needs the whole record (an accident while parked). */
export function finishMeitrackRecord(rec: DeviceRecord): DeviceRecord {
  settleAccidents(rec);
  return rec;
}

/** A latitude/longitude pair a record may carry as its location. */
export function isPlace(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0)
  );
}
