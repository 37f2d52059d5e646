// The demo clients' fleet records (issue 12): vehicle details on the demo units, the drivers'
// licences (a few expiring within 30 days, one expired, so the reminders have something to say),
// the contacts' ranks, the labels "Gauteng", "Refrigerated" and "Night shift" with colours, the
// fleets "Long haul" and "City deliveries", and a panic remote with its holder. Seeded once, on
// the first start with the rest of the demo or on the first start of a demo that predates them: a
// client that has a remote, a vehicle with a make, or whose users ever changed a vehicle, fleet or
// remote is left as it is. Labels and fleets of the same name (the rules' seed) are reused.
import type { Kysely } from 'kysely';
import { PERSON_ROLE_DELETED } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { DEMO_UNITS, OTHER_UNITS } from './data';
import {
  DEMO_CONTACT_RANKS,
  DEMO_FLEETS,
  DEMO_FLEET_LABELS,
  DEMO_LICENCES,
  DEMO_REMOTE,
  vehicleDetails,
} from './fleet-data';
import type { DemoClientKey } from './places';
import { demoClientUnits } from './seed-places';

const DAY_MS = 86_400_000;

async function hasFleetRecords(db: Kysely<Database>, clientId: number): Promise<boolean> {
  const evidence = [
    db.selectFrom('remotes').select('client_id').where('client_id', '=', clientId).limit(1),
    db
      .selectFrom('units')
      .select('client_id')
      .where('client_id', '=', clientId)
      .where('make', '!=', '')
      .limit(1),
    db
      .selectFrom('change_logs')
      .select('client_id')
      .where('client_id', '=', clientId)
      .where('entity_type', 'in', ['Vehicle', 'Fleet', 'Remote'])
      .limit(1),
  ];
  for (const q of evidence) if (await q.executeTakeFirst()) return true;
  return false;
}

/** UTC midnight of the calendar day `days` from `at` (how people's licence days are stored). */
function dayFrom(at: number, days: number): number {
  const d = new Date(at + days * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The client's people (not deleted) by full name. */
async function peopleByName(db: Kysely<Database>, clientId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'roles'])
    .where('client_id', '=', clientId)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    if ((JSON.parse(r.roles || '[]') as number[]).includes(PERSON_ROLE_DELETED)) continue;
    out.set(`${r.first_name} ${r.surname}`.trim(), r.pid);
  }
  return out;
}

/** Stores a client's demo fleet records; nothing when it has them (or its users changed them). */
export async function seedFleet(
  db: Kysely<Database>,
  clientId: number,
  key: DemoClientKey,
  uids: (number | undefined)[],
): Promise<boolean> {
  if (await hasFleetRecords(db, clientId)) return false;
  const at = now();
  const units = key === 'demo' ? DEMO_UNITS : OTHER_UNITS;
  for (const [i, u] of units.entries()) {
    const details = vehicleDetails(u, i, key);
    if (uids[i] === undefined || !details) continue;
    await db
      .updateTable('units')
      .set({ ...details, updated: at })
      .where('uid', '=', uids[i]!)
      .execute();
  }
  if (key !== 'demo') return true;

  const people = await peopleByName(db, clientId);
  for (const [name, l] of Object.entries(DEMO_LICENCES)) {
    const pid = people.get(name);
    if (pid === undefined) continue;
    await db
      .updateTable('people')
      .set({
        licence_number: l.licence_number,
        id_number: l.id_number,
        licence_expiry: dayFrom(at, l.licence_days),
        prdp_expiry: l.prdp_days === null ? null : dayFrom(at, l.prdp_days),
        updated: at,
      })
      .where('pid', '=', pid)
      .execute();
  }
  for (const [name, rank] of Object.entries(DEMO_CONTACT_RANKS)) {
    const pid = people.get(name);
    if (pid !== undefined)
      await db.updateTable('people').set({ rank, updated: at }).where('pid', '=', pid).execute();
  }

  for (const label of DEMO_FLEET_LABELS) {
    const existing = await db
      .selectFrom('tags')
      .select('tgid')
      .where('client_id', '=', clientId)
      .where('name', '=', label.name)
      .executeTakeFirst();
    const tgid =
      existing?.tgid ??
      (
        await db
          .insertInto('tags')
          .values({
            client_id: clientId,
            name: label.name,
            colour: label.colour,
            created: at,
            updated: at,
          })
          .returning('tgid')
          .executeTakeFirstOrThrow()
      ).tgid;
    if (existing) continue;
    const rows = units.flatMap((u, i) =>
      uids[i] !== undefined && label.has(u, i)
        ? [{ tag_id: tgid, unit_id: uids[i]!, client_id: clientId }]
        : [],
    );
    if (rows.length) await db.insertInto('unit_tags').values(rows).execute();
  }

  for (const fleet of DEMO_FLEETS) {
    const existing = await db
      .selectFrom('fleets')
      .select('fid')
      .where('client_id', '=', clientId)
      .where('name', '=', fleet.name)
      .executeTakeFirst();
    if (existing) continue;
    const { fid } = await db
      .insertInto('fleets')
      .values({ client_id: clientId, name: fleet.name, created: at, updated: at })
      .returning('fid')
      .executeTakeFirstOrThrow();
    const rows = units.flatMap((u, i) =>
      uids[i] !== undefined && fleet.has(u)
        ? [{ fleet_id: fid, unit_id: uids[i]!, client_id: clientId }]
        : [],
    );
    if (rows.length) await db.insertInto('fleet_units').values(rows).execute();
  }

  const remoteUnit = uids[DEMO_REMOTE.unit];
  if (remoteUnit !== undefined) {
    await db
      .insertInto('remotes')
      .values({
        client_id: clientId,
        remote_id: DEMO_REMOTE.remote_id,
        unit_id: remoteUnit,
        holder_pid: people.get(DEMO_REMOTE.holder) ?? null,
        holder_name: DEMO_REMOTE.holder,
        battery_state: 'ok',
        last_press: null,
        created: at,
        updated: at,
      })
      .execute();
  }
  return true;
}

/** A demo started before fleet records existed gets them once. */
export async function addMissingDemoFleet(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const { cid, key, uids } of await demoClientUnits(db))
    if (await seedFleet(db, cid, key, uids)) added++;
  return added;
}
