// The unscoped database for task handlers (ARCHITECTURE.md §4): data that belongs to no client
// (tickets, user_units, unknown devices, the client list, usernames across clients), each reached
// through one narrow, named function. Handlers never touch `ctx.system` themselves; the lint rule
// (UNSCOPED_DB_ALLOWED in eslint.config.mjs) allows it here.
import { sql } from 'kysely';
import type { UserInfo } from '@fleet/common';
import { loadUserInfo } from '../auth/user-info';
import { createTicket, type TicketKind } from '../auth/tickets';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { countRows } from './paging';
import { now as clockNow } from '../clock';

/** Whether another user (of any client) already has this username, case-insensitively. */
export async function usernameTaken(
  ctx: TaskContext,
  username: string,
  exceptNid?: number,
): Promise<boolean> {
  const clash = await ctx.system
    .selectFrom('users')
    .select('nid')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return !!clash && clash.nid !== exceptNid;
}

/** The `who_am_i` shape of a user the caller may see. */
export async function userInfo(ctx: TaskContext, nid: number): Promise<UserInfo> {
  if (nid !== ctx.user.nid) await ctx.tenant.assertUser(nid);
  const info = await loadUserInfo(ctx.system, nid);
  if (!info) throw notFound('User');
  return info;
}

/** A single-use ticket (invitation, one-time login) for a user the caller may see. */
export async function issueTicket(
  ctx: TaskContext,
  kind: TicketKind,
  nid: number,
  data: Record<string, unknown> = {},
): Promise<string> {
  await ctx.tenant.assertUser(nid);
  return createTicket(ctx.system, kind, nid, data);
}

/** Removes what hangs off a user besides tenant rows (tickets, unit assignment) before a delete. */
export async function forgetUser(ctx: TaskContext, nid: number): Promise<void> {
  await ctx.tenant.assertUser(nid);
  await ctx.system.deleteFrom('tickets').where('user_id', '=', nid).execute();
  await ctx.system.deleteFrom('user_units').where('user_id', '=', nid).execute();
}

/** The units assigned to a user the caller may see (user_units). */
export async function assignedUnitIds(ctx: TaskContext, nid: number): Promise<Set<number>> {
  await ctx.tenant.assertUser(nid);
  const rows = await ctx.system
    .selectFrom('user_units')
    .select('unit_id')
    .where('user_id', '=', nid)
    .execute();
  return new Set(rows.map((r) => r.unit_id));
}

/** Replaces a user's assigned units; the caller has checked that the units are the user's client's. */
export async function assignUnits(ctx: TaskContext, nid: number, uids: number[]): Promise<void> {
  await ctx.tenant.assertUser(nid);
  await ctx.system.deleteFrom('user_units').where('user_id', '=', nid).execute();
  if (!uids.length) return;
  await ctx.system
    .insertInto('user_units')
    .values(uids.map((uid) => ({ user_id: nid, unit_id: uid })))
    .execute();
}

function requireSupport(ctx: TaskContext, what: string): void {
  if (!ctx.tenant.isSupport) throw new TaskError(`Only support staff can ${what}`, 3);
}

/** Devices that reported without belonging to any unit, newest first (support staff). */
export async function unknownDevices(ctx: TaskContext) {
  requireSupport(ctx, 'see unknown devices');
  return ctx.system
    .selectFrom('unit_issues')
    .selectAll()
    .orderBy('last_seen', 'desc')
    .limit(1000)
    .execute();
}

/** A device now attached to a unit is no longer unknown (support staff). */
export async function forgetUnknownDevice(ctx: TaskContext, deviceId: string): Promise<void> {
  requireSupport(ctx, 'attach devices');
  await ctx.system.deleteFrom('unit_issues').where('device_id', '=', deviceId).execute();
}

/** One page of clients with their unit and user counts (support staff). */
export async function clientsPage(
  ctx: TaskContext,
  p: { search?: string; limit: number; offset: number },
) {
  requireSupport(ctx, 'list clients');
  let q = ctx.system.selectFrom('clients');
  if (p.search) q = q.where('name', 'like', `%${p.search}%`);
  const count = await countRows(q);
  const rows = await q
    .select(['cid', 'name', 'state', 'created'])
    .select((eb) =>
      eb
        .selectFrom('units')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('units.client_id', '=', 'clients.cid')
        .as('unit_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef('users.client_id', '=', 'clients.cid')
        .as('user_count'),
    )
    .orderBy('name')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return { rows, count };
}

// ---- Notices (issue 11): written by support users for every client or chosen ones, so the
// notices table belongs to no client. Its audience (notice_clients) and read state (notice_reads)
// are tenant rows, reached through ctx.tenant.

/** Notices the user's client may see: for every client, or naming it; newest first. */
export async function visibleNotices(ctx: TaskContext, tid?: number) {
  let q = ctx.system
    .selectFrom('notices')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('all_clients', '=', 1),
        eb(
          'tid',
          'in',
          ctx.tenant
            .selectFrom('notice_clients')
            .select('notice_clients.notice_id')
            .where('notice_clients.client_id', '=', ctx.user.clientId),
        ),
      ]),
    );
  if (tid !== undefined) q = q.where('tid', '=', tid);
  return q.orderBy('created', 'desc').orderBy('tid', 'desc').limit(500).execute();
}

