// The demo clients' rules (issue 11), with the labels and the fleet they pick units by, the panic
// notification settings, and two notices from the provider. The rules are ones the simulated fleet
// really trips (sim/vehicle.ts): it speeds at 124-138 km/h on a third of its long trips, its route
// vans pass the main depot, its night-shift trucks drive before dawn, one van strays from its
// corridor, and now and then a parked vehicle is towed. So a fresh install shows real alerts within
// minutes of its start. Seeded once: a client that has any rule, or whose users ever changed one,
// is left as it is; notices only while there are none.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { now } from '../clock';
import { DEMO_UNITS, OTHER_UNITS } from './data';
import type { DemoClientKey } from './places';
import { demoClientUnits } from './seed-places';

interface DemoRule {
  name: string;
  type: string;
  param: Record<string, unknown>;
  apply_type?: 'all' | 'units' | 'tags' | 'fleet';
  /** label names, for apply_type tags */
  tags?: string[];
  days?: number[];
  start?: number;
  end?: number;
  emails?: string[];
  sms?: string[];
  phones?: string[];
}

const CONTROL_ROOM = 'control@demofleet.co.za';

/** Labels by name, with the demo unit indexes carrying them. */
function demoTags(key: DemoClientKey): Record<string, number[]> {
  const units = key === 'demo' ? DEMO_UNITS : OTHER_UNITS;
  const heavy = ['large_truck', 'truck_trailer', 'small_truck', 'bus'];
  const indexes = (pred: (i: number) => boolean) => units.map((_, i) => i).filter(pred);
  if (key === 'other')
    return { 'Delivery trucks': indexes((i) => heavy.includes(units[i].vehicle_class_ref)) };
  return {
    'Heavy vehicles': indexes((i) => heavy.includes(units[i].vehicle_class_ref)),
    'Cape Town branch': indexes((i) => units[i].city === 3),
    'Route vans': [8, 20, 28],
  };
}

function demoRules(key: DemoClientKey): DemoRule[] {
  if (key === 'other')
    return [
      {
        name: 'Speeding over 110 km/h',
        type: 'speeding',
        param: { limit: 110, grace_s: 10 },
        emails: ['ops@otherfleet.co.za'],
      },
      {
        name: 'Night movement',
        type: 'vehicle_moving',
        param: { min_speed: 10 },
        start: 0,
        end: 5 * 60,
        phones: ['+27 31 555 0100'],
      },
    ];
  return [
    {
      name: 'Speeding over 120 km/h',
      type: 'speeding',
      param: { limit: 120, grace_s: 10 },
      emails: ['fleet@demofleet.co.za'],
      sms: ['+27 82 123 4567'],
    },
    {
      name: 'Main depot arrivals',
      type: 'location',
      param: { lid: 'Johannesburg Main Depot', trigger: 'enter' },
      emails: ['depot@demofleet.co.za'],
    },
    {
      name: 'Night movement',
      type: 'vehicle_moving',
      param: { min_speed: 10 },
      start: 0,
      end: 5 * 60,
      emails: [CONTROL_ROOM],
      phones: ['+27 11 555 0100'],
    },
    {
      name: 'Towing',
      type: 'towing',
      param: {},
      emails: [CONTROL_ROOM],
      phones: ['+27 11 555 0100'],
    },
    {
      name: 'Harsh driving, heavy vehicles',
      type: 'harsh_driving',
      param: { kinds: ['braking', 'acceleration', 'cornering'] },
      apply_type: 'tags',
      tags: ['Heavy vehicles'],
      days: [1, 2, 3, 4, 5],
    },
    {
      name: 'Off the route corridor',
      type: 'route_violation',
      param: {},
      apply_type: 'tags',
      tags: ['Route vans'],
      emails: ['fleet@demofleet.co.za'],
    },
  ];
}

async function hasRules(db: Kysely<Database>, clientId: number): Promise<boolean> {
  const rule = await db
    .selectFrom('rules')
    .select('rid')
    .where('client_id', '=', clientId)
    .limit(1)
    .executeTakeFirst();
  if (rule) return true;
  const touched = await db
    .selectFrom('change_logs')
    .select('id')
    .where('client_id', '=', clientId)
    .where('entity_type', '=', 'Rule')
    .limit(1)
    .executeTakeFirst();
  return !!touched;
}

