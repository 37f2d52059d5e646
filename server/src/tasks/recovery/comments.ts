// Comments (issue 16 item 3; SPEC §3 Comment, §4 by id descending): an agent's note on a unit or on
// one of its chase-ups (a chase-up's comment also carries its unit). A note after the fact is fine
// on a locked chase-up: only state changes are refused there.
import type { RecoveryComment } from '@fleet/common';
import { now } from '../../clock';
import type { TaskContext } from '../context';
import { TaskError } from '../errors';
import { countRows, iso, listAnswer, pageOf } from '../paging';
import { defineTask } from '../registry';
import { findChaseup } from './rows';
import { assertSupport, RECOVERY_ROLES } from './support';

interface CommentRow {
  id: number;
  unit_id: number;
  chaseup_id: number | null;
  text: string;
  username: string;
  created: number;
}

const toComment = (r: CommentRow): RecoveryComment => ({
  id: Number(r.id),
  uid: Number(r.unit_id),
  chaseup_id: r.chaseup_id === null ? null : Number(r.chaseup_id),
  text: r.text,
  username: r.username,
  created: iso(Number(r.created)),
});

/**
 * The unit (and its client) a comment or call log is about: the chase-up's unit when a chase-up is
 * named (a uid given as well must be that unit), else the unit named.
 */
export async function recoverySubject(
  ctx: TaskContext,
  p: { uid?: number; chaseup_id?: number },
): Promise<{ uid: number; cid: number; name: string; chaseup_id: number | null }> {
  if (p.chaseup_id !== undefined) {
    const chaseup = await findChaseup(ctx, p.chaseup_id);
    if (p.uid !== undefined && p.uid !== Number(chaseup.unit_id))
      throw new TaskError(`uid: chase-up ${p.chaseup_id} is not of this unit`);
    return {
      uid: Number(chaseup.unit_id),
      cid: Number(chaseup.client_id),
      name: chaseup.unit_name ?? `Unit ${chaseup.unit_id}`,
      chaseup_id: p.chaseup_id,
    };
  }
  if (p.uid === undefined) throw new TaskError('Name the unit or the chase-up (uid or chaseup_id)');
  const unit = await ctx.tenant.assertUnit(p.uid);
  return { uid: unit.uid, cid: unit.client_id, name: unit.name, chaseup_id: null };
}

const getComments = defineTask({
  name: 'get_comments',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    assertSupport(ctx);
    let q = ctx.tenant.selectFrom('chaseup_comments');
    if (p.chaseup_id !== undefined) q = q.where('chaseup_id', '=', p.chaseup_id);
    if (p.uid !== undefined) q = q.where('unit_id', '=', p.uid);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .select(['id', 'unit_id', 'chaseup_id', 'text', 'username', 'created'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('comments', rows.map(toComment), count, p.page_size);
  },
});

const setComment = defineTask({
  name: 'set_comment',
  roles: RECOVERY_ROLES,
  entityType: 'Comment',
  probe: (f) => ({ uid: f.uid, text: 'Probe' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const subject = await recoverySubject(ctx, p);
    const row = await ctx.tenant
      .insertInto('chaseup_comments', subject.cid)
      .values({
        unit_id: subject.uid,
        chaseup_id: subject.chaseup_id,
        text: p.text,
        username: ctx.user.username,
        created: now(),
      })
      .returning(['id', 'unit_id', 'chaseup_id', 'text', 'username', 'created'])
      .executeTakeFirstOrThrow();
    ctx.changeLog({
      action: 'I',
      entityType: 'Comment',
      entityId: Number(row.id),
      description: subject.chaseup_id
        ? `Comment on chase-up ${subject.chaseup_id} (${subject.name})`
        : `Comment on ${subject.name}`,
    });
    return { comment: toComment(row) };
  },
});

export const commentsTasks = [getComments, setComment];
