// Odometer logs (issue 13 item 2; SPEC §3 Odometer log, §4 sorted by datetimestamp descending):
// readings a user noted and corrections. A correction makes the unit's running odometer read the
// entered value at the correction's time, from then on: the unit's offset (domain/readings.ts)
// becomes the entered value less what the tracker's odometer said then (the stored position at or
// before that time). Stored trips keep their distances; the recovery desk reuses the list.
import type { OdometerLog, TaskMap } from '@fleet/common';
import { now } from '../clock';
import { odometerKm, odometerOffset } from '../domain/readings';
import type { TaskContext } from './context';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { pastTime, SERVICE_READ_ROLES, SERVICE_WRITE_ROLES } from './service-logs';

type Row = {
  id: number;
  unit_id: number;
  datetimestamp: number;
  odometer: number;
  kind: string;
  tracked: number | null;
  notes: string;
  created_by: string;
};

const toOdometerLog = (r: Row): OdometerLog => ({
  id: r.id,
  vid: r.unit_id,
  datetimestamp: iso(Number(r.datetimestamp)),
  odometer: Number(r.odometer),
  kind: r.kind === 'correction' ? 'correction' : 'reading',
  tracked: r.tracked === null ? null : Number(r.tracked),
  notes: r.notes,
  created_by: r.created_by,
});

/** The tracker's own odometer (metres, no offset) at `time`: the last stored position at or before it. */
async function trackedMetresAt(ctx: TaskContext, uid: number, time: number) {
  const pos = await ctx.tenant
    .positionsOf([uid])
    .select('odometer')
    .where('fix_time', '<=', time)
    .orderBy('fix_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return pos ? Number(pos.odometer) : null;
}

const getOdometerLogs = defineTask({
  name: 'get_odometer_logs',
  roles: SERVICE_READ_ROLES,
  probe: (f) => ({ vid: f.uid }),
  async handler(ctx, p) {
    await ctx.tenant.assertUnit(p.vid);
    const q = ctx.tenant.selectFrom('odometer_logs').where('unit_id', '=', p.vid);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .selectAll()
      .orderBy('datetimestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('odometer_logs', rows.map(toOdometerLog), count, p.page_size);
  },
});

type SetParams = TaskMap['set_odometer_log']['parsed'];

const setOdometerLog = defineTask({
  name: 'set_odometer_log',
  roles: SERVICE_WRITE_ROLES,
  entityType: 'Odometer Log',
  probe: (f) => ({ vid: f.uid, datetimestamp: '2026-01-01T00:00:00Z', odometer: 1000 }),
  async handler(ctx, p: SetParams) {
    const unit = await ctx.tenant.assertUnit(p.vid);
    const time = pastTime(p.datetimestamp, 'datetimestamp');
    const metres = await trackedMetresAt(ctx, p.vid, time);
    const before = await ctx.tenant
      .units()
      .select('units.odometer_offset')
      .where('units.uid', '=', p.vid)
      .executeTakeFirstOrThrow();
    const trackedKm =
      metres === null ? null : odometerKm(metres, Number(before.odometer_offset), 1);
    const row = await ctx.tenant
      .insertInto('odometer_logs', unit.client_id)
      .values({
        unit_id: p.vid,
        datetimestamp: time,
        odometer: p.odometer,
        kind: p.kind,
        tracked: trackedKm,
        notes: p.notes,
        created_by: ctx.user.username,
        created: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.kind === 'correction') {
      await ctx.tenant
        .updateTable('units')
        .set({ odometer_offset: odometerOffset(metres, p.odometer), updated: now() })
        .where('uid', '=', p.vid)
        .execute();
    }
    const state = await ctx.tenant
      .units()
      .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
      .select(['units.odometer_offset', 'unit_state.odometer'])
      .where('units.uid', '=', p.vid)
      .executeTakeFirstOrThrow();
    const running = odometerKm(state.odometer, Number(state.odometer_offset));
    const reading = `${p.odometer.toLocaleString('en-US')} km`;
    ctx.changeLog({
      action: 'I',
      entityType: 'Odometer Log',
      entityId: row.id,
      description:
        p.kind === 'correction'
          ? `Odometer of ${unit.name} corrected to ${reading} at ${p.datetimestamp} (tracker read ${trackedKm ?? 'nothing'} km); it now reads ${running ?? 0} km`
          : `Odometer reading of ${unit.name} noted: ${reading}`,
    });
    const saved = await ctx.tenant
      .selectFrom('odometer_logs')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return { odometer_log: toOdometerLog(saved), odometer: running };
  },
});

export const odometerLogTasks = [getOdometerLogs, setOdometerLog];
