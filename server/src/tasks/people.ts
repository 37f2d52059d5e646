// People (drivers and contacts, issue 12): the people list with paging, filters and sorting done
// in SQL, one person, their edits, their deletion (role 11: the row and its history stay, SPEC §6
// never shows it), and the contact list (SPEC §4: by rank ascending). The CSV import is in
// people-import.ts.
import { sql } from 'kysely';
import { PERSON_ROLE_DELETED, PERSON_ROLE_DRIVER, type Role } from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import { tagKey } from '../domain/driver-tags';
import type { TaskContext } from './context';
import { containsPattern } from './locations';
import { countRows, listAnswer, pageOf } from './paging';
import {
  PERSON_LIST_COLUMNS,
  checkTagFree,
  currentVehicles,
  dayToMs,
  findPerson,
  fullName,
  hasRole,
  notDeleted,
  peopleChanged,
  personDetail,
  personFromRow,
  taggedPeople,
  type PersonListRow,
} from './people-rows';
import { importPeople } from './people-import';
import { defineTask } from './registry';

/** Who reads people: the drivers pages, driver trips, the dashboard, support. */
export const PEOPLE_READ_ROLES: readonly Role[] = [
  'feature_drivers_view',
  'feature_drivers_edit',
  'feature_driver_trips',
  'feature_dashboard',
  'user_support',
];
/** Who edits people: the drivers pages and the contact list (accounts). */
export const PEOPLE_WRITE_ROLES: readonly Role[] = [
  'feature_drivers_edit',
  'feature_accounts',
  'user_support',
];
const CONTACT_READ_ROLES: readonly Role[] = [
  'feature_accounts',
  'feature_drivers_view',
  'feature_drivers_edit',
  'user_support',
];
/** Person roles that make someone a contact (SPEC §6): all but 0 Active, 6 Driver and 11. */
const CONTACT_ROLE_CODES = [1, 2, 3, 4, 5, 7, 8, 9, 10];

const lowerFirst = sql`lower(people.first_name)`;
const lowerSurname = sql`lower(people.surname)`;

/** People rows as the API answers them, each with their current vehicle. */
async function withVehicles(ctx: TaskContext, rows: PersonListRow[]) {
  const vehicles = await currentVehicles(
    ctx,
    rows.map((r) => r.pid),
  );
  return rows.map((r) => personFromRow(r, vehicles.get(r.pid) ?? null));
}

