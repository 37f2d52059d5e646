// Rule types with their order (SPEC §3) and which account types may use them (SPEC §6).
import type { UserTypeApiName } from './roles';

export interface RuleType {
  id: number;
  key: string;
  name: string;
  callMe: boolean;
}

export const RULE_TYPES: RuleType[] = [
  { id: 1, key: 'location', name: 'Location', callMe: true },
  { id: 2, key: 'speeding', name: 'Speeding', callMe: false },
  { id: 3, key: 'harsh_driving', name: 'Harsh Driving', callMe: false },
  { id: 4, key: 'vehicle_moving', name: 'Vehicle Moving', callMe: true },
  { id: 5, key: 'battery_tampering', name: 'Battery disconnected or tampering', callMe: true },
  { id: 6, key: 'battery_low', name: 'Battery Low', callMe: false },
  { id: 7, key: 'abnormal_park', name: 'Abnormal Park', callMe: true },
  { id: 8, key: 'excessive_idling', name: 'Excessive Idling', callMe: false },
  { id: 9, key: 'excessive_park', name: 'Excessive Park', callMe: false },
  { id: 10, key: 'excessive_ignition', name: 'Excessive Ignition', callMe: false },
  { id: 11, key: 'towing', name: 'Towing', callMe: true },
  { id: 12, key: 'border_crossing', name: 'Border crossing (South Africa)', callMe: true },
  { id: 13, key: 'route_violation', name: 'Route Violation', callMe: false },
  { id: 14, key: 'driver_id_timeout', name: 'Driver ID timeout', callMe: true },
  { id: 15, key: 'immobiliser_bypass', name: 'Immobiliser bypass or push start', callMe: true },
  { id: 16, key: 'power_restored', name: 'Power Restored', callMe: false },
  { id: 17, key: 'speed_buzzer', name: 'Speed Buzzer Violation', callMe: false },
  { id: 18, key: 'generic_input', name: 'Generic Input', callMe: false },
];

const RECOVERY_RULES = ['location', 'vehicle_moving', 'border_crossing'];
const LITE_RULES = [
  ...RECOVERY_RULES,
  'speeding',
  'battery_tampering',
  'battery_low',
  'power_restored',
];

/** Rule types an account of the given user type may create (SPEC §6 "Rule types by account"). */
export function ruleTypesForAccount(userType: UserTypeApiName): RuleType[] {
  if (userType === 'recovery') return RULE_TYPES.filter((r) => RECOVERY_RULES.includes(r.key));
  if (userType === 'lite') return RULE_TYPES.filter((r) => LITE_RULES.includes(r.key));
  if (userType === 'full' || userType === 'support') return RULE_TYPES;
  return [];
}
