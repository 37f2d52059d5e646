// User management: the user list, user edits and deletes.
import { sql } from 'kysely';
import { DEFAULT_ROLES, isValidEmail, isValidRoleList } from '@fleet/common';
import { hashPassword } from '../auth/crypto';
import { passwordProblem } from '../auth/passwords';
import { defineTask } from './registry';
import { TaskError } from './errors';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { rolesOf, userTypeOf } from './user-fields';
import { forgetUser, issueTicket, usernameTaken, userInfo } from './system';
import { now } from '../clock';

const getUsers = defineTask({
  name: 'get_users',
  roles: ['feature_users_view', 'general_manage_all_users'],
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
    const count = await countRows(q);
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
      user_type: userTypeOf(r),
      roles: rolesOf(r.roles),
      all_units: r.all_units === 1,
      unit_count: Number(r.unit_count ?? 0),
      last_login: iso(r.last_login),
      created: iso(r.created),
      cid: r.client_id,
    }));
    return listAnswer('users', users, count, p.page_size);
  },
});

const setUser = defineTask({
  name: 'set_user',
  roles: ['general_manage_all_users'],
  entityType: 'User Settings',
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
    if (p.username && (await usernameTaken(ctx, p.username, p.nid)))
      throw new TaskError('That username is already taken');
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
      const row = await ctx.tenant
        .insertInto('users', p.cid)
        .values({
          username: p.username,
          display_name: p.display_name ?? p.username,
          email: p.email || null,
          user_type: type,
          roles: JSON.stringify(p.roles ?? DEFAULT_ROLES[type]),
          settings: '{}',
          ui_settings: '{}',
          password_hash: p.password ? await hashPassword(p.password) : null,
          all_units: 1,
          created: now(),
          last_login: null,
        })
        .returning('nid')
        .executeTakeFirstOrThrow();
      nid = row.nid;
      if (!p.password && p.email) {
        const ticket = await issueTicket(ctx, 'new_account', nid);
        const { email, username } = p;
        const name = p.display_name ?? username;
        ctx.afterCommit(() =>
          ctx.services.mailer.send({
            to: email,
            subject: 'You have been invited to the tracking portal',
            text: `Hello ${name},\n\nAn account "${username}" has been created for you. Choose your password here:\n\n${ctx.services.config.publicUrl}/#/new_account/${ticket}\n`,
          }),
        );
      }
      ctx.changeLog({
        action: 'I',
        entityType: 'User Settings',
        entityId: nid,
        description: `User ${p.username} added`,
      });
    }
    return { user: await userInfo(ctx, nid) };
  },
});

const deleteUser = defineTask({
  name: 'delete_user',
  roles: ['general_manage_all_users'],
  entityType: 'User Settings',
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    if (p.nid === ctx.user.nid) throw new TaskError('You cannot delete your own account');
    const user = await ctx.tenant.assertUser(p.nid);
    await forgetUser(ctx, p.nid);
    await ctx.tenant.deleteFrom('sessions').where('user_id', '=', p.nid).execute();
    await ctx.tenant.deleteFrom('users').where('nid', '=', p.nid).execute();
    ctx.afterCommit(() => ctx.services.bus.publish('session_revoked', { userId: p.nid }));
    ctx.changeLog({
      action: 'D',
      entityType: 'User Settings',
      entityId: p.nid,
      description: `User ${user.username} deleted`,
    });
    return { nid: p.nid };
  },
});

export const userTasks = [getUsers, setUser, deleteUser];
