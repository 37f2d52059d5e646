// A small client made by hand for tests that count (issue 15's dashboard): its own login and
// units, whose state, trips and events each test writes itself, at times relative to a pinned clock.
import type { Insertable, Kysely } from 'kysely';
import { DEFAULT_ROLES, type UserTypeApiName } from '@fleet/common';
import type { Database } from '../../src/db';
import type { UnitStateTable } from '../../src/db/types';
import { hashPassword } from '../../src/auth/crypto';

export interface HandUnit {
  name: string;
  active?: number;
  display?: number;
  make?: string;
  /** null: the unit never reported */
  state?: Partial<Insertable<UnitStateTable>> | null;
}

export async function addHandClient(
  db: Kysely<Database>,
  name: string,
  users: { username: string; type: UserTypeApiName }[],
  at: number,
): Promise<number> {
  const { cid } = await db
    .insertInto('clients')
    .values({ name, state: 1, created: at })
    .returning('cid')
    .executeTakeFirstOrThrow();
  for (const u of users) {
    await db
      .insertInto('users')
      .values({
        client_id: cid,
        username: u.username,
        display_name: u.username,
        email: null,
        user_type: u.type,
        roles: JSON.stringify(DEFAULT_ROLES[u.type]),
        settings: JSON.stringify({ timezone: 'Africa/Johannesburg' }),
        ui_settings: '{}',
        password_hash: await hashPassword(u.username),
        all_units: 1,
        created: at,
        last_login: null,
      })
      .execute();
  }
  return cid;
}

export async function addHandUnit(
  db: Kysely<Database>,
  cid: number,
  u: HandUnit,
  at: number,
): Promise<number> {
  const { uid } = await db
    .insertInto('units')
    .values({
      client_id: cid,
      name: u.name,
      reg: `${u.name.toUpperCase().replace(/\W/g, '')} GP`,
      icon_colour: '#1677ff',
      icon_type: 0,
      vehicle_class_ref: 'sedan',
      service_type: 'full',
      unit_type: 'Wired',
      active: u.active ?? 1,
      display: u.display ?? 1,
      driver_id: null,
      last_disconnect: null,
      device_id: `HAND-${cid}-${u.name}`,
      protocol: 'osmand',
      stock_status: 5,
      created: at,
      make: u.make ?? 'Toyota',
      model: 'Hilux',
    })
    .returning('uid')
    .executeTakeFirstOrThrow();
  if (u.state !== null) {
    await db
      .insertInto('unit_state')
      .values({
        unit_id: uid,
        client_id: cid,
        fix_time: at - 60_000,
        server_time: at - 60_000,
        lat: -26.1,
        lon: 28.05,
        speed: 0,
        course: 0,
        ignition: 0,
        motion: 0,
        park_state: 1,
        park_since: at - 3600_000,
        odometer: 1_000_000,
        engine_hours: 0,
        power: 12.8,
        battery: 4.1,
        gsm: 4,
        driver_id: null,
        attributes: '{}',
        ...u.state,
      })
      .execute();
  }
  return uid;
}

export async function addHandTrip(
  db: Kysely<Database>,
  cid: number,
  uid: number,
  start: number,
  metres: number,
  type = 0,
): Promise<void> {
  await db
    .insertInto('trips')
    .values({
      unit_id: uid,
      client_id: cid,
      type,
      start_time: start,
      end_time: start + 20 * 60_000,
      start_lat: -26.1,
      start_lon: 28.05,
      end_lat: -26.2,
      end_lon: 28.1,
      distance: metres,
      max_speed: 80,
      duration: 1200,
      driver_id: null,
      label: 'unlabeled',
      speed_histogram: '{}',
      open: 0,
    })
    .execute();
}

export async function addHandEvent(
  db: Kysely<Database>,
  cid: number,
  uid: number,
  type: string,
  time: number,
): Promise<void> {
  await db
    .insertInto('device_events')
    .values({
      unit_id: uid,
      client_id: cid,
      time,
      type,
      lat: -26.1,
      lon: 28.05,
      speed: 40,
      attributes: '{}',
    })
    .execute();
}
