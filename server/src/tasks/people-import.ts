// The people CSV import (issue 12): each row checked with set_person's rules (personInput), a row
// whose e-mail or driver tag is a person's updates that person, any other creates one. A dry run
// stores nothing; a row in error stores nothing and says which columns are wrong. Empty cells of
// a row that updates leave the stored values as they are.
import {
  LICENCE_CLASSES,
  PERSON_ROLE_DELETED,
  PERSON_ROLE_DRIVER,
  PERSON_CSV_COLUMNS,
  PERSON_TITLES,
  personImportRow,
  personInput,
  type ImportAnswer,
  type ImportRowResult,
  type TaskMap,
} from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import { tagKey } from '../domain/driver-tags';
import type { TaskContext } from './context';
import {
  PERSON_LIST_COLUMNS,
  dayToMs,
  fullName,
  notDeleted,
  peopleChanged,
  type PersonListRow,
} from './people-rows';

type ImportRow = TaskMap['import_people']['parsed']['rows'][number];

/** The CSV column of each field, as errors name it: the row's fields are in the file's order. */
const COLUMN = Object.fromEntries(
  Object.keys(personImportRow.shape).map((field, i) => [field, PERSON_CSV_COLUMNS[i]]),
) as Record<keyof ImportRow, string>;

const YES = ['yes', 'y', '1', 'true'];
const NO = ['no', 'n', '0', 'false'];

/** One of `list`, matched without regard to case ('mr.' is Mr); '' when empty; null when none. */
function oneOf<T extends string>(value: string, list: readonly T[]): T | '' | null {
  const v = value.trim().replace(/\.$/, '').toLowerCase();
  if (!v) return '';
  return list.find((x) => x.toLowerCase() === v) ?? null;
}

/** A row's values, checked: what to store, or the errors naming their columns. */
interface Checked {
  errors: string[];
  name: string;
  /** the fields the row gives (undefined: the cell is empty) */
  fields: {
    title?: string;
    first_name: string;
    surname?: string;
    email?: string;
    cellphone?: string;
    id_number?: string;
    licence_number?: string;
    licence_class?: string;
    licence_expiry?: number;
    prdp_expiry?: number;
    driver_tag?: string;
  };
  /** null: the Driver cell is empty */
  isDriver: boolean | null;
}

function checkRow(row: ImportRow): Checked {
  const errors: string[] = [];
  const title = oneOf(row.title, PERSON_TITLES);
  if (title === null) errors.push(`${COLUMN.title}: is not one of ${PERSON_TITLES.join(', ')}`);
  const licenceClass = oneOf(row.licence_class, LICENCE_CLASSES);
  if (licenceClass === null)
    errors.push(`${COLUMN.licence_class}: is not one of ${LICENCE_CLASSES.join(', ')}`);
  const driver = row.is_driver.trim().toLowerCase();
  const isDriver = YES.includes(driver) ? true : NO.includes(driver) ? false : null;
  if (driver && isDriver === null) errors.push(`${COLUMN.is_driver}: must be yes, no, 1 or 0`);
  const cell = (v: string) => v.trim() || undefined;
  // The same rules as set_person: one schema.
  const parsed = personInput.safeParse({
    first_name: row.first_name,
    surname: row.surname,
    email: cell(row.email),
    cellphone: cell(row.cellphone),
    id_number: cell(row.id_number),
    licence_number: cell(row.licence_number),
    licence_expiry: cell(row.licence_expiry),
    prdp_expiry: cell(row.prdp_expiry),
    driver_tag: cell(row.driver_tag),
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN[issue.path[0] as keyof ImportRow] ?? String(issue.path[0]);
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push(`${column}: ${issue.message}`);
    }
  }
  const p = parsed.data;
  return {
    errors,
    name: fullName(row.first_name.trim(), row.surname.trim()),
    isDriver,
    fields: {
      title: title || undefined,
      first_name: p?.first_name ?? '',
      surname: p?.surname || undefined,
      email: p?.email,
      cellphone: p?.cellphone,
      id_number: p?.id_number,
      licence_number: p?.licence_number,
      licence_class: licenceClass || undefined,
      licence_expiry: p?.licence_expiry ? dayToMs(p.licence_expiry) : undefined,
      prdp_expiry: p?.prdp_expiry ? dayToMs(p.prdp_expiry) : undefined,
      driver_tag: p?.driver_tag || undefined,
    },
  };
}

/** The roles after the Driver cell: yes adds 6, no takes it away, empty keeps them. */
function rolesAfter(roles: number[], isDriver: boolean | null): number[] {
  const without = roles.filter((c) => c !== PERSON_ROLE_DRIVER && c !== PERSON_ROLE_DELETED);
  const driver = isDriver ?? roles.includes(PERSON_ROLE_DRIVER);
  return (driver ? [...without, PERSON_ROLE_DRIVER] : without).sort((a, b) => a - b);
}

