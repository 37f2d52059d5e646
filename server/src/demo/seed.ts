// First-start data: the demo fleet (DEMO=1) or an initial support account.
import type { Kysely } from 'kysely';
import { DEFAULT_ROLES, PARK_STATE, seededRandom, type UserTypeApiName } from '@fleet/common';
import type { Database } from '../db';
import { hashPassword, randomPassword } from '../auth/crypto';
import {
  DEMO_CITIES,
  DEMO_PEOPLE,
  DEMO_UNITS,
  OTHER_UNITS,
  demoDeviceId,
  type DemoUnit,
} from './data';
import { clock, now } from '../clock';
import { addMissingDemoPlaces, seedPlaces } from './seed-places';
import { addMissingDemoRules, seedNotices, seedRules } from './seed-rules';
import { addMissingDemoFleet, seedFleet } from './seed-fleet';
import { addMissingDemoOrders, seedOrders } from './seed-orders';
import { addMissingDemoBilling, seedBilling } from './seed-billing';
import { addMissingDemoFuel, seedFuel } from './seed-fuel';
import { addMissingDemoMaintenance, seedMaintenance } from './seed-maintenance';
import { addMissingDemoCommands, seedCommands } from './seed-commands';
import { addMissingDemoReports, seedReports } from './seed-reports';
import { addMissingDemoRecovery, seedRecovery } from './seed-recovery';

export const DEMO_LOGINS: {
  username: string;
  password: string;
  type: UserTypeApiName;
  client: string;
}[] = [
  { username: 'demo', password: 'demo', type: 'full', client: 'Demo Fleet' },
  { username: 'lite', password: 'lite', type: 'lite', client: 'Demo Fleet' },
  { username: 'recovery', password: 'recovery', type: 'recovery', client: 'Demo Fleet' },
  { username: 'support', password: 'support', type: 'support', client: 'Tracking Provider' },
  { username: 'other', password: 'other', type: 'full', client: 'Other Fleet' },
];

async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('clients').select('cid').limit(1).executeTakeFirst();
  return !row;
}

async function addClient(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .insertInto('clients')
    .values({ name, state: 1, created: now() })
    .returning('cid')
    .executeTakeFirstOrThrow();
  return row.cid;
}

async function addUser(
  db: Kysely<Database>,
  clientId: number,
  username: string,
  type: UserTypeApiName,
  passwordHash: string | null,
  email: string | null,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      username,
      display_name: username.charAt(0).toUpperCase() + username.slice(1),
      email,
      user_type: type,
      roles: JSON.stringify(DEFAULT_ROLES[type]),
      settings: JSON.stringify({ max_speed: 120, timezone: 'Africa/Johannesburg' }),
      ui_settings: '{}',
      password_hash: passwordHash,
      all_units: 1,
      created: now(),
      last_login: null,
    })
    .returning('nid')
    .executeTakeFirstOrThrow();
  return row.nid;
}

async function addUnits(
  db: Kysely<Database>,
  clientId: number,
  key: 'demo' | 'other',
  units: DemoUnit[],
  driverIds: number[],
): Promise<number[]> {
  const uids: number[] = [];
  // Seeded, so every fresh demo looks the same.
  const rand = seededRandom(key === 'demo' ? 42 : 7);
  const now = clock().now();
  for (const [i, u] of units.entries()) {
    const city = DEMO_CITIES[u.city];
    const row = await db
      .insertInto('units')
      .values({
        client_id: clientId,
        name: u.name,
        reg: u.reg,
        icon_colour: u.icon_colour,
        icon_type: u.icon_type,
        vehicle_class_ref: u.vehicle_class_ref,
        service_type: u.service_type,
        unit_type: u.unit_type,
        active: i === 7 ? 2 : 1,
        display: 1,
        driver_id: driverIds.length ? driverIds[i % driverIds.length] : null,
        last_disconnect: null,
        device_id: demoDeviceId(key, i, u.protocol),
        protocol: u.protocol,
        stock_status: 5,
        created: now,
      })
      .returning('uid')
      .executeTakeFirstOrThrow();
    uids.push(row.uid);
    // A last known position near the unit's city, so the map is not empty before devices report.
    const lat = city.lat + (rand() - 0.5) * 0.25;
    const lon = city.lon + (rand() - 0.5) * 0.25;
    // A day and more ago; a simulator writing history from before then moves it back first
    // (predateSeededStates), so the history is written as new fixes in order.
    const ago = 25 * 3600_000 + Math.round(rand() * 3600_000);
    await db
      .insertInto('unit_state')
      .values({
        unit_id: row.uid,
        client_id: clientId,
        fix_time: now - ago,
        server_time: now - ago,
        lat,
        lon,
        speed: 0,
        course: Math.round(rand() * 359),
        ignition: 0,
        motion: 0,
        park_state: PARK_STATE.PARKED,
        park_since: now - ago,
        odometer: Math.round(20_000_000 + rand() * 180_000_000),
        engine_hours: Math.round(rand() * 5000) * 3600,
        power: 12.6,
        battery: 4.1,
        gsm: 4,
        driver_id: null,
        attributes: '{}',
      })
      .execute();
  }
  return uids;
}

