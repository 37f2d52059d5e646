// User tasks: who_am_i, settings, the user list and user edits.
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ALL_ROLES,
  DEFAULT_ROLES,
  MAX_SPEED_OPTIONS,
  USER_TYPE_API_NAMES,
  isValidEmail,
  isValidRoleList,
  type Role,
  type UserTypeApiName,
} from '@fleet/common';
import { json } from '../db';
import { loadUserInfo } from '../auth/user-info';
import { hashPassword, verifyPassword } from '../auth/crypto';
import { passwordProblem } from '../auth/passwords';
import { createTicket } from '../auth/tickets';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso, listAnswer, pageOf, pagingSchema } from './paging';
import type { TaskContext } from './context';

const IGNORED_SETTING_KEYS = ['_sys_Id', '_sys_Ref', 'channel'];
const settingValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const settingsFields = z.record(z.string().max(64), z.unknown());

function validateSettings(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (IGNORED_SETTING_KEYS.includes(key)) continue;
    const parsed = settingValue.safeParse(value);
    if (!parsed.success) throw new TaskError(`${key}: must be text, a number or true/false`);
    out[key] = parsed.data;
  }
  if (
    out.email !== undefined &&
    out.email !== '' &&
    out.email !== null &&
    !isValidEmail(String(out.email))
  ) {
    throw new TaskError('email: please enter a valid e-mail address');
  }
  if (
    out.max_speed !== undefined &&
    out.max_speed !== 'Off' &&
    !MAX_SPEED_OPTIONS.includes(out.max_speed as number)
  ) {
    throw new TaskError('max_speed: choose 5 to 155 in steps of 5, or Off');
  }
  if (out.timezone !== undefined && out.timezone !== '') {
    try {
      new Intl.DateTimeFormat('en', { timeZone: String(out.timezone) });
    } catch {
      throw new TaskError('timezone: unknown time zone');
    }
  }
  return out;
}

async function mergeJsonColumn(
  ctx: TaskContext,
  column: 'settings' | 'ui_settings',
  fields: Record<string, unknown>,
) {
  const row = await ctx.tenant
    .selectFrom('users')
    .select(column)
    .where('users.nid', '=', ctx.user.nid)
    .executeTakeFirstOrThrow();
  const merged = { ...json.parse<Record<string, unknown>>((row as any)[column], {}), ...fields };
  await ctx.tenant
    .updateTable('users')
    .set({ [column]: JSON.stringify(merged) })
    .where('nid', '=', ctx.user.nid)
    .execute();
  return merged;
}

const whoAmI = defineTask({
  name: 'who_am_i',
  roles: 'any',
  params: z.object({}),
  probe: () => ({}),
  async handler(ctx) {
    return { user: await loadUserInfo(ctx.system, ctx.user.nid) };
  },
});

const getUserSettings = defineTask({
  name: 'get_user_settings',
  roles: 'any',
  params: z.object({}),
  probe: () => ({}),
  async handler(ctx) {
    const info = await loadUserInfo(ctx.system, ctx.user.nid);
    return { settings: { max_speed: 120, ...info!.settings } };
  },
});

const setUserSettings = defineTask({
  name: 'set_user_settings',
  roles: 'any',
  entityType: 'User Settings',
  params: settingsFields,
  probe: (f) => ({ nid: f.nid, email: 'probe@example.com' }),
  async handler(ctx, fields) {
    const { nid: _ignored, ...rest } = fields as Record<string, unknown>;
    const settings = await mergeJsonColumn(ctx, 'settings', validateSettings(rest));
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: `Settings changed: ${Object.keys(rest).join(', ')}`,
    });
    return { settings };
  },
});

const getUserUiSettings = defineTask({
  name: 'get_user_ui_settings',
  roles: 'any',
  params: z.object({}),
  probe: () => ({}),
  async handler(ctx) {
    const info = await loadUserInfo(ctx.system, ctx.user.nid);
    return { ui_settings: info!.ui_settings };
  },
});

const setUserUiSettings = defineTask({
  name: 'set_user_ui_settings',
  roles: 'any',
  entityType: 'User Settings',
  params: settingsFields,
  probe: (f) => ({ nid: f.nid, map_type: 'satellite' }),
  async handler(ctx, fields) {
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(fields)) {
      if (IGNORED_SETTING_KEYS.includes(k) || k === 'nid') continue;
      clean[k] = v;
    }
    if (JSON.stringify(clean).length > 20000) throw new TaskError('ui settings are too large');
    const ui_settings = await mergeJsonColumn(ctx, 'ui_settings', clean);
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: `Display settings changed: ${Object.keys(clean).join(', ')}`,
    });
    return { ui_settings };
  },
});

