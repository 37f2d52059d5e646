// Rules as stored and as answered (SPEC §3 Rule): the JSON text columns, the window in minutes, and
// the units a rule applies to now, resolved from its apply_type (all, units, labels, fleet) with the
// units whose service type cannot trigger it (SPEC §6) picked out for the label warning (SPEC §5).
import type { Selectable } from 'kysely';
import {
  formatRuleTime,
  ruleTypeName,
  serviceTypeSupportsRule,
  type ApplyType,
  type Rule,
  type RuleTypeKey,
} from '@fleet/common';
import { json } from '../db';
import type { RulesTable } from '../db/types';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { labelsOf } from './system';

export type RuleRow = Selectable<RulesTable>;

const numbers = (text: string): number[] =>
  json.parse<unknown[]>(text, []).filter((v): v is number => typeof v === 'number');
const strings = (text: string): string[] =>
  json.parse<unknown[]>(text, []).filter((v): v is string => typeof v === 'string');

/** A rule the user may see, or 'Rule not found' (another client's rid answers the same). */
export async function findRule(ctx: TaskContext, rid: number): Promise<RuleRow> {
  const row = await ctx.tenant
    .selectFrom('rules')
    .selectAll()
    .where('rid', '=', rid)
    .executeTakeFirst();
  if (!row) throw notFound('Rule');
  return row;
}

interface ClientUnits {
  /** uid → service type, every unit of the client */
  service: Map<number, string>;
  tagUnits: Map<number, number[]>;
  fleetUnits: Map<number, number[]>;
}

/** What resolving these rules needs: their clients' units and the labels and fleets they name. */
async function loadUnitsFor(ctx: TaskContext, rows: readonly RuleRow[]) {
  const clients = [...new Set(rows.map((r) => r.client_id))];
  const tagIds = new Set<number>();
  const fleetIds = new Set<number>();
  for (const r of rows) {
    if (r.apply_type === 'tags') numbers(r.apply_to).forEach((t) => tagIds.add(t));
    if (r.apply_type === 'fleet' && r.fid !== null) fleetIds.add(Number(r.fid));
  }
  const byClient = new Map<number, ClientUnits>(
    clients.map((c) => [c, { service: new Map(), tagUnits: new Map(), fleetUnits: new Map() }]),
  );
  if (!clients.length) return byClient;
  const units = await ctx.tenant
    .selectFrom('units')
    .select(['uid', 'client_id', 'service_type'])
    .where('client_id', 'in', clients)
    .orderBy('uid')
    .execute();
  for (const u of units) byClient.get(u.client_id)?.service.set(u.uid, u.service_type);
  if (tagIds.size) {
    const links = await ctx.tenant
      .selectFrom('unit_tags')
      .select(['tag_id', 'unit_id', 'client_id'])
      .where('tag_id', 'in', [...tagIds])
      .execute();
    for (const l of links) {
      const m = byClient.get(l.client_id)?.tagUnits;
      if (m) m.set(l.tag_id, [...(m.get(l.tag_id) ?? []), l.unit_id]);
    }
  }
  if (fleetIds.size) {
    const links = await ctx.tenant
      .selectFrom('fleet_units')
      .select(['fleet_id', 'unit_id', 'client_id'])
      .where('fleet_id', 'in', [...fleetIds])
      .execute();
    for (const l of links) {
      const m = byClient.get(l.client_id)?.fleetUnits;
      if (m) m.set(l.fleet_id, [...(m.get(l.fleet_id) ?? []), l.unit_id]);
    }
  }
  return byClient;
}

/** The units a rule applies to now, among its client's units, in uid order. */
function resolveUids(r: RuleRow, c: ClientUnits): number[] {
  const all = [...c.service.keys()];
  if (r.apply_type === 'all') return all;
  let chosen = new Set<number>();
  if (r.apply_type === 'units') chosen = new Set(numbers(r.apply_to));
  if (r.apply_type === 'tags')
    for (const t of numbers(r.apply_to)) (c.tagUnits.get(t) ?? []).forEach((u) => chosen.add(u));
  if (r.apply_type === 'fleet' && r.fid !== null)
    (c.fleetUnits.get(Number(r.fid)) ?? []).forEach((u) => chosen.add(u));
  return all.filter((u) => chosen.has(u));
}

