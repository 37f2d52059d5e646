// The recovery desk's rows (issue 16), shared by the desk's tasks and the search and client and unit
// views: chase-ups (SPEC §3 Chase-up event; §4 sorted by id descending) with their unit, client and
// nearest town, recovery logs (SPEC §3, §4), the desk's view of a unit, and a client's contacts in
// the order the desk calls them (emergency contacts first, each group by rank ascending, SPEC §4),
// with the "Don't contact" rule outside office hours (SPEC §6 role 10, SPEC-CHECKLIST).
import { sql, type SelectQueryBuilder } from 'kysely';
import {
  CHASEUP_INTERNAL_STATES,
  CHASEUP_OPEN_STATES,
  PERSON_ROLES,
  PERSON_ROLE_DELETED,
  chaseupStateName,
  chaseupTypeName,
  isChaseupLocked,
  zoneOffsetMinutes,
  type ChaseupEvent,
  type EmergencyContact,
  type RecoveryLog,
  RECOVERY_LOG_STATE,
  type RecoveryUnit,
} from '@fleet/common';
import { now as clockNow } from '../../clock';
import { json, type Database } from '../../db';
import { describeTown, nearestTown } from '../../notify/towns';
import type { TaskContext } from '../context';
import { notFound } from '../errors';
import { iso } from '../paging';
import { hasRole, notDeleted } from '../people-rows';
import { clientsByIds } from '../system';
import { toUnitItem, withUnitState } from '../unit-view';
import { labelsOfUnits } from '../vehicle-rows';

export type ChaseupFilter = 'open' | 'new' | 'closed' | 'internal' | 'all';
export interface ChaseupWhere {
  filter?: ChaseupFilter;
  uid?: number;
  cid?: number;
}
export interface RecoveryLogWhere {
  uid?: number;
  cid?: number;
  state?: number;
}

/** The states each queue filter shows (null: every state). */
const FILTER_STATES: Record<ChaseupFilter, readonly number[] | null> = {
  open: CHASEUP_OPEN_STATES,
  new: [0],
  closed: [3, 4],
  internal: CHASEUP_INTERNAL_STATES,
  all: null,
};

export const CHASEUP_SELECT = [
  'chaseup_events.id',
  'chaseup_events.client_id',
  'chaseup_events.unit_id',
  'chaseup_events.type',
  'chaseup_events.state',
  'chaseup_events.time',
  'chaseup_events.lat',
  'chaseup_events.lon',
  'chaseup_events.rule_alert_id',
  'chaseup_events.device_event_id',
  'chaseup_events.phones',
  'chaseup_events.description',
  'chaseup_events.assigned_to_username',
  'chaseup_events.created',
  'chaseup_events.taken_at',
  'chaseup_events.closed_at',
  'chaseup_events.duplicate_of',
  'chaseup_events.updated',
  'units.name as unit_name',
  'units.reg as reg',
  'clients.name as client_name',
] as const;

/** Chase-ups the desk may see, each with its unit and client (left joins: a row never disappears). */
export function chaseupQuery(ctx: TaskContext) {
  return ctx.tenant
    .selectFrom('chaseup_events')
    .leftJoin('units', 'units.uid', 'chaseup_events.unit_id')
    .leftJoin('clients', 'clients.cid', 'chaseup_events.client_id');
}

