// Fleets (issue 12, SPEC §3 Fleet): named groups of a client's units, which rules pick units by.
// The list (get_fleets) is in tags.ts with the labels; here one fleet and its writes.
import { sql } from 'kysely';
import type { Fleet, Role } from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { defineTask } from './registry';
import { rulesChanged } from './rules';
import { TAG_READ_ROLES } from './tags';

/**
 * SPEC §6 names only feature_fleets_view for fleets (the fleet list page under Vehicles): it is
 * the page's one role, so it writes too, as do vehicle editors (who put vehicles in fleets).
 */
const FLEET_WRITE_ROLES: readonly Role[] = [
  'feature_fleets_view',
  'feature_vehicles_edit',
  'user_support',
];

export const FLEET_NAME_TAKEN = 'name: a fleet with this name already exists';

/**
 * Refuses any of `uids` that is not a unit of the client the user may see, naming the field.
 * Another client's uid answers exactly like one that does not exist.
 */
export async function assertUnitsOf(
  ctx: TaskContext,
  clientId: number | null,
  uids: readonly number[],
  field: string,
): Promise<void> {
  if (!uids.length) return;
  let q = ctx.tenant
    .units()
    .select('units.uid')
    .where('units.uid', 'in', [...uids]);
  if (clientId !== null) q = q.where('units.client_id', '=', clientId);
  const found = new Set((await q.execute()).map((r) => r.uid));
  if (uids.some((u) => !found.has(u))) throw new TaskError(`${field}: Unit not found`);
}

/** The visible units among a set, as a subquery (memberships are replaced among them only). */
const visibleUids = (ctx: TaskContext) => ctx.tenant.units().select('units.uid');

async function findFleet(ctx: TaskContext, fid: number) {
  const row = await ctx.tenant
    .selectFrom('fleets')
    .selectAll()
    .where('fid', '=', fid)
    .executeTakeFirst();
  if (!row) throw notFound('Fleet');
  return row;
}

/** The members of a fleet the user may see, in uid order. */
async function fleetMembers(ctx: TaskContext, fid: number): Promise<number[]> {
  const rows = await ctx.tenant
    .selectFrom('fleet_units')
    .select('unit_id')
    .where('fleet_id', '=', fid)
    .where('unit_id', 'in', visibleUids(ctx))
    .orderBy('unit_id')
    .execute();
  return rows.map((r) => r.unit_id);
}

async function loadFleet(ctx: TaskContext, fid: number): Promise<Fleet> {
  const row = await findFleet(ctx, fid);
  return { fid: row.fid, name: row.name, uids: await fleetMembers(ctx, fid) };
}

async function fleetNameTaken(ctx: TaskContext, clientId: number, name: string, except?: number) {
  let q = ctx.tenant
    .selectFrom('fleets')
    .select('fid')
    .where('client_id', '=', clientId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) q = q.where('fid', '!=', except);
  return !!(await q.executeTakeFirst());
}

/**
 * Puts a unit in exactly these fleets of its client (set_vehicle); the names before and after,
 * or null when nothing changed.
 */
export async function replaceUnitFleets(
  ctx: TaskContext,
  unit: { uid: number; client_id: number },
  fids: readonly number[],
): Promise<{ before: string[]; after: string[] } | null> {
  const wanted = [...new Set(fids)];
  const fleets = await ctx.tenant
    .selectFrom('fleets')
    .select(['fid', 'name'])
    .where('client_id', '=', unit.client_id)
    .orderBy(sql`lower(name)`)
    .execute();
  const names = new Map(fleets.map((f) => [f.fid, f.name]));
  if (wanted.some((f) => !names.has(f))) throw new TaskError('fids: Fleet not found');
  const current = (
    await ctx.tenant
      .selectFrom('fleet_units')
      .select('fleet_id')
      .where('unit_id', '=', unit.uid)
      .execute()
  ).map((r) => r.fleet_id);
  const add = wanted.filter((f) => !current.includes(f));
  const remove = current.filter((f) => !wanted.includes(f));
  if (!add.length && !remove.length) return null;
  if (remove.length) {
    await ctx.tenant
      .deleteFrom('fleet_units')
      .where('unit_id', '=', unit.uid)
      .where('fleet_id', 'in', remove)
      .execute();
  }
  if (add.length) {
    await ctx.tenant
      .insertInto('fleet_units', unit.client_id)
      .values(add.map((fid) => ({ fleet_id: fid, unit_id: unit.uid })))
      .execute();
  }
  rulesChanged(ctx, unit.client_id);
  const named = (ids: number[]) =>
    fleets.filter((f) => ids.includes(f.fid)).map((f) => names.get(f.fid)!);
  return { before: named(current), after: named(wanted) };
}

