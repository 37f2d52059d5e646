// A user's sessions, connection logs, change logs and unit assignment (SPEC §2 /portal/user*).
import { z } from 'zod';
import { createTicket } from '../auth/tickets';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso, listAnswer, pageOf, pagingSchema } from './paging';
import { targetUser } from './target-user';
import type { TaskContext } from './context';
import type { Database } from '../db';
import { now } from '../clock';

const optionalNid = { nid: z.number().int().positive().optional() };

const getUserSessions = defineTask({
  name: 'get_user_sessions',
  roles: 'any',
  params: z.object(optionalNid),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const target = await targetUser(ctx, p.nid, 'view');
    const rows = await ctx.tenant
      .selectFrom('sessions')
      .select(['id', 'created', 'last_seen', 'expires', 'ip', 'user_agent', 'channel'])
      .where('user_id', '=', target.nid)
      .where('revoked', '=', 0)
      .where('expires', '>', now())
      .orderBy('created', 'desc')
      .execute();
    return {
      tokens: rows.map((r) => ({
        id: r.id,
        created: iso(r.created),
        last_seen: iso(r.last_seen),
        expires: iso(r.expires),
        ip: r.ip,
        user_agent: r.user_agent,
        channel: r.channel,
        current: r.id === ctx.user.sessionId,
      })),
    };
  },
});

const deleteUserSession = defineTask({
  name: 'delete_user_session',
  roles: 'any',
  entityType: 'User Settings',
  params: z.object({ id: z.number().int().positive(), ...optionalNid }),
  probe: (f) => ({ id: f.sessionId, nid: f.nid }),
  async handler(ctx, p) {
    const target = await targetUser(ctx, p.nid, 'manage');
    const res = await ctx.tenant
      .updateTable('sessions')
      .set({ revoked: 1 })
      .where('id', '=', p.id)
      .where('user_id', '=', target.nid)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound('Session');
    ctx.services.bus.publish('session_revoked', { sessionIds: [p.id] });
    ctx.changeLog({
      action: 'D',
      entityType: 'User Settings',
      entityId: target.nid,
      description: `Session ${p.id} of ${target.username} revoked`,
    });
    return { id: p.id };
  },
});

/** A user's log rows (connection or change log), newest first, one page of them. */
async function userLogPage<T extends 'connection_logs' | 'change_logs'>(
  ctx: TaskContext,
  table: T,
  p: { nid?: number; page: number; page_size: number },
) {
  const target = await targetUser(ctx, p.nid, 'view');
  const q = (ctx.tenant.selectFrom(table) as any).where('user_id', '=', target.nid);
  const { n } = await q.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows: Database[T][] = await q
    .selectAll()
    .orderBy('datetimestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(pageOf(p).limit)
    .offset(pageOf(p).offset)
    .execute();
  return { rows: rows as any[], count: Number(n) };
}

const getConnectionLogs = defineTask({
  name: 'get_user_connection_logs',
  roles: 'any',
  params: z.object({ ...optionalNid, ...pagingSchema }),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const { rows, count } = await userLogPage(ctx, 'connection_logs', p);
    return listAnswer(
      'connection_logs',
      rows.map((r) => ({
        id: r.id,
        datetimestamp: iso(r.datetimestamp),
        username: r.username,
        ip: r.ip,
        user_agent: r.user_agent,
        channel: r.channel,
        success: r.success === 1,
        message: r.message,
      })),
      count,
      p.page_size,
    );
  },
});

const getChangeLogs = defineTask({
  name: 'get_user_change_logs',
  roles: 'any',
  params: z.object({ ...optionalNid, ...pagingSchema }),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const { rows, count } = await userLogPage(ctx, 'change_logs', p);
    return listAnswer(
      'change_logs',
      rows.map((r) => ({
        id: r.id,
        datetimestamp: iso(r.datetimestamp),
        username: r.username,
        action: r.action,
        entity_type: r.entity_type,
        entity_id: r.entity_id,
        description: r.description,
      })),
      count,
      p.page_size,
    );
  },
});

