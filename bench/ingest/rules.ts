// The benchmark's rules (issue 11): `count` rules for the bench client, of mixed types, each applied
// to every unit and each with an e-mail recipient, so that the rule engine evaluates every rule on
// every record and the alerts it raises queue outbox rows in the ingest transaction. Two mixes of
// the same types, taken in turn:
// - 'fleet': the thresholds a fleet sets: speeding at 120 and 140 km/h, the speed buzzer at 120,
//   "vehicle moving" armed after hours (an eight-hour window away from the load's hours), and
//   the rest as below. The fleet's drives (fleet.ts) hover near 110 km/h, so the speed rules run
//   their pending checks without firing; "driver ID timeout" still fires on every trip (the bench
//   trackers read no driver tags): 2,000 alerts, one per 100 positions.
// - 'storm': low limits (80, 100, 90 km/h) that the drives exceed for minutes and "vehicle
//   moving" armed all day, so that nearly every rule fires on every trip: one alert per 21
//   positions, each updated as it goes on. A worst case, not a fleet a manager could read.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db';

export type RuleMix = 'fleet' | 'storm';

type Entry = [string, Record<string, unknown>];

const COMMON: Entry[] = [
  ['harsh_driving', { kinds: ['braking', 'acceleration', 'cornering'] }],
  ['battery_tampering', {}],
  ['battery_low', { volts: 11.8 }],
  ['abnormal_park', { minutes: 30, lids: [] }],
  ['excessive_idling', { minutes: 5 }],
  ['excessive_park', { minutes: 60 }],
  ['excessive_ignition', { minutes: 30 }],
  ['towing', {}],
  ['border_crossing', {}],
  ['route_violation', {}],
  ['driver_id_timeout', { minutes: 5 }],
  ['immobiliser_bypass', {}],
  ['power_restored', {}],
  ['generic_input', { input: 1, state: 'on' }],
  ['location', { lid: 1, trigger: 'enter' }],
];

/** Rule types and parameters of each mix, taken in turn. */
const MIXES: Record<RuleMix, Entry[]> = {
  fleet: [
    ['speeding', { limit: 120, grace_s: 10 }],
    ['speeding', { limit: 140, grace_s: 0 }],
    ['speed_buzzer', { limit: 120, seconds: 30 }],
    ['vehicle_moving', { min_speed: 10 }],
    ...COMMON,
    ['speeding', { limit: 130, grace_s: 30 }],
  ],
  storm: [
    ['speeding', { limit: 80, grace_s: 10 }],
    ['speeding', { limit: 100, grace_s: 20 }],
    ['speed_buzzer', { limit: 90, seconds: 30 }],
    ['vehicle_moving', { min_speed: 10 }],
    ...COMMON,
    ['speeding', { limit: 120, grace_s: 0 }],
  ],
};

/** Minutes of the day in the bench client's zone (Africa/Johannesburg, UTC+2 all year). */
const sastMinute = (ms: number) => Math.floor(ms / 60_000 + 120) % 1440;

/**
 * Seeds the rules. `loadMiddle` is the middle of the load's record times (which span about half an
 * hour): the fleet mix arms "vehicle moving" for the eight hours that end an hour before it, or
 * when those would start before midnight the eight that start an hour after it.
 */
export async function seedRules(
  db: Kysely<Database>,
  clientId: number,
  count: number,
  mix: RuleMix,
  loadMiddle: number,
) {
  const at = Date.now();
  const middle = sastMinute(loadMiddle);
  const afterHours = middle >= 540 ? middle - 540 : middle + 60;
  const rows = Array.from({ length: count }, (_, i) => {
    const list = MIXES[mix];
    const [type, param] = list[i % list.length];
    const start = mix === 'fleet' && type === 'vehicle_moving' ? afterHours : 0;
    return {
      client_id: clientId,
      name: `Bench rule ${i + 1} (${type})`,
      type,
      apply_type: 'all',
      apply_to: '[]',
      fid: null,
      param: JSON.stringify(param),
      emails: JSON.stringify([`fleet${i}@bench.example`]),
      sms: '[]',
      phones: '[]',
      days: '[1,2,3,4,5,6,7]',
      start_min: start,
      end_min: mix === 'fleet' && type === 'vehicle_moving' ? start + 480 : 1440,
      active: 1,
      created: at,
      updated: at,
    };
  });
  if (rows.length) await db.insertInto('rules').values(rows).execute();
}
