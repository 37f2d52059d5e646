// Labels (issue 12, SPEC §3 Tag): one label, its writes and the labels of one unit. A global label
// (is_global) is written by support staff once for every client: each client sees it, and assigns
// it to its own units; a unit_tags row always carries its unit's client. Rules pick units by
// label, so every change of who carries a label tells the pipeline (rules_changed).
import { sql } from 'kysely';
import type { Role } from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { assertUnitsOf } from './fleets';
import { defineTask } from './registry';
import { rulesChanged } from './rules';
import { labelsOf } from './system';
import { TAG_READ_ROLES, withMembers } from './tags';
import { labelsOfUnits } from './vehicle-rows';

const TAG_WRITE_ROLES: readonly Role[] = ['feature_tags_edit', 'user_support'];
/** The labels of one vehicle: from the labels page and from the vehicle's edit page. */
const UNIT_TAG_ROLES: readonly Role[] = [
  'feature_tags_edit',
  'feature_vehicles_edit',
  'user_support',
];

export const DEFAULT_TAG_COLOUR = '#1677ff';
export const TAG_NAME_TAKEN = 'name: a label with this name already exists';

/** A label the user may see (the client's or a global one), or 'Label not found'. */
async function findTag(ctx: TaskContext, tgid: number) {
  const row = await labelsOf(ctx).selectAll().where('tgid', '=', tgid).executeTakeFirst();
  if (!row) throw notFound('Label');
  return row;
}

const isGlobal = (row: { is_global: number }) => Number(row.is_global) === 1;
const listNames = (names: string[]) => (names.length ? names.join(', ') : 'none');

/**
 * Gives a unit exactly these labels (its client's or global ones) and writes the 'Assign Tags'
 * change-log row; the label names before and after, or null when nothing changed.
 */
export async function replaceUnitLabels(
  ctx: TaskContext,
  unit: { uid: number; client_id: number; name: string },
  tgids: readonly number[],
): Promise<{ before: string[]; after: string[] } | null> {
  const wanted = [...new Set(tgids)];
  const usable = wanted.length
    ? await labelsOf(ctx, unit.client_id)
        .select(['tgid', 'name'])
        .where('tgid', 'in', wanted)
        .orderBy(sql`lower(name)`)
        .execute()
    : [];
  if (usable.length !== wanted.length) throw new TaskError('tgids: Label not found');
  const current = (await labelsOfUnits(ctx, [unit.uid])).get(unit.uid) ?? [];
  const currentIds = current.map((t) => t.tgid);
  const add = wanted.filter((t) => !currentIds.includes(t));
  const remove = currentIds.filter((t) => !wanted.includes(t));
  if (!add.length && !remove.length) return null;
  if (remove.length) {
    await ctx.tenant
      .deleteFrom('unit_tags')
      .where('unit_id', '=', unit.uid)
      .where('tag_id', 'in', remove)
      .execute();
  }
  if (add.length) {
    await ctx.tenant
      .insertInto('unit_tags', unit.client_id)
      .values(add.map((tgid) => ({ tag_id: tgid, unit_id: unit.uid })))
      .execute();
  }
  rulesChanged(ctx, unit.client_id);
  const change = { before: current.map((t) => t.name), after: usable.map((t) => t.name) };
  ctx.changeLog({
    action: 'E',
    entityType: 'Assign Tags',
    entityId: unit.uid,
    description: `${unit.name}: labels ${listNames(change.before)} → ${listNames(change.after)}`,
  });
  return change;
}

/**
 * Gives a label exactly these carriers among the units the user may see (units the user cannot
 * see keep theirs). Each new row carries its unit's client; every client concerned is told.
 */
