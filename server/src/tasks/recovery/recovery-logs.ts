// Recovery logs (issue 16 item 4; SPEC §3 Recovery log, §4 states, initiated by, id descending):
// a recovery of a vehicle from its start to how it ended. One recovery of a unit is in progress at
// a time: opening or reopening a second one is refused while another is (state 0). The unit's row
// is locked first (a no-op update), so two desks opening one at the same moment queue up and the
// second sees the first's. A chase-up it started from must be one of the same unit's, whatever its
// state. State 0 has no end time.
import { RECOVERY_IN_PROGRESS, RECOVERY_LOG_STATE, RECOVERY_LOG_STATES } from '@fleet/common';
import { now } from '../../clock';
import type { TaskContext } from '../context';
import { TaskError, notFound } from '../errors';
import { listAnswer, pageOf } from '../paging';
import { defineTask } from '../registry';
import { countRecoveryLogs, findRecoveryLog, listRecoveryLogs } from './rows';
import { assertSupport, RECOVERY_ROLES } from './support';

const getRecoveryLogs = defineTask({
  name: 'get_recovery_logs',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    assertSupport(ctx);
    if (p.state !== undefined && !RECOVERY_LOG_STATES.includes(p.state))
      throw new TaskError('state: is not a recovery log state');
    const where = { uid: p.uid, cid: p.cid, state: p.state };
    const { limit, offset } = pageOf(p);
    const rows = await listRecoveryLogs(ctx, where, limit, offset);
    const count = await countRecoveryLogs(ctx, where);
    return listAnswer('recovery_logs', rows, count, p.page_size);
  },
});

const getRecoveryLog = defineTask({
  name: 'get_recovery_log',
  roles: RECOVERY_ROLES,
  probe: () => ({ id: 1 }),
  async handler(ctx, p) {
    assertSupport(ctx);
    return { recovery_log: await findRecoveryLog(ctx, p.id) };
  },
});

/** Another recovery of the unit in progress, besides `except`. */
async function inProgress(ctx: TaskContext, uid: number, except: number | undefined) {
  let q = ctx.tenant
    .selectFrom('recovery_logs')
    .select('id')
    .where('unit_id', '=', uid)
    .where('state', '=', RECOVERY_IN_PROGRESS);
  if (except !== undefined) q = q.where('id', '!=', except);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

const setRecoveryLog = defineTask({
  name: 'set_recovery_log',
  roles: RECOVERY_ROLES,
  entityType: 'Recovery Log',
  probe: (f) => ({ uid: f.uid, state: 0, start_time: '2026-01-01T00:00:00Z' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const at = now();
    const unit = await ctx.tenant.assertUnit(p.uid);
    const existing =
      p.id === undefined
        ? undefined
        : await ctx.tenant
            .selectFrom('recovery_logs')
            .select(['id', 'unit_id', 'state'])
            .where('id', '=', p.id)
            .executeTakeFirst();
    if (p.id !== undefined && !existing) throw notFound('Recovery log');
    if (existing && Number(existing.unit_id) !== p.uid)
      throw new TaskError('uid: a recovery log stays with the unit it was opened for');
    const chaseupId = p.chaseup_id ?? null;
    if (chaseupId !== null) {
      const chaseup = await ctx.tenant
        .selectFrom('chaseup_events')
        .select(['id', 'unit_id'])
        .where('id', '=', chaseupId)
        .executeTakeFirst();
      if (!chaseup) throw new TaskError(`chaseup_id: chase-up ${chaseupId} not found`);
      if (Number(chaseup.unit_id) !== p.uid)
        throw new TaskError(`chaseup_id: chase-up ${chaseupId} is not one of ${unit.name}'s`);
    }
    if (p.state === RECOVERY_IN_PROGRESS) {
      // Lock the unit's row: a second desk opening a recovery of it now waits for this one.
      await ctx.tenant
        .updateTable('units')
        .set((eb) => ({ updated: eb.ref('updated') }))
        .where('uid', '=', p.uid)
        .execute();
      const other = await inProgress(ctx, p.uid, p.id);
      if (other)
        throw new TaskError(`A recovery of ${unit.name} is already in progress (log ${other.id})`);
    }
    const fields = {
      state: p.state,
      initiated_by: p.initiated_by,
      chaseup_id: chaseupId,
      start_time: Date.parse(p.start_time),
      end_time: p.state === RECOVERY_IN_PROGRESS || !p.end_time ? null : Date.parse(p.end_time),
      recovery_team: p.recovery_team,
      police_case_number: p.police_case_number,
      location_recovered: p.location_recovered,
      lat: p.lat ?? null,
      lon: p.lon ?? null,
      notes: p.notes,
      updated: at,
    };
    const stateName = RECOVERY_LOG_STATE[p.state];
    let id: number;
    if (existing) {
      id = Number(existing.id);
      await ctx.tenant.updateTable('recovery_logs').set(fields).where('id', '=', id).execute();
      ctx.changeLog({
        action: 'E',
        entityType: 'Recovery Log',
        entityId: id,
        description:
          Number(existing.state) === p.state
            ? `Recovery log ${id} of ${unit.name} changed (${stateName})`
            : `Recovery log ${id} of ${unit.name}: ${RECOVERY_LOG_STATE[Number(existing.state)]} → ${stateName}`,
      });
    } else {
      const row = await ctx.tenant
        .insertInto('recovery_logs', unit.client_id)
        .values({
          unit_id: p.uid,
          ...fields,
          created_by: ctx.user.username,
          created: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      const from = chaseupId === null ? '' : `, from chase-up ${chaseupId}`;
      ctx.changeLog({
        action: 'I',
        entityType: 'Recovery Log',
        entityId: id,
        description: `Opened recovery log ${id} for ${unit.name} (${stateName}${from})`,
      });
    }
    return { recovery_log: await findRecoveryLog(ctx, id) };
  },
});

export const recoveryLogsTasks = [getRecoveryLogs, getRecoveryLog, setRecoveryLog];