export async function importPeople(
  ctx: TaskContext,
  p: TaskMap['import_people']['parsed'],
): Promise<ImportAnswer> {
  const clientId = ctx.tenant.ownerClient();
  const people = await ctx.tenant
    .selectFrom('people')
    .select(PERSON_LIST_COLUMNS)
    .where('client_id', '=', clientId)
    .where(notDeleted())
    .orderBy('pid')
    .execute();
  const byEmail = new Map<string, PersonListRow>();
  const byTag = new Map<string, PersonListRow>();
  for (const r of people) {
    if (r.email && !byEmail.has(r.email.toLowerCase())) byEmail.set(r.email.toLowerCase(), r);
    if (r.driver_tag && !byTag.has(tagKey(r.driver_tag))) byTag.set(tagKey(r.driver_tag), r);
  }
  /** Line of the file that claimed an e-mail or tag first. */
  const emailLine = new Map<string, number>();
  const tagLine = new Map<string, number>();
  const answer: ImportAnswer = { stored: !p.dry_run, created: 0, updated: 0, refused: 0, rows: [] };
  const time = now();

  for (const [i, row] of p.rows.entries()) {
    const line = i + 2;
    const c = checkRow(row);
    const email = c.fields.email?.toLowerCase();
    const tag = c.fields.driver_tag ? tagKey(c.fields.driver_tag) : undefined;
    const byE = email ? byEmail.get(email) : undefined;
    const byT = tag ? byTag.get(tag) : undefined;
    const target = byE ?? byT;
    if (email && emailLine.has(email))
      c.errors.push(`${COLUMN.email}: also on line ${emailLine.get(email)}`);
    if (tag && tagLine.has(tag))
      c.errors.push(`${COLUMN.driver_tag}: also on line ${tagLine.get(tag)}`);
    else if (byT && target && byT.pid !== target.pid)
      c.errors.push(
        `${COLUMN.driver_tag}: already used by ${fullName(byT.first_name, byT.surname)}`,
      );
    const result: ImportRowResult = {
      line,
      action: c.errors.length ? 'error' : target ? 'update' : 'create',
      name: c.name,
      errors: c.errors,
    };
    answer.rows.push(result);
    if (c.errors.length) {
      answer.refused++;
      continue;
    }
    if (email) emailLine.set(email, line);
    if (tag) tagLine.set(tag, line);
    if (target) answer.updated++;
    else answer.created++;
    if (p.dry_run) continue;
    await store(ctx, clientId, c, target, time);
  }
  if (!p.dry_run && answer.created + answer.updated > 0) peopleChanged(ctx, clientId);
  return answer;
}

/** Writes one checked row: an update of `target` (empty cells kept), or a new person. */
async function store(
  ctx: TaskContext,
  clientId: number,
  c: Checked,
  target: PersonListRow | undefined,
  time: number,
): Promise<void> {
  const given = Object.fromEntries(Object.entries(c.fields).filter(([, v]) => v !== undefined));
  if (target) {
    const roles = rolesAfter(json.parse<number[]>(target.roles, []), c.isDriver);
    await ctx.tenant
      .updateTable('people')
      .set({ ...given, roles: JSON.stringify(roles), updated: time })
      .where('pid', '=', target.pid)
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Person',
      entityId: target.pid,
      description: `Person ${c.name} edited (import)`,
    });
    return;
  }
  // A new person is a driver unless the row says not: the file is imported on the Drivers page.
  const roles = rolesAfter([0], c.isDriver ?? true);
  const f = c.fields;
  const row = await ctx.tenant
    .insertInto('people', clientId)
    .values({
      title: f.title ?? '',
      first_name: f.first_name,
      surname: f.surname ?? '',
      rank: 0,
      roles: JSON.stringify(roles),
      contact_roles: '[]',
      email: f.email ?? null,
      cellphone: f.cellphone ?? null,
      id_number: f.id_number ?? '',
      licence_number: f.licence_number ?? '',
      licence_class: f.licence_class ?? 'unknown',
      licence_expiry: f.licence_expiry ?? null,
      prdp_expiry: f.prdp_expiry ?? null,
      driver_tag: f.driver_tag ?? null,
      photo: null,
      created: time,
      updated: time,
    })
    .returning('pid')
    .executeTakeFirstOrThrow();
  ctx.changeLog({
    action: 'I',
    entityType: 'Person',
    entityId: row.pid,
    description: `Person ${c.name} added (import)`,
  });
}
