// A user's sessions and one-time login links (SPEC §2 /portal/user*).
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { targetUser } from './target-user';
import { issueTicket } from './system';
import { now } from '../clock';

const getUserSessions = defineTask({
  name: 'get_user_sessions',
  roles: 'any',
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
    ctx.afterCommit(() => ctx.services.bus.publish('session_revoked', { sessionIds: [p.id] }));
    ctx.changeLog({
      action: 'D',
      entityType: 'User Settings',
      entityId: target.nid,
      description: `Session ${p.id} of ${target.username} revoked`,
    });
    return { id: p.id };
  },
});

const setKnownLogin = defineTask({
  name: 'set_known_login',
  roles: ['user_support'],
  entityType: 'User Settings',
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can create login links', 3);
    const user = await ctx.tenant.assertUser(p.nid);
    const token = await issueTicket(ctx, 'known_login', user.nid, { url: p.url ?? null });
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

export const userSessionTasks = [getUserSessions, deleteUserSession, setKnownLogin];