async function replaceCarriers(
  ctx: TaskContext,
  tag: { tgid: number; client_id: number; is_global: number },
  uids: readonly number[],
): Promise<{ added: number; removed: number }> {
  const wanted = [...new Set(uids)];
  // A client's label goes on that client's units only; a global one on any unit the user sees.
  await assertUnitsOf(ctx, isGlobal(tag) ? null : tag.client_id, wanted, 'uids');
  const current = await ctx.tenant
    .selectFrom('unit_tags')
    .select(['unit_id', 'client_id'])
    .where('tag_id', '=', tag.tgid)
    .where('unit_id', 'in', ctx.tenant.units().select('units.uid'))
    .execute();
  const currentIds = current.map((c) => c.unit_id);
  const add = wanted.filter((u) => !currentIds.includes(u));
  const removed = current.filter((c) => !wanted.includes(c.unit_id));
  const clients = new Set(removed.map((r) => r.client_id));
  if (removed.length) {
    await ctx.tenant
      .deleteFrom('unit_tags')
      .where('tag_id', '=', tag.tgid)
      .where(
        'unit_id',
        'in',
        removed.map((r) => r.unit_id),
      )
      .execute();
  }
  if (add.length) {
    const units = await ctx.tenant
      .units()
      .select(['units.uid', 'units.client_id'])
      .where('units.uid', 'in', add)
      .execute();
    for (const client of new Set(units.map((u) => u.client_id))) {
      clients.add(client);
      await ctx.tenant
        .insertInto('unit_tags', client)
        .values(
          units
            .filter((u) => u.client_id === client)
            .map((u) => ({ tag_id: tag.tgid, unit_id: u.uid })),
        )
        .execute();
    }
  }
  for (const client of clients) rulesChanged(ctx, client);
  return { added: add.length, removed: removed.length };
}

/** Support staff making a global label a client's again: other clients' units lose it. */
async function dropOtherClients(ctx: TaskContext, tgid: number, owner: number): Promise<void> {
  const others = await ctx.tenant
    .selectFrom('unit_tags')
    .select('client_id')
    .distinct()
    .where('tag_id', '=', tgid)
    .where('client_id', '!=', owner)
    .execute();
  if (!others.length) return;
  await ctx.tenant
    .deleteFrom('unit_tags')
    .where('tag_id', '=', tgid)
    .where('client_id', '!=', owner)
    .execute();
  for (const o of others) rulesChanged(ctx, o.client_id);
}

/** Support staff alone create, edit and delete global labels (a client user may assign them). */
function checkGlobalEdit(
  ctx: TaskContext,
  existing: { name: string; colour: string; is_global: number } | undefined,
  p: { name: string; colour?: string; is_global?: boolean },
): void {
  if (ctx.tenant.isSupport) return;
  const wasGlobal = existing ? isGlobal(existing) : false;
  if (p.is_global && !wasGlobal) {
    throw new TaskError('is_global: only support staff create global labels');
  }
  if (!wasGlobal || !existing) return;
  if (p.is_global === false)
    throw new TaskError('is_global: only support staff edit global labels');
  const recoloured =
    p.colour !== undefined && p.colour.toLowerCase() !== existing.colour.toLowerCase();
  if (p.name !== existing.name || recoloured) {
    throw new TaskError(`${recoloured ? 'colour' : 'name'}: only support staff edit global labels`);
  }
}

const getTag = defineTask({
  name: 'get_tag',
  roles: TAG_READ_ROLES,
  probe: (f) => ({ tgid: f.tgid }),
  async handler(ctx, p) {
    const [tag] = await withMembers(ctx, [await findTag(ctx, p.tgid)]);
    return { tag };
  },
});

