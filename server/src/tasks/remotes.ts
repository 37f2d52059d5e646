// Panic remotes (issue 12, SPEC §2 /portal/drivers/remotes, §8 chase-up type 7): a button paired to
// a unit, held by a person of the client or someone named. Its last press is the unit's latest
// panic event, read when the list is read.
import { sql } from 'kysely';
import { PERSON_ROLE_DELETED, type Remote, type Role } from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { defineTask } from './registry';
import { personOf } from './vehicle-write';

const REMOTE_READ_ROLES: readonly Role[] = ['menu_remotes', 'feature_drivers_view', 'user_support'];
const REMOTE_WRITE_ROLES: readonly Role[] = [
  'menu_remotes',
  'feature_drivers_edit',
  'user_support',
];

export const REMOTE_ID_TAKEN = 'remote_id: another remote has this identifier';

/**
 * The device event of a remote's press: the pipeline stores a panic of a unit with a paired remote
 * as 'panic_remote' (ingest/types.ts DeviceEventType; the tracker's panic input is the remote's
 * receiver), which the recovery desk chases up as type 7.
 */
const PANIC_EVENT = 'panic_remote';

/** Remotes on units the user may see, with their unit, holder and last press. */
async function readRemotes(ctx: TaskContext, where: { id?: number; uid?: number }) {
  let q = ctx.tenant
    .selectFrom('remotes')
    .innerJoin('units', 'units.uid', 'remotes.unit_id')
    .leftJoin('people', (j) =>
      j
        .onRef('people.pid', '=', 'remotes.holder_pid')
        .onRef('people.client_id', '=', 'remotes.client_id'),
    )
    .select([
      'remotes.id',
      'remotes.client_id',
      'remotes.remote_id',
      'remotes.unit_id',
      'remotes.holder_name',
      'remotes.battery_state',
      'remotes.last_press',
      'units.name as unit_name',
      'people.pid',
      'people.first_name',
      'people.surname',
      'people.roles',
    ])
    .where('remotes.unit_id', 'in', ctx.tenant.units().select('units.uid'));
  if (where.id !== undefined) q = q.where('remotes.id', '=', where.id);
  if (where.uid !== undefined) q = q.where('remotes.unit_id', '=', where.uid);
  const rows = await q
    .orderBy(sql`lower(remotes.remote_id)`)
    .orderBy('remotes.id')
    .execute();
  const uids = [...new Set(rows.map((r) => r.unit_id))];
  const presses = uids.length
    ? await ctx.tenant
        .selectFrom('device_events')
        .select(['unit_id', (eb) => eb.fn.max<number>('time').as('last')])
        .where('unit_id', 'in', uids)
        .where('type', '=', PANIC_EVENT)
        .groupBy('unit_id')
        .execute()
    : [];
  const lastPress = new Map(presses.map((p) => [p.unit_id, Number(p.last)]));
  return rows.map((r) => {
    // SPEC §6: a person with role 11 (DELETED) is never shown.
    const deleted = json.parse<number[]>(r.roles, []).includes(PERSON_ROLE_DELETED);
    const pressed = Math.max(Number(r.last_press ?? 0), lastPress.get(r.unit_id) ?? 0);
    const remote: Remote = {
      id: r.id,
      remote_id: r.remote_id,
      uid: r.unit_id,
      unit_name: r.unit_name,
      holder:
        r.pid !== null && !deleted
          ? { pid: r.pid, name: `${r.first_name ?? ''} ${r.surname ?? ''}`.trim() }
          : null,
      holder_name: r.holder_name,
      battery_state: (['ok', 'low'].includes(r.battery_state)
        ? r.battery_state
        : 'unknown') as Remote['battery_state'],
      last_press: pressed ? iso(pressed) : null,
    };
    return { remote, clientId: r.client_id };
  });
}

/** A remote on a unit the user may see, or 'Remote not found'. */
async function findRemote(ctx: TaskContext, id: number) {
  const [found] = await readRemotes(ctx, { id });
  if (!found) throw notFound('Remote');
  return found;
}

const getRemotes = defineTask({
  name: 'get_remotes',
  roles: REMOTE_READ_ROLES,
  probe: (f) => ({ uid: f.uid }),
  async handler(ctx, p) {
    return { remotes: (await readRemotes(ctx, { uid: p.uid })).map((r) => r.remote) };
  },
});

/** How many of a remote's presses get_remote answers, newest first. */
export const REMOTE_PRESSES = 20;

