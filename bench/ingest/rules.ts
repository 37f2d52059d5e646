// The benchmark's rules (issue 11): `count` rules for the bench client, of mixed types, each applied
// to every unit and each with an e-mail recipient, so that the rule engine evaluates every rule on
// every record and the alerts it raises queue outbox rows in the ingest transaction. The fleet's
// drives (fleet.ts) reach 110 km/h, so the speeding rules with low limits really fire, and so do
// the moving and idling rules; the other thresholds are the ones a fleet would set.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/src/db';

/** Rule types and parameters, taken in turn; speeding limits vary so that some fire, some do not. */
const MIX: [string, Record<string, unknown>][] = [
  ['speeding', { limit: 80, grace_s: 10 }],
  ['speeding', { limit: 100, grace_s: 20 }],
  ['speed_buzzer', { limit: 90, seconds: 30 }],
  ['harsh_driving', { kinds: ['braking', 'acceleration', 'cornering'] }],
  ['vehicle_moving', { min_speed: 10 }],
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
  ['speeding', { limit: 120, grace_s: 0 }],
  ['location', { lid: 1, trigger: 'enter' }],
];

export async function seedRules(db: Kysely<Database>, clientId: number, count: number) {
  const at = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const [type, param] = MIX[i % MIX.length];
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
      start_min: 0,
      end_min: 1440,
      active: 1,
      created: at,
      updated: at,
    };
  });
  if (rows.length) await db.insertInto('rules').values(rows).execute();
}
