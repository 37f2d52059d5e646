// The client's labels and fleets as rules pick units by them (issue 11), with the global labels
// every client sees (issue 12; their writes are in tags-write.ts and fleets.ts). SPEC §4 sorting:
// by name, global labels last.
import { sql } from 'kysely';
import {
  labelWarning,
  serviceTypeSupportsRule,
  type LabelWarning,
  type Role,
  type RuleTypeKey,
  type Tag,
} from '@fleet/common';
import { json } from '../db';
import type { TaskContext } from './context';
import { containsPattern } from './locations';
import { labelsOf } from './system';
import { tagRef } from './vehicle-rows';
import { defineTask } from './registry';
import { countRows, listAnswer, pageOf } from './paging';

export const TAG_READ_ROLES: readonly Role[] = [
  'feature_rules_view',
  'feature_rules_edit',
  'feature_tags_view',
  'feature_tags_edit',
  'feature_fleets_view',
  'user_support',
];

/** Units per label or fleet, among the units the user may see, in uid order. */
function unitsBy(
  links: { owner: number; unit: number }[],
  owners: number[],
): Map<number, number[]> {
  const out = new Map<number, number[]>(owners.map((o) => [o, []]));
  for (const l of links.sort((a, b) => a.unit - b.unit)) out.get(l.owner)?.push(l.unit);
  return out;
}

/** Labels as the API answers them, each with the units the user may see that carry it. */
export async function withMembers(
  ctx: TaskContext,
  rows: { tgid: number; name: string; colour: string; is_global: number }[],
): Promise<Tag[]> {
  const ids = rows.map((r) => r.tgid);
  // unit_tags rows carry their unit's client: the tenant filter keeps the caller's units.
  const links = ids.length
    ? await ctx.tenant
        .selectFrom('unit_tags')
        .select(['tag_id as owner', 'unit_id as unit'])
        .where('tag_id', 'in', ids)
        .where('unit_id', 'in', ctx.tenant.units().select('units.uid'))
        .execute()
    : [];
  const uids = unitsBy(links, ids);
  return rows.map((r) => ({ ...tagRef(r), uids: uids.get(r.tgid) ?? [] }));
}

const getTags = defineTask({
  name: 'get_tags',
  roles: TAG_READ_ROLES,
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    // The client's labels and the global ones (SPEC §3 Tag is_global), global ones last.
    let q = labelsOf(ctx);
    const search = p.search?.trim();
    if (search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .selectAll()
      .orderBy('is_global')
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('tgid')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('tags', await withMembers(ctx, rows), count, p.page_size);
  },
});

const getFleets = defineTask({
  name: 'get_fleets',
  roles: TAG_READ_ROLES,
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('fleets');
    const search = p.search?.trim();
    if (search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('fid')
      .limit(limit)
      .offset(offset)
      .execute();
    const ids = rows.map((r) => r.fid);
    const links = ids.length
      ? await ctx.tenant
          .selectFrom('fleet_units')
          .select(['fleet_id as owner', 'unit_id as unit'])
          .where('fleet_id', 'in', ids)
          .where('unit_id', 'in', ctx.tenant.units().select('units.uid'))
          .execute()
      : [];
    const uids = unitsBy(links, ids);
    const fleets = rows.map((r) => ({ fid: r.fid, name: r.name, uids: uids.get(r.fid) ?? [] }));
    return listAnswer('fleets', fleets, count, p.page_size);
  },
});

/**
 * SPEC §5: a label applied to a unit that a rule of an unsupported type uses. The labels page asks
 * before it assigns a label; every rule that picks units by this label and every named unit whose
 * service type cannot trigger the rule's type gives one warning.
 */
const getWarnings = defineTask({
  name: 'get_warnings',
  roles: TAG_READ_ROLES,
  probe: (f) => ({ tgid: f.tgid, uids: [f.uid] }),
  async handler(ctx, p) {
    const units = await ctx.tenant
      .units()
      .select(['units.uid', 'units.name', 'units.service_type', 'units.client_id'])
      .where('units.uid', 'in', p.uids)
      .orderBy('units.name')
      .execute();
    if (!units.length) return { warnings: [] };
    const rules = await ctx.tenant
      .selectFrom('rules')
      .select(['rid', 'name', 'type', 'apply_to', 'client_id'])
      .where('apply_type', '=', 'tags')
      .where('active', '=', 1)
      .orderBy('name')
      .execute();
    const warnings: LabelWarning[] = [];
    for (const r of rules) {
      if (!json.parse<number[]>(r.apply_to, []).includes(p.tgid)) continue;
      for (const u of units) {
        if (u.client_id !== r.client_id || serviceTypeSupportsRule(u.service_type, r.type))
          continue;
        warnings.push({
          uid: u.uid,
          unit_name: u.name,
          rid: r.rid,
          rule_name: r.name,
          type: r.type as RuleTypeKey,
          message: labelWarning(u.name, r.type),
        });
      }
    }
    return { warnings };
  },
});

export const tagTasks = [getTags, getFleets, getWarnings];
