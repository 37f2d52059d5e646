// The H02 vehicle_status word (4 bytes, sent as 8 hex digits in text messages and as a u32 in
// binary ones) and the records every H02 message becomes. Negative logic: a 0 bit is active.
//
// Bit meanings, from the two manuals that document the word (ST-901 series "Protocol", tables
// "Vehicle Status" / "Status Definition"; "GPS Tracker Communication Protocol V1.0.5" §二.4
// "Terminal Status (alarm) analysis") and Traccar's H02ProtocolDecoder.processStatus:
//   bit 0  theft / vibration alarm (Traccar: vibration)   bit 1  SOS
//   bit 2  overspeed alarm                                 bit 3  illegal ignition alarm
//   bit 4  geofence (in) alarm                             bit 5/6 GPS antenna open / short alarm
//   bit 7  geofence (out) alarm                            bit 8  door open
//   bit 9  armed (fortified)                               bit 10 ACC off (1: ignition on)
//   bit 16 GPS receiver fault                              bit 18 SOS (Traccar)
//   bit 19 running on the backup battery (external power cut)
//   bit 20 backup battery removed / faulty                 bit 23 low-level sensor 2 grounded
//   bit 25 tow / move alarm (ST-901)                       bit 27 fuel and power cut (relay on)
//   bit 28 vehicle power off alarm                         bit 29/30 high-level sensor 1/2 high
//   bit 31 low-level sensor 1 grounded
//
// The manuals say the alarm bits stay latched until the server clears them (command R7), which
// this gateway never sends (R7 also restores a cut fuel supply). So an alarm becomes an event when
// its bit turns active: the session passes the device's previous status word on the connection.
import { blankRecord, type DeviceEventType, type DeviceRecord } from '../types';
import { addAlarmName, addEvent } from './events';

export const H02_PROTOCOL = 'h02';

/** Knots (what H02 devices report) to km/h. */
export const KNOTS = 1.852;

interface AlarmBit {
  bit: number;
  alarm: string;
  event?: DeviceEventType;
}

/** Status bits that are alarms: Traccar's alarm name and our event where there is one. */
export const H02_ALARM_BITS: readonly AlarmBit[] = [
  { bit: 0, alarm: 'vibration', event: 'tamper' },
  { bit: 1, alarm: 'sos', event: 'panic' },
  { bit: 2, alarm: 'overspeed', event: 'overspeed' },
  { bit: 4, alarm: 'geofenceEnter' },
  { bit: 5, alarm: 'gpsAntennaCut', event: 'gps_fault' },
  { bit: 6, alarm: 'gpsAntennaCut', event: 'gps_fault' },
  { bit: 7, alarm: 'geofenceExit' },
  { bit: 16, alarm: 'gpsAntennaCut', event: 'gps_fault' },
  { bit: 18, alarm: 'sos', event: 'panic' },
  { bit: 19, alarm: 'powerCut', event: 'power_cut' },
  { bit: 25, alarm: 'tow', event: 'towing' },
  { bit: 28, alarm: 'powerCut', event: 'power_cut' },
];

/** The bits that say the vehicle's supply is gone (their return is a power_restored). */
const POWER_BITS = [19, 28];

export const H02_BIT = {
  ignition: 10,
  armed: 9,
  door: 8,
  cut: 27,
} as const;

/** A status word with nothing active and the ignition off (the manuals' "FFFFFBFF"). */
export const H02_STATUS_IDLE = 0xfffffbff;

/** True when the (negative-logic) bit is active, i.e. 0. */
export const active = (status: number, bit: number): boolean => ((status >>> bit) & 1) === 0;

/** An empty record of the device, stamped `fixTime`, without location. */
export function h02Record(deviceId: string, fixTime: number): DeviceRecord {
  return blankRecord(H02_PROTOCOL, deviceId, fixTime);
}

/**
 * Applies a status word: ignition, outputs (bit 27: the cut relay is DOUT1), inputs, door, armed,
 * the raw word as `attributes.status`, and the alarms that turned active since `previous` (all
 * active ones when the previous word is unknown), plus power_restored when the supply came back.
 */
export function applyH02Status(rec: DeviceRecord, status: number, previous?: number): void {
  const s = status >>> 0;
  rec.attributes.status = s;
  rec.ignition = !active(s, H02_BIT.ignition);
  rec.outputs = active(s, H02_BIT.cut) ? 1 : 0;
  rec.inputs =
    (active(s, 29) ? 1 : 0) |
    (active(s, 30) ? 2 : 0) |
    (active(s, 31) ? 4 : 0) |
    (active(s, 23) ? 8 : 0);
  rec.attributes.door = active(s, H02_BIT.door);
  rec.attributes.armed = active(s, H02_BIT.armed);
  for (const a of H02_ALARM_BITS) {
    if (!active(s, a.bit)) continue;
    if (previous !== undefined && active(previous, a.bit)) continue;
    if (a.event) addEvent(rec, a.event, a.alarm);
    else addAlarmName(rec, a.alarm);
  }
  if (
    previous !== undefined &&
    POWER_BITS.some((b) => active(previous, b)) &&
    !POWER_BITS.some((b) => active(s, b))
  ) {
    addEvent(rec, 'power_restored');
  }
}

/** What a device's status word says, for the device side (simulator, tests). */
export interface H02StatusFlags {
  ignition: boolean;
  sos?: boolean;
  overspeed?: boolean;
  /** The vehicle's supply is gone: the tracker runs on its backup battery. */
  powerCut?: boolean;
  tow?: boolean;
  vibration?: boolean;
  /** The fuel/power cut relay holds (immobilised). */
  cut?: boolean;
  armed?: boolean;
}

/** The status word a device sends for these flags. */
export function h02StatusWord(f: H02StatusFlags): number {
  let s = 0xffffffff;
  const set = (bit: number, on: boolean | undefined) => {
    if (on) s &= ~(1 << bit);
  };
  set(H02_BIT.ignition, !f.ignition);
  set(1, f.sos);
  set(2, f.overspeed);
  set(19, f.powerCut);
  set(28, f.powerCut);
  set(25, f.tow);
  set(0, f.vibration);
  set(H02_BIT.cut, f.cut);
  set(H02_BIT.armed, f.armed);
  return s >>> 0;
}