const getPeople = defineTask({
  name: 'get_people',
  roles: PEOPLE_READ_ROLES,
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('people').where(notDeleted());
    const search = p.search?.trim();
    if (search) {
      const like = containsPattern(search);
      const has = (column: string) =>
        sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${like} escape '\\'`;
      q = q.where((eb) =>
        eb.or([
          has('people.first_name'),
          has('people.surname'),
          sql<boolean>`lower(people.first_name || ' ' || people.surname) like ${like} escape '\\'`,
          has('people.email'),
          has('people.cellphone'),
          has('people.driver_tag'),
        ]),
      );
    }
    if (p.drivers_only) q = q.where(hasRole(PERSON_ROLE_DRIVER));
    if (p.role !== undefined) q = q.where(hasRole(p.role));
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const dir = p.order;
    let ordered = q.select(PERSON_LIST_COLUMNS);
    switch (p.sort) {
      case 'name':
        ordered = ordered.orderBy(lowerFirst, dir).orderBy(lowerSurname, dir);
        break;
      case 'surname':
        ordered = ordered.orderBy(lowerSurname, dir).orderBy(lowerFirst, dir);
        break;
      case 'rank':
        ordered = ordered.orderBy('people.rank', dir).orderBy(lowerFirst).orderBy(lowerSurname);
        break;
      case 'licence_expiry':
        // People without a date come last either way (SQLite and PostgreSQL differ on NULLs).
        ordered = ordered
          .orderBy(sql`case when people.licence_expiry is null then 1 else 0 end`)
          .orderBy('people.licence_expiry', dir)
          .orderBy(lowerFirst)
          .orderBy(lowerSurname);
        break;
    }
    const rows = await ordered.orderBy('people.pid').limit(limit).offset(offset).execute();
    return listAnswer('people', await withVehicles(ctx, rows), count, p.page_size);
  },
});

const getPerson = defineTask({
  name: 'get_person',
  roles: [...PEOPLE_READ_ROLES, 'feature_accounts'],
  probe: (f) => ({ pid: f.pid }),
  async handler(ctx, p) {
    return { person: await personDetail(ctx, await findPerson(ctx, p.pid)) };
  },
});

/** A day of the API as stored: undefined keeps the stored value. */
function dayColumn(day: string | null | undefined, stored: number | null | undefined) {
  if (day === undefined) return stored ?? null;
  return day === null ? null : dayToMs(day);
}

/** Optional text: undefined keeps the stored value, '' or null clears it. */
function optional(value: string | null | undefined, stored: string | null | undefined) {
  if (value === undefined) return stored ?? null;
  return value || null;
}

const setPerson = defineTask({
  name: 'set_person',
  roles: PEOPLE_WRITE_ROLES,
  entityType: 'Person',
  probe: (f) => ({ pid: f.pid, first_name: 'Probe' }),
  async handler(ctx, p) {
    const existing = p.pid !== undefined ? await findPerson(ctx, p.pid) : undefined;
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    const tag = optional(p.driver_tag, existing?.driver_tag);
    const stored = existing?.driver_tag ? tagKey(existing.driver_tag) : null;
    if (tag && tagKey(tag) !== stored)
      checkTagFree(await taggedPeople(ctx, clientId), tag, existing?.pid);
    const time = now();
    const fields = {
      title: p.title ?? existing?.title ?? '',
      first_name: p.first_name,
      surname: p.surname ?? existing?.surname ?? '',
      rank: p.rank ?? existing?.rank ?? 0,
      roles: p.roles
        ? JSON.stringify([...new Set(p.roles)].sort((a, b) => a - b))
        : (existing?.roles ?? '[]'),
      contact_roles: p.contact_roles
        ? JSON.stringify([...new Set(p.contact_roles)])
        : (existing?.contact_roles ?? '[]'),
      email: optional(p.email, existing?.email),
      cellphone: optional(p.cellphone, existing?.cellphone),
      id_number: p.id_number ?? existing?.id_number ?? '',
      licence_number: p.licence_number ?? existing?.licence_number ?? '',
      licence_class: p.licence_class ?? existing?.licence_class ?? 'unknown',
      licence_expiry: dayColumn(p.licence_expiry, existing?.licence_expiry),
      prdp_expiry: dayColumn(p.prdp_expiry, existing?.prdp_expiry),
      driver_tag: tag,
      photo: p.photo === undefined ? (existing?.photo ?? null) : p.photo,
      updated: time,
    };
    const name = fullName(fields.first_name, fields.surname);
    let pid: number;
    if (existing) {
      await ctx.tenant.updateTable('people').set(fields).where('pid', '=', existing.pid).execute();
      pid = existing.pid;
      const was = fullName(existing.first_name, existing.surname);
      ctx.changeLog({
        action: 'E',
        entityType: 'Person',
        entityId: pid,
        description: `Person ${name} edited${was !== name ? ` (was ${was})` : ''}`,
      });
    } else {
      const row = await ctx.tenant
        .insertInto('people', clientId)
        .values({ ...fields, created: time })
        .returning('pid')
        .executeTakeFirstOrThrow();
      pid = row.pid;
      ctx.changeLog({
        action: 'I',
        entityType: 'Person',
        entityId: pid,
        description: `Person ${name} added`,
      });
    }
    peopleChanged(ctx, clientId);
    return { person: await personDetail(ctx, await findPerson(ctx, pid)) };
  },
});

const deletePerson = defineTask({
  name: 'delete_person',
  roles: PEOPLE_WRITE_ROLES,
  entityType: 'Person',
  probe: (f) => ({ pid: f.pid }),
  async handler(ctx, p) {
    const row = await findPerson(ctx, p.pid);
    // Role 11 keeps the row, so trips, reminders and logs still name who it was; the tag is
    // freed for someone else and identifies no one meanwhile.
    const roles = json.parse<number[]>(row.roles, []).filter((c) => c !== PERSON_ROLE_DELETED);
    await ctx.tenant
      .updateTable('people')
      .set({
        roles: JSON.stringify([...roles, PERSON_ROLE_DELETED]),
        driver_tag: null,
        updated: now(),
      })
      .where('pid', '=', row.pid)
      .execute();
    // No vehicle keeps a deleted default, current driver or remote holder.
    await ctx.tenant
      .updateTable('units')
      .set({ driver_id: null })
      .where('driver_id', '=', row.pid)
      .execute();
    await ctx.tenant
      .updateTable('unit_state')
      .set({ driver_id: null })
      .where('driver_id', '=', row.pid)
      .execute();
    await ctx.tenant
      .updateTable('remotes')
      .set({ holder_pid: null })
      .where('holder_pid', '=', row.pid)
      .execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Person',
      entityId: row.pid,
      description: `Person ${fullName(row.first_name, row.surname)} deleted`,
    });
    peopleChanged(ctx, row.client_id, row.pid);
    return {};
  },
});

const getContacts = defineTask({
  name: 'get_contacts',
  roles: CONTACT_READ_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    const rows = await ctx.tenant
      .selectFrom('people')
      .select(PERSON_LIST_COLUMNS)
      .where(notDeleted())
      .where((eb) =>
        eb.or([
          sql<boolean>`replace(people.contact_roles, ' ', '') not in ('[]', '')`,
          ...CONTACT_ROLE_CODES.map(hasRole),
        ]),
      )
      // SPEC §4: contacts by rank ascending.
      .orderBy('people.rank')
      .orderBy(lowerFirst)
      .orderBy(lowerSurname)
      .orderBy('people.pid')
      .execute();
    return { contacts: await withVehicles(ctx, rows) };
  },
});

const importPeopleTask = defineTask({
  name: 'import_people',
  roles: PEOPLE_WRITE_ROLES,
  entityType: 'Person',
  probe: () => ({ rows: [{ first_name: 'Probe' }], dry_run: true }),
  handler: importPeople,
});

export const peopleTasks = [
  getPeople,
  getPerson,
  setPerson,
  deletePerson,
  getContacts,
  importPeopleTask,
];

/** Display names of the given people visible to the user, by pid. */
export async function peopleNames(
  ctx: TaskContext,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname'])
    .where('pid', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.pid, fullName(r.first_name, r.surname)]));
}
