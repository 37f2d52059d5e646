// Which units a user is given (SPEC §2 /portal/user_edit): all of the client's, or a chosen few.
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { targetUser } from './target-user';
import { assignUnits, assignedUnitIds } from './system';

const getUserUnits = defineTask({
  name: 'get_user_units',
  roles: 'any',
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
    const assigned = await assignedUnitIds(ctx, target.nid);
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
    await assignUnits(ctx, target.nid, uids);
    // The live hub re-reads who sees what once the new assignment is committed.
    ctx.afterCommit(() => ctx.services.bus.publish('units_changed', { userId: target.nid }));
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

export const userUnitTasks = [getUserUnits, setUserUnits];