/** Stores a client's demo labels, rules and panic settings; nothing when it has rules already. */
export async function seedRules(
  db: Kysely<Database>,
  clientId: number,
  key: DemoClientKey,
  uids: (number | undefined)[],
): Promise<boolean> {
  if (await hasRules(db, clientId)) return false;
  const at = now();
  const tagIds = new Map<string, number>();
  for (const [name, indexes] of Object.entries(demoTags(key))) {
    const existing = await db
      .selectFrom('tags')
      .select('tgid')
      .where('client_id', '=', clientId)
      .where('name', '=', name)
      .executeTakeFirst();
    const tgid =
      existing?.tgid ??
      (
        await db
          .insertInto('tags')
          .values({ client_id: clientId, name, created: at, updated: at })
          .returning('tgid')
          .executeTakeFirstOrThrow()
      ).tgid;
    tagIds.set(name, tgid);
    if (existing) continue;
    const rows = indexes.flatMap((i) =>
      uids[i] === undefined ? [] : [{ tag_id: tgid, unit_id: uids[i]!, client_id: clientId }],
    );
    if (rows.length) await db.insertInto('unit_tags').values(rows).execute();
  }
  for (const rule of demoRules(key)) {
    const param = { ...rule.param };
    if (typeof param.lid === 'string') {
      const location = await db
        .selectFrom('locations')
        .select('lid')
        .where('client_id', '=', clientId)
        .where('name', '=', param.lid)
        .executeTakeFirst();
      if (!location) continue;
      param.lid = location.lid;
    }
    const applyTo = (rule.tags ?? []).flatMap((t) => (tagIds.has(t) ? [tagIds.get(t)!] : []));
    await db
      .insertInto('rules')
      .values({
        client_id: clientId,
        name: rule.name,
        type: rule.type,
        apply_type: rule.apply_type ?? 'all',
        apply_to: JSON.stringify(applyTo),
        fid: null,
        param: JSON.stringify(param),
        emails: JSON.stringify(rule.emails ?? []),
        sms: JSON.stringify(rule.sms ?? []),
        phones: JSON.stringify(rule.phones ?? []),
        days: JSON.stringify(rule.days ?? [1, 2, 3, 4, 5, 6, 7]),
        start_min: rule.start ?? 0,
        end_min: rule.end ?? 1440,
        active: 1,
        created: at,
        updated: at,
      })
      .execute();
  }
  const panic = await db
    .selectFrom('panic_notification_settings')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!panic) {
    await db
      .insertInto('panic_notification_settings')
      .values({
        client_id: clientId,
        emails: JSON.stringify(key === 'demo' ? [CONTROL_ROOM] : ['ops@otherfleet.co.za']),
        sms: JSON.stringify(key === 'demo' ? ['+27 82 555 0199'] : []),
        updated: at,
      })
      .execute();
  }
  return true;
}

/** Two notices from the provider to every client: one pops up (priority 1), one does not. */
export async function seedNotices(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('notices').select('tid').limit(1).executeTakeFirst();
  if (any) return false;
  const at = now();
  await db
    .insertInto('notices')
    .values([
      {
        title: 'New: rules and alerts',
        message:
          '<p>You can now set <b>rules</b> that raise alerts: speeding, towing, night movement, ' +
          'geofences and more. Alerts arrive by e-mail and SMS and appear under the bell icon.</p>' +
          '<p>Open <a href="#/portal/rules/index">Rules</a> to see the ones we set up for you.</p>',
        type: 0,
        priority: 0,
        all_clients: 1,
        author_id: null,
        created: at - 3 * 86_400_000,
        updated: at - 3 * 86_400_000,
      },
      {
        title: 'Planned maintenance on Sunday night',
        message:
          '<p>The portal will be unavailable on <b>Sunday from 01:00 to 03:00</b> while we upgrade ' +
          'our servers. Trackers keep recording and their data appears once we are back.</p>',
        type: 1,
        priority: 1,
        all_clients: 1,
        author_id: null,
        created: at - 3_600_000,
        updated: at - 3_600_000,
      },
    ])
    .execute();
  return true;
}

/** A demo started before rules existed gets them once (its units found by their device ids). */
export async function addMissingDemoRules(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const { cid, key, uids } of await demoClientUnits(db))
    if (await seedRules(db, cid, key, uids)) added++;
  if (added) await seedNotices(db);
  return added;
}