const getUsers = defineTask({
  name: 'get_users',
  roles: ['feature_users_view', 'general_manage_all_users'],
  params: z.object({ ...pagingSchema, search: z.string().max(100).optional() }),
  probe: () => ({ search: 'demo' }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('users');
    if (p.search) {
      const like = `%${p.search.toLowerCase()}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(users.username)`, 'like', like),
          eb(sql`lower(users.display_name)`, 'like', like),
        ]),
      );
    }
    const { n } = await q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .select([
        'nid',
        'username',
        'display_name',
        'email',
        'user_type',
        'roles',
        'all_units',
        'last_login',
        'created',
        'client_id',
      ])
      .select((eb) =>
        eb
          .selectFrom('user_units')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('user_units.user_id', '=', 'users.nid')
          .as('unit_count'),
      )
      .orderBy('username')
      .limit(pageOf(p).limit)
      .offset(pageOf(p).offset)
      .execute();
    const users = rows.map((r) => ({
      nid: r.nid,
      username: r.username,
      display_name: r.display_name,
      email: r.email,
      user_type: r.user_type,
      roles: json.parse<string[]>(r.roles, []),
      all_units: r.all_units === 1,
      unit_count: Number(r.unit_count ?? 0),
      last_login: iso(r.last_login),
      created: iso(r.created),
      cid: r.client_id,
    }));
    return listAnswer('users', users, Number(n), p.page_size);
  },
});

const setUserParams = z.object({
  nid: z.number().int().positive().optional(),
  username: z
    .string()
    .trim()
    .min(3)
    .max(100)
    .regex(/^[A-Za-z0-9@._-]+$/, 'use letters, digits and @ . _ - only')
    .optional(),
  display_name: z.string().trim().min(1).max(100).optional(),
  email: z.string().trim().max(200).optional().nullable(),
  user_type: z.enum(USER_TYPE_API_NAMES as [UserTypeApiName, ...UserTypeApiName[]]).optional(),
  roles: z.array(z.enum(ALL_ROLES as [Role, ...Role[]])).optional(),
  password: z.string().optional(),
  cid: z.number().int().positive().optional(),
});

const setUser = defineTask({
  name: 'set_user',
  roles: ['general_manage_all_users'],
  entityType: 'User Settings',
  params: setUserParams,
  probe: (f) => ({ nid: f.nid, display_name: 'Probe' }),
  async handler(ctx, p) {
    if (p.email && !isValidEmail(p.email))
      throw new TaskError('email: please enter a valid e-mail address');
    if (p.user_type === 'support' && !ctx.tenant.isSupport) {
      throw new TaskError('Only support staff can create support users', 3);
    }
    if (p.roles !== undefined && !isValidRoleList(p.roles))
      throw new TaskError('roles must be a non-empty list');
    if (p.roles?.includes('user_support') && !ctx.tenant.isSupport) {
      throw new TaskError('Only support staff can grant the support role', 3);
    }
    if (p.password) {
      const problem = passwordProblem(p.password);
      if (problem) throw new TaskError(problem);
    }
    if (p.username) {
      const clash = await ctx.system
        .selectFrom('users')
        .select('nid')
        .where(sql`lower(username)`, '=', p.username.toLowerCase())
        .executeTakeFirst();
      if (clash && clash.nid !== p.nid) throw new TaskError('That username is already taken');
    }
    let nid: number;
    if (p.nid) {
      const existing = await ctx.tenant.assertUser(p.nid);
      const patch: Record<string, unknown> = {};
      if (p.username) patch.username = p.username;
      if (p.display_name) patch.display_name = p.display_name;
      if (p.email !== undefined) patch.email = p.email || null;
      if (p.user_type) patch.user_type = p.user_type;
      if (p.roles) patch.roles = JSON.stringify(p.roles);
      else if (p.user_type && p.user_type !== existing.user_type)
        patch.roles = JSON.stringify(DEFAULT_ROLES[p.user_type]);
      if (p.password) patch.password_hash = await hashPassword(p.password);
      if (Object.keys(patch).length)
        await ctx.tenant.updateTable('users').set(patch).where('nid', '=', p.nid).execute();
      nid = p.nid;
      ctx.changeLog({
        action: 'E',
        entityType: 'User Settings',
        entityId: nid,
        description: `User ${existing.username} edited`,
      });
    } else {
      if (!p.username) throw new TaskError('username is required');
      const type = p.user_type ?? 'full';
      if (!p.password && !p.email)
        throw new TaskError('Give the new user a password or an e-mail address for the invitation');
      const row = await ctx.system
        .insertInto('users')
        .values({
          client_id: ctx.tenant.ownerClient(p.cid),
          username: p.username,
          display_name: p.display_name ?? p.username,
          email: p.email || null,
          user_type: type,
          roles: JSON.stringify(p.roles ?? DEFAULT_ROLES[type]),
          settings: '{}',
          ui_settings: '{}',
          password_hash: p.password ? await hashPassword(p.password) : null,
          all_units: 1,
          created: Date.now(),
          last_login: null,
        })
        .returning('nid')
        .executeTakeFirstOrThrow();
      nid = row.nid;
      if (!p.password && p.email) {
        const ticket = await createTicket(ctx.system, 'new_account', nid);
        await ctx.services.mailer.send({
          to: p.email,
          subject: 'You have been invited to the tracking portal',
          text: `Hello ${p.display_name ?? p.username},\n\nAn account "${p.username}" has been created for you. Choose your password here:\n\n${ctx.services.config.publicUrl}/#/new_account/${ticket}\n`,
        });
      }
      ctx.changeLog({
        action: 'I',
        entityType: 'User Settings',
        entityId: nid,
        description: `User ${p.username} added`,
      });
    }
    return { user: await loadUserInfo(ctx.system, nid) };
  },
});