/** One page of every notice, newest first (support staff). */
export async function noticesPage(ctx: TaskContext, p: { limit: number; offset: number }) {
  requireSupport(ctx, 'manage notices');
  const q = ctx.system.selectFrom('notices');
  const count = await countRows(q);
  const rows = await q
    .selectAll()
    .orderBy('created', 'desc')
    .orderBy('tid', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  return { rows, count };
}

/** A notice by its id, or 'Notice not found' (support staff). */
export async function findNotice(ctx: TaskContext, tid: number) {
  requireSupport(ctx, 'manage notices');
  const row = await ctx.system
    .selectFrom('notices')
    .selectAll()
    .where('tid', '=', tid)
    .executeTakeFirst();
  if (!row) throw notFound('Notice');
  return row;
}

export interface NoticeFields {
  title: string;
  message: string;
  type: number;
  priority: number;
  all_clients: number;
}

/** Writes a notice (a new one without `tid`); its id (support staff). */
export async function saveNotice(
  ctx: TaskContext,
  fields: NoticeFields,
  tid?: number,
): Promise<number> {
  requireSupport(ctx, 'write notices');
  const time = clockNow();
  if (tid !== undefined) {
    await findNotice(ctx, tid);
    await ctx.system
      .updateTable('notices')
      .set({ ...fields, updated: time })
      .where('tid', '=', tid)
      .execute();
    return tid;
  }
  const row = await ctx.system
    .insertInto('notices')
    .values({ ...fields, author_id: ctx.user.nid, created: time, updated: time })
    .returning('tid')
    .executeTakeFirstOrThrow();
  return row.tid;
}

/** Deletes a notice; its audience and read rows go first (support staff). */
export async function deleteNotice(ctx: TaskContext, tid: number): Promise<void> {
  await findNotice(ctx, tid);
  await ctx.tenant.deleteFrom('notice_reads').where('notice_id', '=', tid).execute();
  await ctx.tenant.deleteFrom('notice_clients').where('notice_id', '=', tid).execute();
  await ctx.system.deleteFrom('notices').where('tid', '=', tid).execute();
}

/** Which of these client ids exist (support staff choosing a notice's audience). */
export async function existingClientIds(ctx: TaskContext, ids: number[]): Promise<Set<number>> {
  requireSupport(ctx, 'choose clients');
  if (!ids.length) return new Set();
  const rows = await ctx.system
    .selectFrom('clients')
    .select('cid')
    .where('cid', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.cid));
}

// ---- Global labels (issue 12, SPEC §3 Tag is_global): a label support staff write once for every
// client. Its row belongs to the provider's client, so ctx.tenant.selectFrom('tags') would hide it
// from everyone else; the labels a client may see and assign are its own and the global ones.

/**
 * The labels the caller may see: its client's and the global ones. Support staff see every label,
 * or, naming a client (`clientId`), the labels that client may assign: its own and the global ones.
 */
export function labelsOf(ctx: TaskContext, clientId?: number) {
  const q = ctx.system.selectFrom('tags');
  const owner = ctx.tenant.clientId ?? clientId;
  if (owner === undefined) return q;
  return q.where((eb) => eb.or([eb('tags.client_id', '=', owner), eb('tags.is_global', '=', 1)]));
}

// ---- Device identifiers are unique across every client: the pipeline finds a unit by its device.

/** Whether any unit (of any client) has this device identifier. */
export async function deviceIdTaken(ctx: TaskContext, deviceId: string): Promise<boolean> {
  const row = await ctx.system
    .selectFrom('units')
    .select('uid')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return !!row;
}

// ---- The account (issue 15): the clients the account pages name, and the provider's monthly
// deals, which belong to no client (support staff write them, every user reads them).

/** The clients of these ids the caller may see (support staff: any; others: their own only). */
export async function clientsByIds(
  ctx: TaskContext,
  ids: number[],
): Promise<{ cid: number; name: string; state: number; timezone: string }[]> {
  const visible = ctx.tenant.isSupport ? ids : ids.filter((id) => id === ctx.user.clientId);
  if (!visible.length) return [];
  return ctx.system
    .selectFrom('clients')
    .select(['cid', 'name', 'state', 'timezone'])
    .where('cid', 'in', visible)
    .orderBy('name')
    .execute();
}