function ruleFromRow(r: RuleRow, c: ClientUnits): Rule {
  const uids = resolveUids(r, c);
  return {
    rid: r.rid,
    cgid: r.client_id,
    fid: r.fid === null ? null : Number(r.fid),
    name: r.name,
    type: r.type as RuleTypeKey,
    type_name: ruleTypeName(r.type),
    apply_type: r.apply_type as ApplyType,
    apply_to: numbers(r.apply_to),
    param: json.parse<Record<string, unknown>>(r.param, {}),
    emails: strings(r.emails),
    sms: strings(r.sms),
    phones: strings(r.phones),
    uids,
    unsupported_uids: uids.filter((u) => !serviceTypeSupportsRule(c.service.get(u) ?? '', r.type)),
    days: numbers(r.days),
    start: formatRuleTime(Number(r.start_min)),
    end: formatRuleTime(Number(r.end_min)),
    active: Number(r.active) === 1,
    created: iso(Number(r.created)),
    updated: iso(Number(r.updated)),
  };
}

/** Stored rules as the API answers them, each with its resolved units. */
export async function rulesFromRows(ctx: TaskContext, rows: readonly RuleRow[]): Promise<Rule[]> {
  const units = await loadUnitsFor(ctx, rows);
  const none: ClientUnits = { service: new Map(), tagUnits: new Map(), fleetUnits: new Map() };
  return rows.map((r) => ruleFromRow(r, units.get(r.client_id) ?? none));
}

export async function ruleFromStored(ctx: TaskContext, row: RuleRow): Promise<Rule> {
  return (await rulesFromRows(ctx, [row]))[0];
}

/** The ids among `ids` that the query does not find; an empty list when all are there. */
async function missing(ids: readonly number[], found: () => Promise<{ id: number }[]>) {
  if (!ids.length) return [];
  const seen = new Set((await found()).map((r) => Number(r.id)));
  return ids.filter((id) => !seen.has(id));
}

/**
 * Refuses a rule that names something its client does not have: a location, a route, a unit the
 * user cannot see, a label or a fleet. Another client's id answers exactly like a missing one.
 */
export async function checkRuleReferences(
  ctx: TaskContext,
  clientId: number,
  p: {
    type: RuleTypeKey;
    apply_type: ApplyType;
    apply_to: readonly number[];
    fid?: number | null;
    param: Record<string, unknown>;
  },
): Promise<void> {
  const lids: number[] = [];
  if (typeof p.param.lid === 'number') lids.push(p.param.lid);
  const paramLids = Array.isArray(p.param.lids) ? (p.param.lids as number[]) : [];
  const locations = async (ids: number[]) =>
    missing(ids, () =>
      ctx.tenant
        .selectFrom('locations')
        .select('lid as id')
        .where('client_id', '=', clientId)
        .where('lid', 'in', ids)
        .execute(),
    );
  if ((await locations(lids)).length) throw new TaskError('param.lid: location not found');
  if ((await locations(paramLids)).length) throw new TaskError('param.lids: location not found');
  if (typeof p.param.roid === 'number') {
    const gone = await missing([p.param.roid], () =>
      ctx.tenant
        .selectFrom('routes')
        .select('roid as id')
        .where('client_id', '=', clientId)
        .where('roid', '=', p.param.roid as number)
        .execute(),
    );
    if (gone.length) throw new TaskError('param.roid: route not found');
  }
  if (p.apply_type === 'units') {
    const gone = await missing(p.apply_to, () =>
      ctx.tenant
        .units()
        .select('units.uid as id')
        .where('units.client_id', '=', clientId)
        .where('units.uid', 'in', [...p.apply_to])
        .execute(),
    );
    if (gone.length) throw new TaskError('apply_to: unit not found');
  }
  if (p.apply_type === 'tags') {
    const gone = await missing(p.apply_to, () =>
      // The client's own labels and the global ones (support staff write those for every client).
      labelsOf(ctx, clientId)
        .select('tgid as id')
        .where('tgid', 'in', [...p.apply_to])
        .execute(),
    );
    if (gone.length) throw new TaskError('apply_to: label not found');
  }
  if (p.apply_type === 'fleet' && p.fid !== undefined && p.fid !== null) {
    const fid = p.fid;
    const gone = await missing([fid], () =>
      ctx.tenant
        .selectFrom('fleets')
        .select('fid as id')
        .where('client_id', '=', clientId)
        .where('fid', '=', fid)
        .execute(),
    );
    if (gone.length) throw new TaskError('fid: fleet not found');
  }
}
