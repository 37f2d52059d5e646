// Unit tasks: the live list, one unit, today's dashboard, device provisioning and unknown devices.
import { sql } from 'kysely';
import type { Role } from '@fleet/common';
import { json } from '../db';
import { engineHours, odometerKm } from '../domain/readings';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { toUnitItem, withUnitState } from './unit-view';
import type { TaskContext } from './context';
import { forgetUnknownDevice, unknownDevices } from './system';
import { clientUnitIssues } from './unit-issues';
import { labelsOfUnits } from './vehicle-rows';
import { clock, now } from '../clock';

export const UNIT_READ_ROLES: Role[] = [
  'feature_realtime',
  'feature_trips',
  'feature_dashboard',
  'feature_vehicles_view',
  'feature_stealth_units',
  'user_support',
];

export async function userTimeZone(ctx: TaskContext): Promise<string> {
  const row = await ctx.tenant
    .selectFrom('users')
    .select('settings')
    .where('nid', '=', ctx.user.nid)
    .executeTakeFirst();
  const tz = json.parse<{ timezone?: string }>(row?.settings, {}).timezone;
  return tz || 'Africa/Johannesburg';
}

const getUnitListFull = defineTask({
  name: 'get_unit_list_full',
  roles: UNIT_READ_ROLES,
  probe: () => ({}),
  async handler(ctx, p) {
    let q = withUnitState(ctx.tenant.units());
    if (p.search) {
      const like = `%${p.search.toLowerCase()}%`;
      q = q.where((eb) =>
        eb.or([eb(sql`lower(units.name)`, 'like', like), eb(sql`lower(units.reg)`, 'like', like)]),
      );
    }
    const now = clock().now();
    let units = (await q.orderBy('units.name').execute()).map((r) => toUnitItem(r, now));
    if (p.filter === 'only_issues') units = units.filter((u) => !u.connected || u.active !== 1);
    // Each unit's labels (API.md §3), which the live list filters by and the map writes under names.
    const labels = await labelsOfUnits(
      ctx,
      units.map((u) => u.uid),
    );
    return {
      units: units.map(({ client_id: _c, ...u }) => ({
        ...u,
        tags: (labels.get(u.uid) ?? []).map((t) => ({ id: t.tgid, name: t.name })),
      })),
      count: units.length,
    };
  },
});

const getUnit = defineTask({
  name: 'get_unit',
  roles: UNIT_READ_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    const row = await withUnitState(ctx.tenant.units())
      .select(['units.odometer_offset', 'units.engine_hours_offset', 'units.device_model'])
      .where('units.uid', '=', p.uid)
      .executeTakeFirst();
    if (!row) throw notFound('Unit');
    const { client_id: _c, ...listed } = toUnitItem(row, now());
    const labels = (await labelsOfUnits(ctx, [row.uid])).get(row.uid) ?? [];
    const item = { ...listed, tags: labels.map((t) => ({ id: t.tgid, name: t.name })) };
    const events = await ctx.tenant
      .selectFrom('device_events')
      .select(['id', 'time', 'type', 'lat', 'lon', 'speed'])
      .where('unit_id', '=', p.uid)
      .orderBy('time', 'desc')
      .limit(10)
      .execute();
    return {
      unit: {
        ...item,
        _sys_Id: row.uid,
        _sys_Ref: `unit:${row.uid}`,
        device_id: row.device_id,
        protocol: row.protocol,
        device_model: row.device_model,
        stock_status: row.stock_status,
        // With the user's corrections, as the vehicle page shows them (domain/readings.ts).
        odometer: odometerKm(row.odometer, row.odometer_offset, 2),
        engine_hours: engineHours(row.engine_hours, row.engine_hours_offset, 2),
        power: row.power,
        battery: row.battery,
        gsm: row.gsm,
        last_data: iso(row.server_time),
        attributes: json.parse(row.attributes, {}),
        latest_events: events.map((e) => ({ ...e, time: iso(e.time) })),
      },
    };
  },
});

const setUnitDevice = defineTask({
  name: 'set_unit_device',
  roles: ['user_support'],
  entityType: 'Unit',
  probe: (f) => ({ uid: f.uid, device_id: '999999999999999', protocol: 'teltonika' }),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can attach devices', 3);
    const unit = await ctx.tenant.assertUnit(p.uid);
    const deviceId = p.device_id || null;
    if (deviceId) {
      const clash = await ctx.tenant
        .selectFrom('units')
        .select(['uid', 'name'])
        .where('device_id', '=', deviceId)
        .where('uid', '!=', p.uid)
        .executeTakeFirst();
      if (clash) throw new TaskError(`Device ${deviceId} is already attached to ${clash.name}`);
    }
    const model = (deviceId && p.model) || null;
    await ctx.tenant
      .updateTable('units')
      .set({ device_id: deviceId, protocol: deviceId ? p.protocol : null, device_model: model })
      .where('uid', '=', p.uid)
      .execute();
    if (deviceId) await forgetUnknownDevice(ctx, deviceId);
    // The pipeline's device → unit cache drops the unit once the change is committed.
    ctx.afterCommit(() => ctx.services.bus.publish('unit_device_changed', { uid: p.uid }));
    ctx.changeLog({
      action: 'E',
      entityType: 'Unit',
      entityId: p.uid,
      description: deviceId
        ? `${unit.name}: device ${deviceId} (${p.protocol}${model ? `, model ${model}` : ''}) attached`
        : `${unit.name}: device detached`,
    });
    return {
      uid: p.uid,
      device_id: deviceId,
      protocol: deviceId ? p.protocol : null,
      device_model: model,
    };
  },
});

const getUnitIssues = defineTask({
  name: 'get_unit_issues',
  roles: ['feature_unit_issues', 'user_support'],
  probe: () => ({}),
  async handler(ctx) {
    // Each unit the user sees with what is wrong with it (a unit may have several); support staff
    // see every client's, and also the trackers that report with an identifier no unit has.
    const units = await clientUnitIssues(ctx, clock().now());
    if (!ctx.tenant.isSupport) return { unit_issues: units };
    const rows = await unknownDevices(ctx);
    const unknown = rows.map((r) => ({
      ...r,
      issue: 'Unknown device' as const,
      first_seen: iso(r.first_seen),
      last_seen: iso(r.last_seen),
    }));
    return { unit_issues: [...unknown, ...units] };
  },
});

const getStealthUnitData = defineTask({
  name: 'get_stealth_unit_data',
  roles: ['feature_stealth_units', 'user_support'],
  probe: (f) => ({ uids: [f.uid] }),
  async handler(ctx, p) {
    let q = withUnitState(ctx.tenant.units()).where('units.service_type', '=', 'stealth');
    if (p.uids?.length) q = q.where('units.uid', 'in', p.uids);
    const now = clock().now();
    const rows = await q.orderBy('units.name').execute();
    return {
      stealth_units: rows.map((r) => {
        const { client_id: _c, ...item } = toUnitItem(r, now);
        return { ...item, last_data: iso(r.server_time), battery: r.battery, power: r.power };
      }),
    };
  },
});

export const unitTasks = [
  getStealthUnitData,
  getUnitListFull,
  getUnit,
  setUnitDevice,
  getUnitIssues,
];
