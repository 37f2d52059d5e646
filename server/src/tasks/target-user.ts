import { checkPermission } from '@fleet/common';
import type { TaskContext } from './context';
import { TaskError } from './errors';

/**
 * The user a per-user task acts on: the caller when nid is absent; another user of the same
 * client when the caller may view (feature_users_view) or manage (general_manage_all_users) users.
 */
export async function targetUser(
  ctx: TaskContext,
  nid: number | undefined,
  mode: 'view' | 'manage',
) {
  if (nid === undefined || nid === ctx.user.nid) {
    return {
      nid: ctx.user.nid,
      client_id: ctx.user.clientId,
      username: ctx.user.username,
      self: true,
    };
  }
  const needed =
    mode === 'manage'
      ? ['general_manage_all_users']
      : ['general_manage_all_users', 'feature_users_view'];
  if (!checkPermission(ctx.user.roles, needed)) {
    throw new TaskError('You do not have permission to view other users', 3);
  }
  const row = await ctx.tenant.assertUser(nid);
  return { nid: row.nid, client_id: row.client_id, username: row.username, self: false };
}
