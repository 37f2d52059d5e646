// Notices (issue 11, SPEC §3 Notice, §4, §7): support staff write them for every client or chosen
// ones; users read them and mark them read or unread (set_notice). The message is HTML, cleaned
// here with sanitize-html before it is stored, so no script, handler or javascript: URL survives.
import sanitizeHtml from 'sanitize-html';
import type { Notice, NoticeMessage, Role } from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { defineTask } from './registry';
import { listAnswer, iso, pageOf } from './paging';
import {
  deleteNotice,
  existingClientIds,
  findNotice,
  noticesPage,
  saveNotice,
  visibleNotices,
} from './system';

/** SPEC §6 notices icon: feature_notices, or user_support. */
const NOTICE_READ_ROLES: readonly Role[] = ['feature_notices', 'user_support'];
const NOTICE_WRITE_ROLES: readonly Role[] = ['user_support'];

/** Inert formatting only: no script, style, iframe, form, image or event handler. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'i',
    'em',
    'strong',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'blockquote',
    'span',
  ],
  // target and rel are the ones the transform below sets (whatever the author wrote is replaced).
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens in a new tab without giving the page a handle on the portal.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function cleanNoticeHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

type NoticeRow = Awaited<ReturnType<typeof visibleNotices>>[number];

const noticeType = (t: number): 0 | 1 | 2 => (t === 1 || t === 2 ? t : 0);

/** The user's read state per notice; a notice without a row is unread (SPEC §3). */
async function unreadOf(ctx: TaskContext, tids: number[]): Promise<Map<number, boolean>> {
  if (!tids.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('notice_reads')
    .select(['notice_id', 'unread'])
    .where('user_id', '=', ctx.user.nid)
    .where('notice_id', 'in', tids)
    .execute();
  return new Map(rows.map((r) => [r.notice_id, Number(r.unread) === 1]));
}

function noticeFromRow(r: NoticeRow, unread: Map<number, boolean>): Notice {
  return {
    tid: r.tid,
    title: r.title,
    message: r.message,
    type: noticeType(Number(r.type)),
    priority: Number(r.priority),
    unread: unread.get(r.tid) ?? true,
    created: iso(Number(r.created)),
  };
}

const getNotices = defineTask({
  name: 'get_notices',
  roles: NOTICE_READ_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    const rows = await visibleNotices(ctx);
    const unread = await unreadOf(
      ctx,
      rows.map((r) => r.tid),
    );
    return { notices: rows.map((r) => noticeFromRow(r, unread)) };
  },
});

const setNotice = defineTask({
  name: 'set_notice',
  roles: NOTICE_READ_ROLES,
  // A set_ task logs a change; a notice's read state is the user's own, like their settings.
  entityType: 'User Settings',
  probe: (f) => ({ id: f.tid, unread: false }),
  async handler(ctx, p) {
    const [row] = await visibleNotices(ctx, p.id);
    if (!row) throw notFound('Notice');
    const values = { unread: p.unread ? 1 : 0, updated: now() };
    await ctx.tenant
      .insertInto('notice_reads')
      .values({ notice_id: row.tid, user_id: ctx.user.nid, ...values })
      .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doUpdateSet(values))
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: `Notice ${row.title} marked as ${p.unread ? 'unread' : 'read'}`,
    });
    return { notice: noticeFromRow(row, new Map([[row.tid, p.unread]])) };
  },
});

/** Audience and read counts of these notices (support staff see every client's rows). */
async function audienceOf(ctx: TaskContext, tids: number[]) {
  const clients = new Map<number, number[]>(tids.map((t) => [t, []]));
  const reads = new Map<number, number>();
  if (!tids.length) return { clients, reads };
  const links = await ctx.tenant
    .selectFrom('notice_clients')
    .select(['notice_id', 'client_id'])
    .where('notice_id', 'in', tids)
    .orderBy('client_id')
    .execute();
  for (const l of links) clients.get(l.notice_id)?.push(l.client_id);
  const counts = await ctx.tenant
    .selectFrom('notice_reads')
    .select((eb) => ['notice_id', eb.fn.countAll<number>().as('n')])
    .where('notice_id', 'in', tids)
    .where('unread', '=', 0)
    .groupBy('notice_id')
    .execute();
  for (const c of counts) reads.set(c.notice_id, Number(c.n));
  return { clients, reads };
}

