// One evaluator per rule type (SPEC §3); the engine (rules/engine.ts) calls the one of a rule's type
// for every record of a unit the rule applies to. See ../types.ts for the contract: pure functions
// of the record and their own JSON memory, describing incidents; the engine applies the rule's
// window and cooldown and writes the alert rows.
import type { Evaluators } from '../types';
import { excessiveIdling, excessiveIgnition, excessivePark } from './durations';
import {
  batteryLow,
  batteryTampering,
  driverIdTimeout,
  genericInput,
  immobiliserBypass,
  powerRestored,
} from './events';
import { abnormalPark, borderCrossing, location, routeViolation } from './places';
import { harshDriving, speedBuzzer, speeding, towing, vehicleMoving } from './speed';

export const EVALUATORS: Evaluators = {
  location,
  speeding,
  harsh_driving: harshDriving,
  vehicle_moving: vehicleMoving,
  battery_tampering: batteryTampering,
  battery_low: batteryLow,
  abnormal_park: abnormalPark,
  excessive_idling: excessiveIdling,
  excessive_park: excessivePark,
  excessive_ignition: excessiveIgnition,
  towing,
  border_crossing: borderCrossing,
  route_violation: routeViolation,
  driver_id_timeout: driverIdTimeout,
  immobiliser_bypass: immobiliserBypass,
  power_restored: powerRestored,
  speed_buzzer: speedBuzzer,
  generic_input: genericInput,
};
