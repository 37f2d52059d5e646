// The recovery desk's client and unit pages (issue 16 item 5; /recovery/client/{id},
// /recovery/unit/{id}): any client's data, as the desk needs it on one page. The rows come from
// the desk's shared readers (rows.ts) so they read as they do on the queue and the detail page.
import { eventLabel, type RecoveryUnitView } from '@fleet/common';
import { clock } from '../../clock';
import { defineTask } from '../registry';
import { iso } from '../paging';
import { recoveryClient, setClientChaseUp } from '../system';
import { toUnitItem, withUnitState } from '../unit-view';
import { labelsOfUnits } from '../vehicle-rows';
import { backupUnitsOf } from './backup-units';
import { clientContacts, listChaseups, listRecoveryLogs, recoveryUnit } from './rows';
import { RECOVERY_ROLES, assertSupport } from './support';

/** How many of a page's chase-ups and recovery logs are shown (newest first). */
const HISTORY_LIMIT = 100;
/** The unit page's last device events. */
const EVENTS_LIMIT = 50;

const getRecoveryClient = defineTask({
  name: 'get_recovery_client',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ cid: f.cid }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const client = await recoveryClient(ctx, p.cid);
    const now = clock().now();
    const rows = await withUnitState(ctx.tenant.units())
      .where('units.client_id', '=', p.cid)
      .orderBy('units.name')
      .orderBy('units.uid')
      .execute();
    const labels = await labelsOfUnits(
      ctx,
      rows.map((r) => r.uid),
    );
    const units = rows.map((r) => {
      const { client_id: _c, ...item } = toUnitItem(r, now);
      return {
        ...item,
        tags: (labels.get(r.uid) ?? []).map((t) => ({ id: t.tgid, name: t.name })),
      };
    });
    const { contacts } = await clientContacts(ctx, p.cid, now);
    const chaseupEvents = await listChaseups(ctx, { filter: 'open', cid: p.cid }, HISTORY_LIMIT, 0);
    const recoveryLogs = await listRecoveryLogs(ctx, { cid: p.cid }, HISTORY_LIMIT, 0);
    return {
      client,
      units,
      contacts,
      chaseup_events: chaseupEvents,
      recovery_logs: recoveryLogs,
    };
  },
});

const getRecoveryUnit = defineTask({
  name: 'get_recovery_unit',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p): Promise<RecoveryUnitView> {
    assertSupport(ctx);
    const unit = await recoveryUnit(ctx, p.uid);
    const events = await ctx.tenant
      .selectFrom('device_events')
      .select(['id', 'type', 'time', 'lat', 'lon'])
      .where('unit_id', '=', p.uid)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(EVENTS_LIMIT)
      .execute();
    const chaseupEvents = await listChaseups(ctx, { filter: 'all', uid: p.uid }, HISTORY_LIMIT, 0);
    const recoveryLogs = await listRecoveryLogs(ctx, { uid: p.uid }, HISTORY_LIMIT, 0);
    const odometer = await ctx.tenant
      .selectFrom('odometer_logs')
      .select(['id', 'datetimestamp', 'odometer', 'kind'])
      .where('unit_id', '=', p.uid)
      .orderBy('datetimestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
    // A main unit's backup units; for a backup unit, its vehicle's: the main unit (named by each
    // one's backup_of and main_name) and every backup of it, this one among them.
    const backupUnits = await backupUnitsOf(ctx, [unit.backup_of ?? p.uid]);
    return {
      unit,
      events: events.map((e) => ({
        id: e.id,
        type: e.type,
        label: eventLabel(e.type),
        time: iso(e.time),
        lat: e.lat,
        lon: e.lon,
      })),
      chaseup_events: chaseupEvents,
      recovery_logs: recoveryLogs,
      odometer_logs: odometer.map((o) => ({
        id: o.id,
        datetimestamp: iso(o.datetimestamp),
        odometer: o.odometer,
        kind: o.kind,
      })),
      backup_units: backupUnits,
    };
  },
});

/**
 * A client who does not want the desk to call (SPEC §4 chase-up state 7 "don't chase up"): its
 * vehicles' events are still filed, as state 7, and never ring the queue. The pipeline reads the
 * flag with the client's units, so it is told (rules_changed) to read them again.
 */
const setClientChaseUpTask = defineTask({
  name: 'set_client_chase_up',
  roles: RECOVERY_ROLES,
  entityType: 'Chase-up',
  probe: (f) => ({ cid: f.cid, chase_up: false }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const before = await recoveryClient(ctx, p.cid);
    if (before.chase_up !== p.chase_up) {
      await setClientChaseUp(ctx, p.cid, p.chase_up);
      ctx.changeLog({
        action: 'E',
        entityType: 'Chase-up',
        entityId: `client ${p.cid}`,
        description: p.chase_up
          ? `${before.name}: chase-ups turned back on`
          : `${before.name}: opted out of chase-ups`,
      });
      ctx.afterCommit(() => ctx.services.bus.publish('rules_changed', { client_id: p.cid }));
    }
    return { client: await recoveryClient(ctx, p.cid) };
  },
});

export const viewsTasks = [getRecoveryClient, getRecoveryUnit, setClientChaseUpTask];
