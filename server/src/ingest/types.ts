// The contract between device gateways (ingest/) and the position pipeline (pipeline/).
import { DEVICE_PROTOCOLS, type DeviceProtocol } from '@fleet/common';

/** The protocols the gateways speak: the list set_unit_device accepts (@fleet/common). */
export type Protocol = DeviceProtocol;
export const PROTOCOLS: readonly Protocol[] = DEVICE_PROTOCOLS;

/** Device events the pipeline stores for the rules and recovery desks. */
export type DeviceEventType =
  | 'harsh_braking'
  | 'harsh_acceleration'
  | 'harsh_cornering'
  | 'crash'
  | 'panic'
  // Stored by the pipeline: a panic of a unit with a paired panic remote (remotes).
  | 'panic_remote'
  | 'tamper'
  | 'power_cut'
  | 'power_restored'
  | 'low_battery'
  | 'towing'
  | 'gps_jamming'
  | 'gsm_jamming'
  | 'immobiliser_bypass'
  | 'driver_id'
  // Derived: a driver tag read names a person other than the unit's current driver.
  | 'driver_changed'
  | 'overspeed'
  | 'ignition_on'
  | 'ignition_off'
  // Derived from the client's places (pipeline/places.ts); the event's ref is the lid or roid.
  | 'location_enter'
  | 'location_exit'
  | 'route_violation'
  | 'route_return'
  // The recovery desk's events (issue 16; SPEC §8 chase-up types in brackets), reported by the
  // trackers (docs/protocols.md, "Chase-up events"):
  | 'harness_unplugged' // (12) the tracker's harness or connector unplugged
  | 'supply_cut' // (13) the supply wiring cut or its fuse blown
  | 'immobiliser_fault' // (14) the immobiliser tampered with or its hardware faulty
  | 'house_alarm' // (16) a house alarm wired to the tracker's input
  | 'immobiliser_line_high' // (17) the immobiliser line high for 20 s without ignition
  | 'gps_fault' // (10) the GPS antenna cut or the receiver failed
  | 'driver_id_timeout' // (8) a trip started and no driver tag was read in time
  | 'driver_id_lost' // (9) the driver tag went missing during a trip
  | 'early_warning_timeout' // (20) an early warning (proximity) tag was not seen when a trip started
  | 'early_warning_lost' // (21) the early warning tag was lost during a trip
  | 'crash_park_tilt' // (22) tilted while parked (lifted, rolled)
  | 'crash_braking' // (23) crash-level braking
  | 'crash_impact_park' // (24) an impact while parked
  // Derived by the pipeline from `attributes.result`: the device's text answer to a command.
  | 'command_reply';

/** One decoded message from a device: a position, or a status without a fix. */
export interface DeviceRecord {
  /** IMEI or OsmAnd id, as provisioned on a unit. */
  deviceId: string;
  protocol: Protocol;
  /** Fix time (or event time when there is no fix), epoch ms UTC. */
  fixTime: number;
  /** False when the message carries no location (status, heartbeat with data, alarm without fix). */
  hasLocation: boolean;
  /** GPS fix validity as the device reports it. */
  valid: boolean;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  /** degrees 0..360 */
  course: number;
  altitude?: number;
  satellites?: number;
  accuracy?: number;
  ignition?: boolean;
  motion?: boolean;
  /** External (vehicle) voltage, V. */
  power?: number;
  /** Internal battery voltage, V. */
  battery?: number;
  /** Internal battery level, %. */
  batteryLevel?: number;
  /** Device-reported odometer, metres. */
  odometer?: number;
  /** GSM signal, 0..5 or as reported. */
  gsm?: number;
  /** Digital inputs / outputs as bit masks. */
  inputs?: number;
  outputs?: number;
  driverId?: string;
  events: DeviceEventType[];
  /**
   * Every other decoded value, named as Traccar names them (alarm, io239, tag1Voltage, ...).
   * `result` is a device's text answer to a command: the pipeline files it as a command_reply event.
   */
  attributes: Record<string, number | string | boolean>;
}

/**
 * A record of `deviceId` stamped `fixTime`, without a location until the decoder sets one: every
 * decoder starts its records here, so they all have the same shape.
 */
export function blankRecord(
  protocol: Protocol,
  deviceId: string,
  fixTime: number,
  attributes: DeviceRecord['attributes'] = {},
): DeviceRecord {
  return new BlankRecord(protocol, deviceId, fixTime, attributes);
}

/**
 * The records' one constructor. Made by a class, a record takes a quarter of the time the object
 * literal it replaces took in the ingest bench's profiles (about 1 µs a record there, under the
 * load of the pipeline and its garbage collector), with the same fields in the same order.
 */
class BlankRecord implements DeviceRecord {
  deviceId: string;
  protocol: Protocol;
  fixTime: number;
  hasLocation = false;
  valid = false;
  lat = 0;
  lon = 0;
  speed = 0;
  course = 0;
  events: DeviceEventType[] = [];
  attributes: DeviceRecord['attributes'];
  constructor(
    protocol: Protocol,
    deviceId: string,
    fixTime: number,
    attributes: DeviceRecord['attributes'],
  ) {
    this.deviceId = deviceId;
    this.protocol = protocol;
    this.fixTime = fixTime;
    this.attributes = attributes;
  }
}

/**
 * What a gateway hands its records to. `submit` resolves only once the records are durable
 * (committed); a gateway acknowledges the device only after it resolves, and sends no ack when
 * it rejects, so that the device retries.
 */
export interface IngestSink {
  /** True when the identifier belongs to a provisioned unit; unknown ones are recorded. */
  identify(protocol: Protocol, deviceId: string, remoteAddress: string): Promise<boolean>;
  submit(records: DeviceRecord[]): Promise<void>;
  /**
   * The device model set on the unit (set_unit_device), for protocols whose bytes mean different
   * things per model (GT06 clones: 'LW', 'SEEWORLD', 'R11', ...); null when none is set.
   */
  deviceModel?(protocol: Protocol, deviceId: string): Promise<string | null>;
}
