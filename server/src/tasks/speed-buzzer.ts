// The in-cab speed buzzer of a vehicle (issue 13 item 7): the limit is stored at once (the Speed
// Buzzer Violation rule judges by it) and sent to the device like any command; the page shows the
// limit the device confirmed.
import { iso } from './paging';
import { commandState, commandTasks } from './immobiliser';

export const speedBuzzerTasks = commandTasks({
  get: 'get_speed_buzzer',
  set: 'set_speed_buzzer',
  kind: 'speed_buzzer',
  probe: (f) => ({ uid: f.uid, limit: 80 }),
  value: (p) => (p.limit === null ? '' : String(p.limit)),
  async store(ctx, unit, p) {
    const fields = { buzzer_limit: p.limit };
    const updated = await ctx.tenant
      .updateTable('unit_controls')
      .set(fields)
      .where('unit_id', '=', unit.uid)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await ctx.tenant
        .insertInto('unit_controls', unit.client_id)
        .values({ unit_id: unit.uid, ...fields })
        .execute();
    }
    ctx.afterCommit(() => ctx.services.bus.publish('rules_changed', { client_id: unit.client_id }));
  },
  async state(ctx, unit) {
    const { channel, controls, open, history } = await commandState(ctx, unit, 'speed_buzzer');
    return {
      ...channel,
      limit: controls?.buzzer_confirmed ?? null,
      asked_limit: controls?.buzzer_limit ?? null,
      confirmed: iso(controls?.buzzer_at ?? null),
      pending: open
        ? { ...open.command, limit: open.value === '' ? null : Number(open.value) }
        : null,
      history,
    };
  },
});