const getRemote = defineTask({
  name: 'get_remote',
  roles: REMOTE_READ_ROLES,
  probe: (f) => ({ id: f.remote }),
  async handler(ctx, p) {
    const { remote } = await findRemote(ctx, p.id);
    const rows = await ctx.tenant
      .selectFrom('device_events')
      .select(['id', 'time', 'lat', 'lon'])
      .where('unit_id', '=', remote.uid)
      .where('type', '=', PANIC_EVENT)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(REMOTE_PRESSES)
      .execute();
    return {
      remote,
      presses: rows.map((r) => ({
        id: Number(r.id),
        time: iso(Number(r.time)),
        lat: r.lat,
        lon: r.lon,
      })),
    };
  },
});

const setRemote = defineTask({
  name: 'set_remote',
  roles: REMOTE_WRITE_ROLES,
  entityType: 'Remote',
  probe: (f) => ({ id: f.remote, remote_id: 'PROBE-1', uid: f.uid, holder_pid: f.pid }),
  async handler(ctx, p) {
    const existing = p.id !== undefined ? await findRemote(ctx, p.id) : undefined;
    const unit = await ctx.tenant
      .units()
      .select(['units.uid', 'units.client_id', 'units.name'])
      .where('units.uid', '=', p.uid)
      .executeTakeFirst();
    // A remote stays with its client: support staff cannot move it to another client's unit.
    if (!unit || (existing && existing.clientId !== unit.client_id)) {
      throw new TaskError('uid: Unit not found');
    }
    const clientId = unit.client_id;
    let clash = ctx.tenant
      .selectFrom('remotes')
      .select('id')
      .where('client_id', '=', clientId)
      .where(sql`lower(remote_id)`, '=', p.remote_id.toLowerCase());
    if (existing) clash = clash.where('id', '!=', existing.remote.id);
    if (await clash.executeTakeFirst()) throw new TaskError(REMOTE_ID_TAKEN);
    const holder =
      p.holder_pid !== undefined && p.holder_pid !== null
        ? await personOf(ctx, clientId, p.holder_pid, 'holder_pid')
        : null;
    const time = now();
    const fields = {
      remote_id: p.remote_id,
      unit_id: unit.uid,
      holder_pid:
        p.holder_pid === undefined ? (existing?.remote.holder?.pid ?? null) : p.holder_pid,
      holder_name: p.holder_name ?? existing?.remote.holder_name ?? '',
      battery_state: p.battery_state ?? existing?.remote.battery_state ?? 'unknown',
      updated: time,
    };
    let id: number;
    if (existing) {
      id = existing.remote.id;
      await ctx.tenant.updateTable('remotes').set(fields).where('id', '=', id).execute();
    } else {
      const row = await ctx.tenant
        .insertInto('remotes', clientId)
        .values({ ...fields, last_press: null, created: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    // The pipeline reads whether a unit has a remote with the unit (registry.ts): the unit it left
    // and the one it joined are looked up again.
    const moved = existing && existing.remote.uid !== unit.uid ? existing.remote.uid : null;
    ctx.afterCommit(() => {
      ctx.services.bus.publish('unit_device_changed', { uid: unit.uid });
      if (moved !== null) ctx.services.bus.publish('unit_device_changed', { uid: moved });
    });
    const held = holder?.name ?? fields.holder_name;
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Remote',
      entityId: id,
      description: `Remote ${p.remote_id} ${existing ? 'edited' : 'added'}: on ${unit.name}${
        held ? `, held by ${held}` : ''
      }`,
    });
    return { remote: (await findRemote(ctx, id)).remote };
  },
});

const deleteRemote = defineTask({
  name: 'delete_remote',
  roles: REMOTE_WRITE_ROLES,
  entityType: 'Remote',
  probe: (f) => ({ id: f.remote }),
  async handler(ctx, p) {
    const { remote } = await findRemote(ctx, p.id);
    await ctx.tenant.deleteFrom('remotes').where('id', '=', remote.id).execute();
    ctx.afterCommit(() => ctx.services.bus.publish('unit_device_changed', { uid: remote.uid }));
    ctx.changeLog({
      action: 'D',
      entityType: 'Remote',
      entityId: remote.id,
      description: `Remote ${remote.remote_id} deleted (was on ${remote.unit_name})`,
    });
    return {};
  },
});

export const remoteTasks = [getRemotes, getRemote, setRemote, deleteRemote];