const getUserUnits = defineTask({
  name: 'get_user_units',
  roles: 'any',
  params: z.object(optionalNid),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const target = await targetUser(ctx, p.nid, 'view');
    const user = await ctx.tenant
      .selectFrom('users')
      .select(['all_units', 'client_id'])
      .where('nid', '=', target.nid)
      .executeTakeFirstOrThrow();
    const units = await ctx.tenant
      .selectFrom('units')
      .select(['uid', 'name', 'reg'])
      .where('client_id', '=', user.client_id)
      .orderBy('name')
      .execute();
    const assigned = new Set(
      (
        await ctx.system
          .selectFrom('user_units')
          .select('unit_id')
          .where('user_id', '=', target.nid)
          .execute()
      ).map((r) => r.unit_id),
    );
    return {
      nid: target.nid,
      all_units: user.all_units === 1,
      units: units.map((u) => ({ ...u, assigned: user.all_units === 1 || assigned.has(u.uid) })),
    };
  },
});

const setUserUnits = defineTask({
  name: 'set_user_units',
  roles: ['general_manage_all_users'],
  entityType: 'User Settings',
  params: z.object({
    nid: z.number().int().positive(),
    all_units: z.boolean(),
    uids: z.array(z.number().int().positive()).max(100000).default([]),
  }),
  probe: (f) => ({ nid: f.nid, all_units: false, uids: [f.uid] }),
  async handler(ctx, p) {
    const target = await targetUser(ctx, p.nid, 'manage');
    const uids = [...new Set(p.uids)];
    if (uids.length) {
      const found = await ctx.tenant
        .selectFrom('units')
        .select('uid')
        .where('client_id', '=', target.client_id)
        .where('uid', 'in', uids)
        .execute();
      if (found.length !== uids.length) throw notFound('Unit');
    }
    if (!p.all_units && uids.length === 0) {
      throw new TaskError('Choose at least one unit, or give the user all units');
    }
    await ctx.tenant
      .updateTable('users')
      .set({ all_units: p.all_units ? 1 : 0 })
      .where('nid', '=', target.nid)
      .execute();
    await ctx.system.deleteFrom('user_units').where('user_id', '=', target.nid).execute();
    ctx.services.bus.publish('units_changed', { userId: target.nid });
    if (uids.length) {
      await ctx.system
        .insertInto('user_units')
        .values(uids.map((uid) => ({ user_id: target.nid, unit_id: uid })))
        .execute();
    }
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: target.nid,
      description: p.all_units
        ? `${target.username}: all units`
        : `${target.username}: ${uids.length} units assigned`,
    });
    return { nid: target.nid, all_units: p.all_units, uids };
  },
});

const getClients = defineTask({
  name: 'get_clients',
  roles: ['user_support'],
  params: z.object({ ...pagingSchema, search: z.string().max(100).optional() }),
  probe: () => ({}),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can list clients', 3);
    let q = ctx.system.selectFrom('clients');
    if (p.search) q = q.where('name', 'like', `%${p.search}%`);
    const { n } = await q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
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
      .limit(pageOf(p).limit)
      .offset(pageOf(p).offset)
      .execute();
    return listAnswer(
      'clients',
      rows.map((r) => ({
        ...r,
        created: iso(r.created),
        unit_count: Number(r.unit_count),
        user_count: Number(r.user_count),
      })),
      Number(n),
      p.page_size,
    );
  },
});

const setKnownLogin = defineTask({
  name: 'set_known_login',
  roles: ['user_support'],
  entityType: 'User Settings',
  params: z.object({
    nid: z.number().int().positive(),
    url: z
      .string()
      .max(300)
      .regex(/^[A-Za-z0-9_/-]*$/, 'url must be a portal path such as portal/viewrealtime')
      .optional(),
  }),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can create login links', 3);
    const user = await ctx.tenant.assertUser(p.nid);
    const token = await createTicket(ctx.system, 'known_login', user.nid, { url: p.url ?? null });
    const path = p.url ? `${token}/${encodeURIComponent(p.url)}` : token;
    ctx.changeLog({
      action: 'I',
      entityType: 'User Settings',
      entityId: user.nid,
      description: `One-time login link for ${user.username}`,
    });
    return { token, link: `${ctx.services.config.publicUrl}/#/known_login/${path}` };
  },
});

export const userRecordTasks = [
  getUserSessions,
  deleteUserSession,
  getConnectionLogs,
  getChangeLogs,
  getUserUnits,
  setUserUnits,
  getClients,
  setKnownLogin,
];
