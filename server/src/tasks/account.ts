// The signed-in user's own account: who_am_i, settings, UI settings and password.
import { z } from 'zod';
import { MAX_SPEED_OPTIONS, isValidEmail } from '@fleet/common';
import { json } from '../db';
import { hashPassword, verifyPassword } from '../auth/crypto';
import { passwordProblem } from '../auth/passwords';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import type { TaskContext } from './context';
import { userInfo } from './system';

const IGNORED_SETTING_KEYS = ['_sys_Id', '_sys_Ref', 'channel'];
const settingValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

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
  const merged = { ...json.parse<Record<string, unknown>>(row[column], {}), ...fields };
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
  probe: () => ({}),
  async handler(ctx) {
    return { user: await userInfo(ctx, ctx.user.nid) };
  },
});

const getUserSettings = defineTask({
  name: 'get_user_settings',
  roles: 'any',
  probe: () => ({}),
  async handler(ctx) {
    const info = await userInfo(ctx, ctx.user.nid);
    return { settings: { max_speed: 120, ...info.settings } };
  },
});

const setUserSettings = defineTask({
  name: 'set_user_settings',
  roles: 'any',
  entityType: 'User Settings',
  probe: (f) => ({ nid: f.nid, email: 'probe@example.com' }),
  async handler(ctx, fields) {
    const { nid: _ignored, ...rest } = fields;
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
  probe: () => ({}),
  async handler(ctx) {
    const info = await userInfo(ctx, ctx.user.nid);
    return { ui_settings: info.ui_settings };
  },
});

const setUserUiSettings = defineTask({
  name: 'set_user_ui_settings',
  roles: 'any',
  entityType: 'User Settings',
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

const setPassword = defineTask({
  name: 'set_password',
  roles: 'any',
  entityType: 'User Settings',
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
    ctx.afterCommit(() =>
      ctx.services.bus.publish('session_revoked', {
        userId: ctx.user.nid,
        exceptSessionId: ctx.user.sessionId,
      }),
    );
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: 'Password changed',
    });
    return {};
  },
});

export const accountTasks = [
  whoAmI,
  getUserSettings,
  setUserSettings,
  getUserUiSettings,
  setUserUiSettings,
  setPassword,
];