/** How long before the history's start a seeded last-known position is moved. */
const SEEDED_STATE_LEAD_MS = 24 * 3600_000;

/**
 * The demo seeds each unit a last-known position (seedUnits above) so that the map is not empty
 * before devices report. Where that placeholder is newer than the history the simulator is about
 * to write, and nothing was stored for the unit since, it is moved to a day before the history's
 * start (odometer and all): the history then goes through the pipeline as new fixes in order,
 * instead of every fix of the week taking the late-fix path (a read, an insert and a
 * re-segmentation each), which made writing a week of history six times slower.
 */
export async function predateSeededStates(
  db: Kysely<Database>,
  uids: number[],
  startTime: number,
): Promise<void> {
  const moved = startTime - SEEDED_STATE_LEAD_MS;
  await db
    .updateTable('unit_state')
    .set({ fix_time: moved, server_time: moved, park_since: moved })
    .where('unit_id', 'in', uids)
    .where('fix_time', '>', startTime)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('positions')
            .select('positions.id')
            .whereRef('positions.unit_id', '=', 'unit_state.unit_id')
            .where('positions.fix_time', '>=', startTime),
        ),
      ),
    )
    .execute();
}

export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  if (!(await isEmpty(db))) {
    // A demo from before places (or rules) existed gets them once.
    await addMissingDemoPlaces(db);
    await addMissingDemoRules(db);
    await addMissingDemoFleet(db);
    await addMissingDemoBilling(db);
    await addMissingDemoOrders(db);
    await addMissingDemoFuel(db);
    await addMissingDemoMaintenance(db);
    await addMissingDemoCommands(db);
    await addMissingDemoReports(db);
    await addMissingDemoRecovery(db);
    return false;
  }
  const provider = await addClient(db, 'Tracking Provider');
  const demo = await addClient(db, 'Demo Fleet');
  const other = await addClient(db, 'Other Fleet');
  const hashes = new Map<string, string>();
  for (const login of DEMO_LOGINS) hashes.set(login.username, await hashPassword(login.password));
  const clientOf = {
    'Tracking Provider': provider,
    'Demo Fleet': demo,
    'Other Fleet': other,
  } as Record<string, number>;
  for (const login of DEMO_LOGINS) {
    await addUser(
      db,
      clientOf[login.client],
      login.username,
      login.type,
      hashes.get(login.username)!,
      `${login.username}@example.com`,
    );
  }
  const driverIds: number[] = [];
  for (const [rank, p] of DEMO_PEOPLE.entries()) {
    const row = await db
      .insertInto('people')
      .values({
        client_id: demo,
        first_name: p.first_name,
        surname: p.surname,
        title: p.title,
        rank,
        roles: JSON.stringify(p.roles),
        contact_roles: JSON.stringify(p.contact_roles),
        email: `${p.first_name.toLowerCase()}.${p.surname.toLowerCase().replace(/\s+/g, '')}@demofleet.co.za`,
        cellphone: `08${String(21234500 + rank * 1111).slice(0, 8)}`,
        licence_class: p.licence_class,
        licence_expiry: now() + (rank + 1) * 45 * 86400_000,
        prdp_expiry: p.roles.includes(6) ? now() + (rank + 2) * 30 * 86400_000 : null,
        driver_tag: p.driver_tag,
        created: now(),
      })
      .returning('pid')
      .executeTakeFirstOrThrow();
    if (p.roles.includes(6)) driverIds.push(row.pid);
  }
  const otherDriver = await db
    .insertInto('people')
    .values({
      client_id: other,
      first_name: 'Olwethu',
      surname: 'Other',
      title: 'Mr',
      rank: 0,
      roles: JSON.stringify([0, 6]),
      contact_roles: '[]',
      email: null,
      cellphone: null,
      licence_class: 'B',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: null,
      created: now(),
    })
    .returning('pid')
    .executeTakeFirstOrThrow();
  const demoUids = await addUnits(db, demo, 'demo', DEMO_UNITS, driverIds);
  const otherUids = await addUnits(db, other, 'other', OTHER_UNITS, [otherDriver.pid]);
  await seedPlaces(db, demo, 'demo', demoUids, true);
  await seedPlaces(db, other, 'other', otherUids, true);
  await seedRules(db, demo, 'demo', demoUids);
  await seedRules(db, other, 'other', otherUids);
  await seedFleet(db, demo, 'demo', demoUids);
  await seedFleet(db, other, 'other', otherUids);
  await seedOrders(db, { provider, demo, other }, demoUids);
  await seedNotices(db);
  await seedBilling(db, { provider, demo, other });
  await seedFuel(db, demo, other);
  await seedMaintenance(db, demo);
  await seedCommands(db, demo);
  await seedReports(db, demo);
  await seedRecovery(db, demo);
  return true;
}

/** Without demo data: one support account, its password from ADMIN_PASSWORD or generated once. */
export async function ensureAdmin(
  db: Kysely<Database>,
  adminPassword?: string,
): Promise<string | null> {
  if (!(await isEmpty(db))) return null;
  const provider = await addClient(db, 'Tracking Provider');
  const password = adminPassword ?? randomPassword();
  await addUser(db, provider, 'admin', 'support', await hashPassword(password), null);
  return adminPassword ? null : password;
}
