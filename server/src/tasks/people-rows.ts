// People as the tasks read and write them: the row → Person shape, the role tests in SQL (roles
// is JSON text such as "[0,6]"), the calendar days of the licence columns, the vehicles a person
// drives, and the driver-tag check shared by set_person and import_people.
import { sql, type Selectable } from 'kysely';
import {
  PERSON_ROLE_DELETED,
  PERSON_ROLE_DRIVER,
  type Person,
  type PersonDetail,
} from '@fleet/common';
import { json } from '../db';
import type { PeopleTable } from '../db/types';
import { tagKey } from '../domain/driver-tags';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';

export type PersonRow = Selectable<PeopleTable>;
/** A person's columns without the photo (lists never carry it). */
export type PersonListRow = Omit<PersonRow, 'photo'>;

export const PERSON_LIST_COLUMNS = [
  'people.pid',
  'people.client_id',
  'people.first_name',
  'people.surname',
  'people.title',
  'people.rank',
  'people.roles',
  'people.contact_roles',
  'people.email',
  'people.cellphone',
  'people.licence_class',
  'people.licence_expiry',
  'people.prdp_expiry',
  'people.driver_tag',
  'people.created',
  'people.id_number',
  'people.licence_number',
  'people.updated',
] as const;

/**
 * The person holds role `code`. The list is compared as text with its brackets and spaces taken
 * out and a comma on each side (",0,6,11,"), so ",1," never matches inside ",11," and the test
 * is exact on both databases without JSON functions.
 */
export function hasRole(code: number) {
  const list = sql`(',' || replace(replace(replace(people.roles, ' ', ''), '[', ''), ']', '') || ',')`;
  return sql<boolean>`${list} like ${`%,${code},%`}`;
}

/** SPEC §6: role 11 (DELETED) is never displayed. */
export const notDeleted = () => sql<boolean>`not (${hasRole(PERSON_ROLE_DELETED)})`;

export const fullName = (first: string, surname: string) => `${first} ${surname}`.trim();

/** A day (YYYY-MM-DD) as stored: UTC midnight of that calendar day, epoch ms. */
export function dayToMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/** A stored day back as YYYY-MM-DD (its UTC calendar day). */
export function msToDay(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString().slice(0, 10);
}

export interface VehicleRef {
  uid: number;
  name: string;
}

export function personFromRow(r: PersonListRow, vehicle: VehicleRef | null): Person {
  const roles = json.parse<number[]>(r.roles, []).filter((c) => c !== PERSON_ROLE_DELETED);
  return {
    pid: r.pid,
    title: r.title,
    first_name: r.first_name,
    surname: r.surname,
    name: fullName(r.first_name, r.surname),
    rank: r.rank,
    roles,
    contact_roles: json.parse<string[]>(r.contact_roles, []),
    is_driver: roles.includes(PERSON_ROLE_DRIVER),
    email: r.email,
    cellphone: r.cellphone,
    licence_class: r.licence_class,
    licence_expiry: msToDay(r.licence_expiry),
    prdp_expiry: msToDay(r.prdp_expiry),
    driver_tag: r.driver_tag,
    current_vehicle: vehicle,
  };
}

/**
 * Each person's current vehicle: the unit whose device last identified them (the newest
 * unit_state naming them), else the first unit whose default driver they are. Only units the
 * user may see.
 */
export async function currentVehicles(
  ctx: TaskContext,
  pids: number[],
): Promise<Map<number, VehicleRef>> {
  const out = new Map<number, VehicleRef>();
  if (!pids.length) return out;
  const identified = await ctx.tenant
    .units()
    .innerJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .select(['units.uid', 'units.name', 'unit_state.driver_id'])
    .where('unit_state.driver_id', 'in', pids)
    .orderBy('unit_state.server_time', 'desc')
    .orderBy('units.uid')
    .execute();
  for (const r of identified)
    if (!out.has(r.driver_id!)) out.set(r.driver_id!, { uid: r.uid, name: r.name });
  for (const [pid, units] of await defaultVehicles(ctx, pids))
    if (!out.has(pid)) out.set(pid, units[0]);
  return out;
}

/** The units whose default driver each person is, by name (units the user may see). */
export async function defaultVehicles(
  ctx: TaskContext,
  pids: number[],
): Promise<Map<number, VehicleRef[]>> {
  const out = new Map<number, VehicleRef[]>();
  if (!pids.length) return out;
  const rows = await ctx.tenant
    .units()
    .select(['units.uid', 'units.name', 'units.driver_id'])
    .where('units.driver_id', 'in', pids)
    .orderBy(sql`lower(units.name)`)
    .orderBy('units.uid')
    .execute();
  for (const r of rows) {
    const list = out.get(r.driver_id!) ?? [];
    list.push({ uid: r.uid, name: r.name });
    out.set(r.driver_id!, list);
  }
  return out;
}

/** A person the user may see, or 'Person not found' (deleted people and other clients' alike). */
export async function findPerson(ctx: TaskContext, pid: number): Promise<PersonRow> {
  const row = await ctx.tenant
    .selectFrom('people')
    .selectAll()
    .where('pid', '=', pid)
    .where(notDeleted())
    .executeTakeFirst();
  if (!row) throw notFound('Person');
  return row;
}

export async function personDetail(ctx: TaskContext, row: PersonRow): Promise<PersonDetail> {
  const vehicle = (await currentVehicles(ctx, [row.pid])).get(row.pid) ?? null;
  const { photo, ...rest } = row;
  return {
    ...personFromRow(rest, vehicle),
    id_number: row.id_number,
    licence_number: row.licence_number,
    photo,
    default_vehicles: (await defaultVehicles(ctx, [row.pid])).get(row.pid) ?? [],
  };
}

/** The client's people with a driver tag (not deleted): pid, name and the tag's key. */
export async function taggedPeople(
  ctx: TaskContext,
  clientId: number,
): Promise<{ pid: number; name: string; key: string }[]> {
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'driver_tag'])
    .where('client_id', '=', clientId)
    .where('driver_tag', 'is not', null)
    .where(notDeleted())
    .execute();
  return rows
    .filter((r) => r.driver_tag)
    .map((r) => ({
      pid: r.pid,
      name: fullName(r.first_name, r.surname),
      key: tagKey(r.driver_tag!),
    }));
}

/** Refuses a tag another person of the client has (the same key in another spelling too). */
export function checkTagFree(
  tagged: { pid: number; name: string; key: string }[],
  tag: string | null,
  exceptPid?: number,
): void {
  if (!tag) return;
  const key = tagKey(tag);
  const owner = tagged.find((t) => t.key === key && t.pid !== exceptPid);
  if (owner) throw new TaskError(`driver_tag: already used by ${owner.name}`);
}

/** Tells the pipeline (driver tags, default drivers) that a client's people changed. */
export function peopleChanged(ctx: TaskContext, clientId: number, deletedPid?: number): void {
  ctx.afterCommit(() =>
    ctx.services.bus.publish('people_changed', {
      client_id: clientId,
      ...(deletedPid === undefined ? {} : { deleted_pid: deletedPid }),
    }),
  );
}
