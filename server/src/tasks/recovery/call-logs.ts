// Call logs (issue 16 item 3; SPEC §3 call logs, §7 keys call_log_list and call_log): who the desk
// called about a unit or chase-up, the number, how it went and notes, newest first. A person named
// (pid) must be one of the unit's client's people.
import { callOutcomeName, type CallLog } from '@fleet/common';
import { now } from '../../clock';
import { TaskError } from '../errors';
import { countRows, iso, listAnswer, pageOf } from '../paging';
import { notDeleted } from '../people-rows';
import { defineTask } from '../registry';
import { recoverySubject } from './comments';
import { assertSupport, RECOVERY_ROLES } from './support';

const CALL_COLUMNS = [
  'id',
  'unit_id',
  'chaseup_id',
  'pid',
  'name',
  'number',
  'outcome',
  'notes',
  'username',
  'created',
] as const;

interface CallRow {
  id: number;
  unit_id: number;
  chaseup_id: number | null;
  pid: number | null;
  name: string;
  number: string;
  outcome: string;
  notes: string;
  username: string;
  created: number;
}

const toCallLog = (r: CallRow): CallLog => ({
  id: Number(r.id),
  uid: Number(r.unit_id),
  chaseup_id: r.chaseup_id === null ? null : Number(r.chaseup_id),
  pid: r.pid === null ? null : Number(r.pid),
  name: r.name,
  number: r.number,
  outcome: r.outcome as CallLog['outcome'],
  outcome_name: callOutcomeName(r.outcome),
  notes: r.notes,
  username: r.username,
  created: iso(Number(r.created)),
});

const getCallLogList = defineTask({
  name: 'get_call_log_list',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    assertSupport(ctx);
    let q = ctx.tenant.selectFrom('call_logs');
    if (p.chaseup_id !== undefined) q = q.where('chaseup_id', '=', p.chaseup_id);
    if (p.uid !== undefined) q = q.where('unit_id', '=', p.uid);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .select(CALL_COLUMNS)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('call_log_list', rows.map(toCallLog), count, p.page_size);
  },
});

const setCallLog = defineTask({
  name: 'set_call_log',
  roles: RECOVERY_ROLES,
  entityType: 'Call Log',
  probe: (f) => ({ uid: f.uid, name: 'Probe', number: '0825550100', outcome: 'no_answer' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const subject = await recoverySubject(ctx, p);
    const pid = p.pid ?? null;
    if (pid !== null) {
      const person = await ctx.tenant
        .selectFrom('people')
        .select('pid')
        .where('pid', '=', pid)
        .where('client_id', '=', subject.cid)
        .where(notDeleted())
        .executeTakeFirst();
      if (!person) throw new TaskError(`pid: person ${pid} is not one of this client's people`);
    }
    const row = await ctx.tenant
      .insertInto('call_logs', subject.cid)
      .values({
        unit_id: subject.uid,
        chaseup_id: subject.chaseup_id,
        pid,
        name: p.name,
        number: p.number,
        outcome: p.outcome,
        notes: p.notes,
        username: ctx.user.username,
        created: now(),
      })
      .returning(CALL_COLUMNS)
      .executeTakeFirstOrThrow();
    const about = subject.chaseup_id
      ? `chase-up ${subject.chaseup_id} (${subject.name})`
      : subject.name;
    ctx.changeLog({
      action: 'I',
      entityType: 'Call Log',
      entityId: Number(row.id),
      description: `Called ${p.name} (${p.number}) about ${about}: ${callOutcomeName(p.outcome)}`,
    });
    return { call_log: toCallLog(row) };
  },
});

export const callLogsTasks = [getCallLogList, setCallLog];