const setTag = defineTask({
  name: 'set_tag',
  roles: TAG_WRITE_ROLES,
  entityType: 'Tag',
  probe: (f) => ({ tgid: f.tgid, name: 'Probe', colour: '#000000', uids: [f.uid] }),
  async handler(ctx, p) {
    const existing = p.tgid !== undefined ? await findTag(ctx, p.tgid) : undefined;
    checkGlobalEdit(ctx, existing, p);
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    let dupes = labelsOf(ctx, clientId)
      .select('tgid')
      .where(sql`lower(name)`, '=', p.name.toLowerCase());
    if (existing) dupes = dupes.where('tgid', '!=', existing.tgid);
    if (await dupes.executeTakeFirst()) throw new TaskError(TAG_NAME_TAKEN);
    const time = now();
    const fields = {
      name: p.name,
      colour: p.colour ?? existing?.colour ?? DEFAULT_TAG_COLOUR,
      is_global: (p.is_global ?? (existing ? isGlobal(existing) : false)) ? 1 : 0,
      updated: time,
    };
    let tgid: number;
    if (existing) {
      tgid = existing.tgid;
      // A client user assigning a global label changes its carriers only (checkGlobalEdit).
      if (ctx.tenant.isSupport || !isGlobal(existing)) {
        await ctx.tenant.updateTable('tags').set(fields).where('tgid', '=', tgid).execute();
      }
      if (isGlobal(existing) && !fields.is_global) await dropOtherClients(ctx, tgid, clientId);
    } else {
      const row = await ctx.tenant
        .insertInto('tags', clientId)
        .values({ ...fields, created: time })
        .returning('tgid')
        .executeTakeFirstOrThrow();
      tgid = row.tgid;
    }
    const carriers =
      p.uids !== undefined
        ? await replaceCarriers(
            ctx,
            { tgid, client_id: clientId, is_global: fields.is_global },
            p.uids,
          )
        : null;
    const global = fields.is_global ? 'global label' : 'Label';
    const renamed = existing && existing.name !== p.name ? ` (was ${existing.name})` : '';
    const members = carriers
      ? `: ${carriers.added} vehicles added, ${carriers.removed} removed`
      : '';
    ctx.changeLog({
      action: existing ? 'E' : 'I',
      entityType: 'Tag',
      entityId: tgid,
      description: `${existing ? '' : 'New '}${global} ${p.name}${renamed}${members}`,
    });
    const [tag] = await withMembers(ctx, [await findTag(ctx, tgid)]);
    return { tag };
  },
});

const deleteTag = defineTask({
  name: 'delete_tag',
  roles: TAG_WRITE_ROLES,
  entityType: 'Tag',
  probe: (f) => ({ tgid: f.tgid }),
  async handler(ctx, p) {
    const row = await findTag(ctx, p.tgid);
    if (isGlobal(row) && !ctx.tenant.isSupport) {
      throw new TaskError('tgid: only support staff delete global labels');
    }
    const carriers = await ctx.tenant
      .selectFrom('unit_tags')
      .select('client_id')
      .distinct()
      .where('tag_id', '=', row.tgid)
      .execute();
    await ctx.tenant.deleteFrom('unit_tags').where('tag_id', '=', row.tgid).execute();
    await ctx.tenant.deleteFrom('tags').where('tgid', '=', row.tgid).execute();
    for (const client of new Set([row.client_id, ...carriers.map((c) => c.client_id)])) {
      rulesChanged(ctx, client);
    }
    ctx.changeLog({
      action: 'D',
      entityType: 'Tag',
      entityId: row.tgid,
      description: `${isGlobal(row) ? 'Global label' : 'Label'} ${row.name} deleted`,
    });
    return {};
  },
});

const setUnitTags = defineTask({
  name: 'set_unit_tags',
  roles: UNIT_TAG_ROLES,
  entityType: 'Assign Tags',
  probe: (f) => ({ uid: f.uid, tgids: [f.tgid] }),
  async handler(ctx, p) {
    const unit = await ctx.tenant.assertUnit(p.uid);
    const change = await replaceUnitLabels(ctx, unit, p.tgids);
    if (!change) {
      ctx.changeLog({
        action: 'E',
        entityType: 'Assign Tags',
        entityId: unit.uid,
        description: `${unit.name}: labels unchanged`,
      });
    }
    return { uid: unit.uid, tags: (await labelsOfUnits(ctx, [unit.uid])).get(unit.uid) ?? [] };
  },
});

export const tagWriteTasks = [getTag, setTag, deleteTag, setUnitTags];