async function noticeMessages(ctx: TaskContext, rows: NoticeRow[]): Promise<NoticeMessage[]> {
  const { clients, reads } = await audienceOf(
    ctx,
    rows.map((r) => r.tid),
  );
  return rows.map((r) => ({
    tid: r.tid,
    title: r.title,
    message: r.message,
    type: noticeType(Number(r.type)),
    priority: Number(r.priority),
    all_clients: Number(r.all_clients) === 1,
    client_ids: Number(r.all_clients) === 1 ? [] : (clients.get(r.tid) ?? []),
    created: iso(Number(r.created)),
    read_count: reads.get(r.tid) ?? 0,
  }));
}

/** Tells the live hub whose users should re-read their notices (null: every client). */
function noticesChanged(ctx: TaskContext, audiences: (number[] | null)[]): void {
  const clientIds = audiences.some((a) => a === null)
    ? null
    : [...new Set(audiences.flatMap((a) => a ?? []))];
  ctx.afterCommit(() => ctx.services.bus.publish('notices_changed', { client_ids: clientIds }));
}

async function audience(ctx: TaskContext, row: NoticeRow): Promise<number[] | null> {
  if (Number(row.all_clients) === 1) return null;
  return (await audienceOf(ctx, [row.tid])).clients.get(row.tid) ?? [];
}

const getNoticeMessages = defineTask({
  name: 'get_notice_messages',
  roles: NOTICE_WRITE_ROLES,
  probe: () => ({}),
  async handler(ctx, p) {
    const { rows, count } = await noticesPage(ctx, pageOf(p));
    return listAnswer('notice_messages', await noticeMessages(ctx, rows), count, p.page_size);
  },
});

const setNoticeMessage = defineTask({
  name: 'set_notice_message',
  roles: NOTICE_WRITE_ROLES,
  entityType: 'User Settings',
  probe: (f) => ({ tid: f.tid, title: 'Probe', message: 'Probe', client_ids: [f.cid] }),
  async handler(ctx, p) {
    const before = p.tid !== undefined ? await findNotice(ctx, p.tid) : undefined;
    const clientIds = p.all_clients ? [] : [...new Set(p.client_ids)];
    const known = await existingClientIds(ctx, clientIds);
    if (clientIds.some((c) => !known.has(c))) throw new TaskError('client_ids: client not found');
    const message = cleanNoticeHtml(p.message);
    const fields = {
      title: p.title,
      message,
      type: p.type,
      priority: p.priority,
      all_clients: p.all_clients ? 1 : 0,
    };
    const oldAudience = before ? await audience(ctx, before) : [];
    const tid = await saveNotice(ctx, fields, before?.tid);
    await ctx.tenant.deleteFrom('notice_clients').where('notice_id', '=', tid).execute();
    for (const cid of clientIds)
      await ctx.tenant.insertInto('notice_clients', cid).values({ notice_id: tid }).execute();
    ctx.changeLog({
      action: before ? 'E' : 'I',
      entityType: 'User Settings',
      entityId: tid,
      description: `Notice ${p.title} ${before ? 'edited' : 'added'}`,
    });
    noticesChanged(ctx, [oldAudience, p.all_clients ? null : clientIds]);
    const [saved] = await noticeMessages(ctx, [await findNotice(ctx, tid)]);
    return { notice_message: saved };
  },
});

const deleteNoticeMessage = defineTask({
  name: 'delete_notice_message',
  roles: NOTICE_WRITE_ROLES,
  entityType: 'User Settings',
  probe: (f) => ({ tid: f.tid }),
  async handler(ctx, p) {
    const row = await findNotice(ctx, p.tid);
    const was = await audience(ctx, row);
    await deleteNotice(ctx, row.tid);
    ctx.changeLog({
      action: 'D',
      entityType: 'User Settings',
      entityId: row.tid,
      description: `Notice ${row.title} deleted`,
    });
    noticesChanged(ctx, [was]);
    return {};
  },
});

export const noticeTasks = [
  getNotices,
  setNotice,
  getNoticeMessages,
  setNoticeMessage,
  deleteNoticeMessage,
];
