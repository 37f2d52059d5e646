// Mobile units (issue 12, SPEC §2 /portal/vehicles/mobile): phones that report as trackers
// through the OsmAnd gateway (Traccar Client, OsmAnd). A new one gets a device identifier of its
// own, and the setup answer says what to type into the app.
import { randomInt } from 'node:crypto';
import type { MobileSetup, MobileUnit, Role } from '@fleet/common';
import { now } from '../clock';
import { json } from '../db';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { defineTask } from './registry';
import { deviceIdTaken } from './system';
import { toUnitItem, withUnitState, type UnitRow } from './unit-view';
import { NEW_VEHICLE, insertVehicle } from './vehicles';
import { loadVehicle } from './vehicle-rows';
import { REG_TAKEN, publishUnitEdit, publishUnitsAdded, regTaken } from './vehicle-write';

const MOBILE_ROLES: readonly Role[] = ['feature_mobile_units', 'user_support'];
const MOBILE = 'Mobile';
/** The OsmAnd gateway's port when the configuration turns it off or picks one at random. */
export const DEFAULT_OSMAND_PORT = 5055;

/** 'm' and ten digits: unlike a tracker's IMEI (digits only), never a real device's identifier. */
const newDeviceId = () => `m${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

function toMobileUnit(r: UnitRow): MobileUnit {
  return {
    uid: r.uid,
    name: r.name,
    reg: r.reg,
    device_id: r.device_id,
    last_report: r.fix_time ? iso(r.fix_time) : null,
    // The app reports a level in % (OsmAnd batt); unit_state.battery is a tracker's voltage.
    battery: json.parse<{ batteryLevel?: number }>(r.attributes, {}).batteryLevel ?? null,
    connected: toUnitItem(r, now()).connected,
  };
}

/**
 * What to type into the app: this portal's host as the request named it (the address the user
 * reached, so also the phone's), or the configured public address, and the OsmAnd port.
 */
export function mobileSetup(ctx: TaskContext, deviceId: string | null): MobileSetup {
  const { config } = ctx.services;
  const host = ctx.meta.host || new URL(config.publicUrl).hostname;
  const port = config.gateways.osmandPort || DEFAULT_OSMAND_PORT;
  return { server_url: `http://${host}:${port}`, host, port, device_id: deviceId ?? '' };
}

const mobileUnits = (ctx: TaskContext) =>
  withUnitState(ctx.tenant.units()).where('units.unit_type', '=', MOBILE);

async function findMobileUnit(ctx: TaskContext, uid: number): Promise<UnitRow> {
  const row = await mobileUnits(ctx).where('units.uid', '=', uid).executeTakeFirst();
  if (!row) throw notFound('Unit');
  return row;
}

/** A device identifier no unit of any client has (the pipeline finds units by it). */
async function freeDeviceId(ctx: TaskContext): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = newDeviceId();
    if (!(await deviceIdTaken(ctx, id))) return id;
  }
  throw new TaskError('Could not pick a device identifier, please try again');
}

const getMobileUnits = defineTask({
  name: 'get_mobile_units',
  roles: MOBILE_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    const rows = await mobileUnits(ctx).orderBy('units.name').orderBy('units.uid').execute();
    return { units: rows.map(toMobileUnit) };
  },
});

const getMobileUnit = defineTask({
  name: 'get_mobile_unit',
  roles: MOBILE_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    const row = await findMobileUnit(ctx, p.uid);
    return { unit: toMobileUnit(row), setup: mobileSetup(ctx, row.device_id) };
  },
});

const setMobileUnit = defineTask({
  name: 'set_mobile_unit',
  roles: MOBILE_ROLES,
  entityType: 'Unit',
  probe: (f) => ({ uid: f.uid, name: 'Probe', reg: 'PROBE 1' }),
  async handler(ctx, p) {
    const existing = p.uid !== undefined ? await findMobileUnit(ctx, p.uid) : undefined;
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    if (p.reg && (await regTaken(ctx, clientId, p.reg, existing?.uid))) {
      throw new TaskError(REG_TAKEN);
    }
    let uid: number;
    if (existing) {
      uid = existing.uid;
      const before = { name: existing.name, reg: existing.reg };
      await ctx.tenant
        .updateTable('units')
        .set({ name: p.name, reg: p.reg ?? existing.reg, updated: now() })
        .where('uid', '=', uid)
        .execute();
      publishUnitEdit(ctx, clientId, before, await loadVehicle(ctx, uid));
      ctx.changeLog({
        action: 'E',
        entityType: 'Unit',
        entityId: uid,
        description: `Mobile unit ${p.name} edited${existing.name !== p.name ? ` (was ${existing.name})` : ''}`,
      });
    } else {
      const deviceId = await freeDeviceId(ctx);
      uid = await insertVehicle(ctx, clientId, {
        name: p.name,
        reg: p.reg ?? NEW_VEHICLE.reg,
        unit_type: MOBILE,
        device_id: deviceId,
        protocol: 'osmand',
      });
      // The pipeline's device → unit cache must not keep a miss for the new identifier.
      ctx.afterCommit(() => ctx.services.bus.publish('unit_device_changed', { uid }));
      publishUnitsAdded(ctx, clientId);
      ctx.changeLog({
        action: 'I',
        entityType: 'Unit',
        entityId: uid,
        description: `Mobile unit ${p.name} added (device ${deviceId})`,
      });
    }
    const row = await findMobileUnit(ctx, uid);
    return { unit: toMobileUnit(row), setup: mobileSetup(ctx, row.device_id) };
  },
});

export const mobileUnitTasks = [getMobileUnits, getMobileUnit, setMobileUnit];