/** Monthly deals ending at or after `endingFrom` (every deal when absent), by their start. */
export async function monthlyDealRows(ctx: TaskContext, endingFrom?: number) {
  let q = ctx.system.selectFrom('monthly_deals').selectAll();
  if (endingFrom !== undefined) q = q.where('valid_to', '>=', endingFrom);
  return q.orderBy('valid_from').orderBy('id').limit(500).execute();
}

/** A monthly deal by its id, or 'Monthly deal not found' (support staff). */
export async function findMonthlyDeal(ctx: TaskContext, id: number) {
  requireSupport(ctx, 'manage monthly deals');
  const row = await ctx.system
    .selectFrom('monthly_deals')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Monthly deal');
  return row;
}

export interface MonthlyDealFields {
  title: string;
  description: string;
  price_cents: number | null;
  valid_from: number;
  valid_to: number;
}

/** Writes a monthly deal (a new one without `id`); its id (support staff). */
export async function saveMonthlyDeal(
  ctx: TaskContext,
  fields: MonthlyDealFields,
  id?: number,
): Promise<number> {
  requireSupport(ctx, 'write monthly deals');
  const time = clockNow();
  if (id !== undefined) {
    await findMonthlyDeal(ctx, id);
    await ctx.system
      .updateTable('monthly_deals')
      .set({ ...fields, updated: time })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const row = await ctx.system
    .insertInto('monthly_deals')
    .values({ ...fields, created_by: ctx.user.username, created: time, updated: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a monthly deal (support staff). */
export async function deleteMonthlyDeal(ctx: TaskContext, id: number): Promise<void> {
  await findMonthlyDeal(ctx, id);
  await ctx.system.deleteFrom('monthly_deals').where('id', '=', id).execute();
}

// ---- The recovery desk (issue 16): one search box across every client (support staff).

/** The LIKE patterns of a search (lower case, wildcards escaped with a backslash). */
export interface SearchPatterns {
  /** the whole text: an exact match */
  exact: string;
  /** `text%` */
  prefix: string;
  /** `% text%`: a later word starts with it */
  word: string;
  /** `%text%` */
  contains: string;
}

/**
 * Clients whose name matches, best first (exact, prefix, a word's start, anywhere), each with its
 * unit count (support staff).
 */
export async function searchClients(
  ctx: TaskContext,
  p: SearchPatterns,
  limit: number,
): Promise<{ cid: number; name: string; state: number; unit_count: number }[]> {
  requireSupport(ctx, 'search every client');
  // The lower-cased name once a row: a subquery with a LIMIT is not merged into the outer query.
  const lowered = ctx.system
    .selectFrom('clients')
    .select(['cid', 'name', 'state', sql<string>`lower(clients.name)`.as('lname')])
    .limit(2_147_483_647)
    .as('c');
  const name = sql.ref<string>('c.lname');
  const rank = sql<number>`case when ${name} = ${p.exact} then 0 when ${name} like ${p.prefix} escape '\\' then 1 when ${name} like ${p.word} escape '\\' then 2 else 3 end`;
  const rows = await ctx.system
    .selectFrom(lowered)
    .select(['c.cid', 'c.name', 'c.state'])
    .select((eb) =>
      eb
        .selectFrom('units')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('units.client_id', '=', 'c.cid')
        .as('unit_count'),
    )
    .where(sql<boolean>`${name} like ${p.contains} escape '\\'`)
    .orderBy(rank)
    .orderBy('c.name')
    .orderBy('c.cid')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, unit_count: Number(r.unit_count ?? 0) }));
}

/** One client as the recovery desk's client page shows it, or 'Client not found' (support staff). */
export async function recoveryClient(
  ctx: TaskContext,
  cid: number,
): Promise<{ cid: number; name: string; state: number; timezone: string; chase_up: boolean }> {
  requireSupport(ctx, 'see every client');
  const row = await ctx.system
    .selectFrom('clients')
    .select(['cid', 'name', 'state', 'timezone', 'chase_up'])
    .where('cid', '=', cid)
    .executeTakeFirst();
  if (!row) throw notFound('Client');
  return { ...row, chase_up: row.chase_up !== 0 };
}

/** Sets whether the recovery desk chases a client's vehicles (clients.chase_up; support only). */
export async function setClientChaseUp(
  ctx: TaskContext,
  cid: number,
  chaseUp: boolean,
): Promise<void> {
  requireSupport(ctx, 'change whether a client is chased up');
  await ctx.system
    .updateTable('clients')
    .set({ chase_up: chaseUp ? 1 : 0 })
    .where('cid', '=', cid)
    .execute();
}