const deleteUser = defineTask({
  name: 'delete_user',
  roles: ['general_manage_all_users'],
  entityType: 'User Settings',
  params: z.object({ nid: z.number().int().positive() }),
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    if (p.nid === ctx.user.nid) throw new TaskError('You cannot delete your own account');
    const user = await ctx.tenant.assertUser(p.nid);
    await ctx.system.deleteFrom('tickets').where('user_id', '=', p.nid).execute();
    await ctx.tenant.deleteFrom('sessions').where('user_id', '=', p.nid).execute();
    await ctx.system.deleteFrom('user_units').where('user_id', '=', p.nid).execute();
    await ctx.tenant.deleteFrom('users').where('nid', '=', p.nid).execute();
    ctx.services.bus.publish('session_revoked', { userId: p.nid });
    ctx.changeLog({
      action: 'D',
      entityType: 'User Settings',
      entityId: p.nid,
      description: `User ${user.username} deleted`,
    });
    return { nid: p.nid };
  },
});

const setPassword = defineTask({
  name: 'set_password',
  roles: 'any',
  entityType: 'User Settings',
  params: z.object({
    current_password: z.string().min(1, 'current_password is required'),
    password: z.string(),
  }),
  probe: () => ({ current_password: 'wrong-password', password: 'Probe12345' }),
  async handler(ctx, p) {
    const row = await ctx.tenant
      .selectFrom('users')
      .select('password_hash')
      .where('nid', '=', ctx.user.nid)
      .executeTakeFirst();
    if (!row) throw notFound('User');
    if (!(await verifyPassword(p.current_password, row.password_hash))) {
      throw new TaskError('The current password is not correct');
    }
    const problem = passwordProblem(p.password);
    if (problem) throw new TaskError(problem);
    await ctx.tenant
      .updateTable('users')
      .set({ password_hash: await hashPassword(p.password) })
      .where('nid', '=', ctx.user.nid)
      .execute();
    // Other sessions end; the one that changed the password stays.
    await ctx.tenant
      .updateTable('sessions')
      .set({ revoked: 1 })
      .where('user_id', '=', ctx.user.nid)
      .where('id', '!=', ctx.user.sessionId)
      .execute();
    ctx.services.bus.publish('session_revoked', {
      userId: ctx.user.nid,
      exceptSessionId: ctx.user.sessionId,
    });
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: 'Password changed',
    });
    return {};
  },
});

export const userTasks = [
  whoAmI,
  getUserSettings,
  setUserSettings,
  getUserUiSettings,
  setUserUiSettings,
  getUsers,
  setUser,
  deleteUser,
  setPassword,
];