/** A chase-up row as CHASEUP_SELECT select it (ChaseupRow). */
export type ChaseupRow = ChaseupRowFields;
export interface ChaseupRowFields {
  id: number;
  client_id: number;
  unit_id: number;
  type: number;
  state: number;
  time: number;
  lat: number | null;
  lon: number | null;
  rule_alert_id: number | null;
  device_event_id: number | null;
  phones: string;
  description: string;
  assigned_to_username: string | null;
  created: number;
  taken_at: number | null;
  closed_at: number | null;
  duplicate_of: number | null;
  /** the last change by the desk */
  updated: number | null;
  unit_name: string | null;
  reg: string | null;
  client_name: string | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** Where a position is in words: "12 km NE of Pretoria", "" when unknown. */
export function placeOf(lat: number | null, lon: number | null): string {
  if (lat === null || lon === null) return '';
  return describeTown(nearestTown(Number(lat), Number(lon))) ?? '';
}

/** A chase-up row as the desk shows it. `now` is when it is read (kept for callers that age it). */
export function toChaseupEvent(row: ChaseupRowFields, _now: number): ChaseupEvent {
  const state = Number(row.state);
  const type = Number(row.type);
  const phones = json.parse<unknown>(row.phones, []);
  return {
    id: Number(row.id),
    cid: Number(row.client_id),
    client_name: row.client_name ?? `Client ${row.client_id}`,
    uid: Number(row.unit_id),
    unit_name: row.unit_name ?? `Unit ${row.unit_id}`,
    reg: row.reg ?? '',
    type,
    type_name: chaseupTypeName(type),
    state,
    state_name: chaseupStateName(state),
    locked: isChaseupLocked(state),
    time: iso(Number(row.time)),
    created: iso(Number(row.created)),
    lat: num(row.lat),
    lon: num(row.lon),
    place: placeOf(num(row.lat), num(row.lon)),
    description: row.description ?? '',
    phones: Array.isArray(phones) ? phones.map(String) : [],
    assigned_to_username: row.assigned_to_username,
    taken_at: iso(num(row.taken_at)),
    closed_at: iso(num(row.closed_at)),
    rule_alert_id: num(row.rule_alert_id),
    device_event_id: num(row.device_event_id),
    duplicate_of: num(row.duplicate_of),
  };
}

function whereChaseups<O>(
  qb: SelectQueryBuilder<Database, 'chaseup_events' | 'units' | 'clients', O>,
  where: ChaseupWhere,
) {
  let q = qb;
  const states = FILTER_STATES[where.filter ?? 'open'];
  if (states) q = q.where('chaseup_events.state', 'in', [...states]);
  if (where.uid !== undefined) q = q.where('chaseup_events.unit_id', '=', where.uid);
  if (where.cid !== undefined) q = q.where('chaseup_events.client_id', '=', where.cid);
  return q;
}

/** One page of chase-ups, newest first (SPEC §4: id descending). */
export async function listChaseups(
  ctx: TaskContext,
  where: ChaseupWhere,
  limit: number,
  offset: number,
): Promise<ChaseupEvent[]> {
  const rows = await whereChaseups(chaseupQuery(ctx).select(CHASEUP_SELECT), where)
    .orderBy('chaseup_events.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const at = clockNow();
  return rows.map((r) => toChaseupEvent(r as ChaseupRowFields, at));
}

export async function countChaseups(ctx: TaskContext, where: ChaseupWhere): Promise<number> {
  let q = ctx.tenant.selectFrom('chaseup_events');
  const states = FILTER_STATES[where.filter ?? 'open'];
  if (states) q = q.where('chaseup_events.state', 'in', [...states]);
  if (where.uid !== undefined) q = q.where('chaseup_events.unit_id', '=', where.uid);
  if (where.cid !== undefined) q = q.where('chaseup_events.client_id', '=', where.cid);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** One chase-up by id with its unit and client, or 'Chase-up not found'. */
export async function findChaseup(ctx: TaskContext, id: number): Promise<ChaseupRowFields> {
  const row = await chaseupQuery(ctx)
    .select(CHASEUP_SELECT)
    .where('chaseup_events.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Chase-up');
  return row as ChaseupRowFields;
}

// ---------------------------------------------------------------------------------------------
// Recovery logs

export const RECOVERY_LOG_SELECT = [
  'recovery_logs.id',
  'recovery_logs.client_id',
  'recovery_logs.unit_id',
  'recovery_logs.state',
  'recovery_logs.initiated_by',
  'recovery_logs.chaseup_id',
  'recovery_logs.start_time',
  'recovery_logs.end_time',
  'recovery_logs.recovery_team',
  'recovery_logs.police_case_number',
  'recovery_logs.location_recovered',
  'recovery_logs.lat',
  'recovery_logs.lon',
  'recovery_logs.notes',
  'recovery_logs.created_by',
  'recovery_logs.created',
  'recovery_logs.updated',
  'units.name as unit_name',
  'units.reg as reg',
  'clients.name as client_name',
] as const;

export function recoveryLogQuery(ctx: TaskContext) {
  return ctx.tenant
    .selectFrom('recovery_logs')
    .leftJoin('units', 'units.uid', 'recovery_logs.unit_id')
    .leftJoin('clients', 'clients.cid', 'recovery_logs.client_id');
}

export interface RecoveryLogRowFields {
  id: number;
  client_id: number;
  unit_id: number;
  state: number;
  initiated_by: number;
  chaseup_id: number | null;
  start_time: number;
  end_time: number | null;
  recovery_team: string;
  police_case_number: string;
  location_recovered: string;
  lat: number | null;
  lon: number | null;
  notes: string;
  created_by: string;
  created: number;
  updated: number;
  unit_name: string | null;
  reg: string | null;
  client_name: string | null;
}

export function toRecoveryLog(r: RecoveryLogRowFields): RecoveryLog {
  const state = Number(r.state);
  return {
    id: Number(r.id),
    uid: Number(r.unit_id),
    unit_name: r.unit_name ?? `Unit ${r.unit_id}`,
    reg: r.reg ?? '',
    cid: Number(r.client_id),
    client_name: r.client_name ?? `Client ${r.client_id}`,
    state,
    state_name: RECOVERY_LOG_STATE[state] ?? `State ${state}`,
    initiated_by: Number(r.initiated_by),
    chaseup_id: num(r.chaseup_id),
    start_time: iso(Number(r.start_time)),
    end_time: iso(num(r.end_time)),
    recovery_team: r.recovery_team,
    police_case_number: r.police_case_number,
    location_recovered: r.location_recovered,
    lat: num(r.lat),
    lon: num(r.lon),
    notes: r.notes,
    created_by: r.created_by,
    created: iso(Number(r.created)),
    updated: iso(Number(r.updated)),
  };
}

function whereRecoveryLogs<O>(
  qb: SelectQueryBuilder<Database, 'recovery_logs' | 'units' | 'clients', O>,
  where: RecoveryLogWhere,
) {
  let q = qb;
  if (where.uid !== undefined) q = q.where('recovery_logs.unit_id', '=', where.uid);
  if (where.cid !== undefined) q = q.where('recovery_logs.client_id', '=', where.cid);
  if (where.state !== undefined) q = q.where('recovery_logs.state', '=', where.state);
  return q;
}

/** One page of recovery logs, newest first (SPEC §4: id descending). */
export async function listRecoveryLogs(
  ctx: TaskContext,
  where: RecoveryLogWhere,
  limit: number,
  offset: number,
): Promise<RecoveryLog[]> {
  const rows = await whereRecoveryLogs(recoveryLogQuery(ctx).select(RECOVERY_LOG_SELECT), where)
    .orderBy('recovery_logs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => toRecoveryLog(r as RecoveryLogRowFields));
}

export async function countRecoveryLogs(
  ctx: TaskContext,
  where: RecoveryLogWhere,
): Promise<number> {
  let q = ctx.tenant.selectFrom('recovery_logs');
  if (where.uid !== undefined) q = q.where('recovery_logs.unit_id', '=', where.uid);
  if (where.cid !== undefined) q = q.where('recovery_logs.client_id', '=', where.cid);
  if (where.state !== undefined) q = q.where('recovery_logs.state', '=', where.state);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** One recovery log by id, or 'Recovery log not found'. */
export async function findRecoveryLog(ctx: TaskContext, id: number): Promise<RecoveryLog> {
  const row = await recoveryLogQuery(ctx)
    .select(RECOVERY_LOG_SELECT)
    .where('recovery_logs.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Recovery log');
  return toRecoveryLog(row as RecoveryLogRowFields);
}

// ---------------------------------------------------------------------------------------------
// The unit as the desk sees it

/** Any client's unit with its live state, vehicle details and client (get_unit's list shape). */
export async function recoveryUnit(ctx: TaskContext, uid: number): Promise<RecoveryUnit> {
  const row = await withUnitState(ctx.tenant.units())
    .leftJoin('clients', 'clients.cid', 'units.client_id')
    .select([
      'units.vin',
      'units.make',
      'units.model',
      'units.colour',
      'units.backup_of',
      'clients.name as client_name',
    ])
    .where('units.uid', '=', uid)
    .executeTakeFirst();
  if (!row) throw notFound('Unit');
  const { client_id, ...item } = toUnitItem(row, clockNow());
  const labels = (await labelsOfUnits(ctx, [row.uid])).get(row.uid) ?? [];
  return {
    ...item,
    tags: labels.map((t) => ({ id: t.tgid, name: t.name })),
    cid: client_id,
    client_name: row.client_name ?? `Client ${client_id}`,
    vin: row.vin,
    make: row.make,
    model: row.model,
    colour: row.colour,
    device_id: row.device_id,
    protocol: row.protocol,
    backup_of: num(row.backup_of),
  };
}

// ---------------------------------------------------------------------------------------------
// A client's contacts

/** Person roles that make someone a contact (SPEC §6): all but 0 Active, 6 Driver and 11. */
const CONTACT_ROLE_CODES = [1, 2, 3, 4, 5, 7, 8, 9, 10];
const ROLE_EMERGENCY = 8;
const ROLE_DONT_CONTACT = 10;
const CONTACT_ROLE_NAMES: Record<string, string> = {
  business_owner: 'Business owner',
  fleet_manager: 'Fleet manager',
  billing_accounts: 'Billing',
  emergency_contact: 'Emergency contact',
  no_afterhours_contact: 'No after-hours contact',
};
export const NOT_CALLABLE_AFTER_HOURS = 'No calls after hours or at weekends';
/** Office hours in the client's zone: Monday to Friday, 08:00 to 17:00. */
const OFFICE_OPENS_MIN = 8 * 60;
const OFFICE_CLOSES_MIN = 17 * 60;

/** Whether `at` is outside office hours (Mon-Fri 08:00-17:00) in the zone. */
export function isAfterHours(at: number, timeZone: string): boolean {
  let offset = 0;
  try {
    offset = zoneOffsetMinutes(timeZone, at);
  } catch {
    offset = zoneOffsetMinutes('Africa/Johannesburg', at);
  }
  const wall = new Date(at + offset * 60_000);
  const day = wall.getUTCDay();
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  if (day === 0 || day === 6) return true;
  return minute < OFFICE_OPENS_MIN || minute >= OFFICE_CLOSES_MIN;
}

/**
 * The client's people the desk may call: emergency contacts (person role 8 or contact role
 * emergency_contact) first, then the other contacts, each group by rank ascending. A DELETED
 * person (role 11) is never listed; a "Don't contact" person (role 10 or no_afterhours_contact) is
 * listed but not callable outside office hours in the client's zone.
 */
export async function clientContacts(
  ctx: TaskContext,
  cid: number,
  now: number,
): Promise<{ contacts: EmergencyContact[]; after_hours: boolean }> {
  const [client] = await clientsByIds(ctx, [cid]);
  const afterHours = isAfterHours(now, client?.timezone || 'Africa/Johannesburg');
  const rows = await ctx.tenant
    .selectFrom('people')
    .select([
      'people.pid',
      'people.title',
      'people.first_name',
      'people.surname',
      'people.rank',
      'people.roles',
      'people.contact_roles',
      'people.cellphone',
      'people.email',
    ])
    .where('people.client_id', '=', cid)
    .where(notDeleted())
    .where((eb) =>
      eb.or([
        sql<boolean>`replace(people.contact_roles, ' ', '') not in ('[]', '')`,
        ...CONTACT_ROLE_CODES.map(hasRole),
      ]),
    )
    .execute();
  const contacts = rows.map((r) => {
    const roles = json.parse<number[]>(r.roles, []).map(Number);
    const contactRoles = json.parse<string[]>(r.contact_roles, []);
    const emergency = roles.includes(ROLE_EMERGENCY) || contactRoles.includes('emergency_contact');
    const dontCall =
      roles.includes(ROLE_DONT_CONTACT) || contactRoles.includes('no_afterhours_contact');
    const names = [
      ...roles
        .filter((c) => c !== PERSON_ROLE_DELETED && c !== 0)
        .map((c) => PERSON_ROLES[c])
        .filter((n): n is string => !!n),
      ...contactRoles.map((k) => CONTACT_ROLE_NAMES[k]).filter((n): n is string => !!n),
    ];
    const callable = !(dontCall && afterHours);
    const contact: EmergencyContact = {
      pid: Number(r.pid),
      title: r.title,
      first_name: r.first_name,
      surname: r.surname,
      rank: Number(r.rank),
      cellphone: r.cellphone,
      email: r.email,
      roles: [...new Set(names)],
      callable_now: callable,
      not_callable_reason: callable ? null : NOT_CALLABLE_AFTER_HOURS,
    };
    return { contact, emergency };
  });
  const byName = (p: EmergencyContact) => `${p.first_name} ${p.surname}`.toLowerCase();
  contacts.sort(
    (a, b) =>
      Number(b.emergency) - Number(a.emergency) ||
      a.contact.rank - b.contact.rank ||
      byName(a.contact).localeCompare(byName(b.contact)) ||
      a.contact.pid - b.contact.pid,
  );
  return { contacts: contacts.map((c) => c.contact), after_hours: afterHours };
}