const getFleet = defineTask({
  name: 'get_fleet',
  roles: TAG_READ_ROLES,
  probe: (f) => ({ fid: f.fid }),
  async handler(ctx, p) {
    return { fleet: await loadFleet(ctx, p.fid) };
  },
});

const setFleet = defineTask({
  name: 'set_fleet',
  roles: FLEET_WRITE_ROLES,
  entityType: 'Fleet',
  probe: (f) => ({ fid: f.fid, name: 'Probe', uids: [f.uid] }),
  async handler(ctx, p) {
    const existing = p.fid !== undefined ? await findFleet(ctx, p.fid) : undefined;
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    if (await fleetNameTaken(ctx, clientId, p.name, existing?.fid)) {
      throw new TaskError(FLEET_NAME_TAKEN);
    }
    const uids = [...new Set(p.uids)];
    await assertUnitsOf(ctx, clientId, uids, 'uids');
    const time = now();
    let fid: number;
    if (existing) {
      fid = existing.fid;
      await ctx.tenant
        .updateTable('fleets')
        .set({ name: p.name, updated: time })
        .where('fid', '=', fid)
        .execute();
    } else {
      const row = await ctx.tenant
        .insertInto('fleets', clientId)
        .values({ name: p.name, created: time, updated: time })
        .returning('fid')
        .executeTakeFirstOrThrow();
      fid = row.fid;
    }
    // Members are replaced among the units the user may see; others stay as they are.
    const current = existing ? await fleetMembers(ctx, fid) : [];
    const add = uids.filter((u) => !current.includes(u));
    const remove = current.filter((u) => !uids.includes(u));
    if (remove.length) {
      await ctx.tenant
        .deleteFrom('fleet_units')
        .where('fleet_id', '=', fid)
        .where('unit_id', 'in', remove)
        .execute();
    }
    if (add.length) {
      await ctx.tenant
        .insertInto('fleet_units', clientId)
        .values(add.map((uid) => ({ fleet_id: fid, unit_id: uid })))
        .execute();
    }
    const members = `${uids.length} vehicle${uids.length === 1 ? '' : 's'}`;
    const renamed = existing && existing.name !== p.name ? ` (was ${existing.name})` : '';
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Fleet',
      entityId: fid,
      description: existing
        ? `Fleet ${p.name} edited${renamed}: ${members} (${add.length} added, ${remove.length} removed)`
        : `Fleet ${p.name} added with ${members}`,
    });
    rulesChanged(ctx, clientId);
    return { fleet: await loadFleet(ctx, fid) };
  },
});

const deleteFleet = defineTask({
  name: 'delete_fleet',
  roles: FLEET_WRITE_ROLES,
  entityType: 'Fleet',
  probe: (f) => ({ fid: f.fid }),
  async handler(ctx, p) {
    const row = await findFleet(ctx, p.fid);
    await ctx.tenant.deleteFrom('fleet_units').where('fleet_id', '=', row.fid).execute();
    await ctx.tenant.deleteFrom('fleets').where('fid', '=', row.fid).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Fleet',
      entityId: row.fid,
      description: `Fleet ${row.name} deleted`,
    });
    rulesChanged(ctx, row.client_id);
    return {};
  },
});

export const fleetTasks = [getFleet, setFleet, deleteFleet];
