// Wording of the unit panel: device events and measurements as a fleet manager reads them.
import { eventLabel, type UnitEvent } from '@fleet/common';

const SERIOUS = new Set([
  'crash',
  'panic',
  'panic_remote',
  'tamper',
  'power_cut',
  'towing',
  'gps_jamming',
  'gsm_jamming',
  'immobiliser_bypass',
  'harness_unplugged',
  'supply_cut',
  'immobiliser_fault',
  'house_alarm',
  'crash_park_tilt',
  'crash_braking',
  'crash_impact_park',
]);
const WARNING = new Set([
  'harsh_braking',
  'harsh_acceleration',
  'harsh_cornering',
  'overspeed',
  'low_battery',
]);

// The wording is shared with the events report (common/src/deviceEvents.ts).
export { eventLabel };

/** antd Tag colour for an event: red for security, orange for driving, plain for the rest. */
export function eventColour(event: Pick<UnitEvent, 'type'>): string | undefined {
  if (SERIOUS.has(event.type)) return 'red';
  if (WARNING.has(event.type)) return 'orange';
  if (event.type === 'power_restored' || event.type === 'ignition_on') return 'green';
  return undefined;
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function formatVolts(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(1)} V` : '—';
}

export function formatOdometer(km: number | null | undefined): string {
  return typeof km === 'number' && Number.isFinite(km) ? `${number.format(km)} km` : '—';
}

export function formatHours(hours: number | null | undefined): string {
  return typeof hours === 'number' && Number.isFinite(hours) ? `${number.format(hours)} h` : '—';
}

export function formatCoordinates(lat: number, lon: number): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}
