// The client's unit issues (issue 12): each visible unit with what is wrong with it, judged by
// domain/unit-issues.ts from three reads: the units with their state, the power cuts of the last
// day, and (only when a unit reports a tag no one has) the client's driver tags.
import { PERSON_ROLE_DELETED, type SilentUnitIssue } from '@fleet/common';
import { json } from '../db';
import { tagKey } from '../domain/driver-tags';
import { unitIssues } from '../domain/unit-issues';
import type { TaskContext } from './context';

const DAY_MS = 86_400_000;

/**
 * The issues of every unit the user may see, by unit name: a client user's own units, a support
 * user's units of every client (each issue naming its client).
 */
export async function clientUnitIssues(ctx: TaskContext, now: number): Promise<SilentUnitIssue[]> {
  const units = await ctx.tenant
    .units()
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select([
      'units.uid',
      'units.client_id',
      'clients.name as client_name',
      'units.name',
      'units.reg',
      'units.device_id',
      'units.protocol',
      'units.service_type',
      'unit_state.fix_time',
      'unit_state.server_time',
      'unit_state.power',
      'unit_state.driver_id',
      'unit_state.attributes',
    ])
    .orderBy('units.name')
    .orderBy('units.uid')
    .execute();
  if (!units.length) return [];

  // The last power cut and restore of each unit within the day (the client's events of a day).
  const power = await ctx.tenant
    .selectFrom('device_events')
    .select(['unit_id', 'type', (eb) => eb.fn.max('time').as('at')])
    .where('type', 'in', ['power_cut', 'supply_cut', 'power_restored'])
    .where('time', '>=', now - DAY_MS)
    .groupBy(['unit_id', 'type'])
    .execute();
  const cuts = new Map<number, number>();
  const restores = new Map<number, number>();
  for (const e of power) {
    // A cut supply wire is a power cut to the fleet manager; the later of the two counts.
    const into = e.type === 'power_restored' ? restores : cuts;
    into.set(e.unit_id, Math.max(into.get(e.unit_id) ?? 0, Number(e.at)));
  }

  const attributes = new Map(
    units.map((u) => [u.uid, json.parse<Record<string, unknown>>(u.attributes, {})]),
  );
  // A tag the pipeline could not name (the unit has a tag and no current driver).
  const tagOf = (u: (typeof units)[number]): string | null => {
    const tag = attributes.get(u.uid)!.driverUniqueId;
    return u.driver_id === null && typeof tag === 'string' && tag !== '' ? tag : null;
  };
  const known = units.some((u) => tagOf(u) !== null)
    ? await knownTags(ctx)
    : new Map<number, Set<string>>();
  // Support staff see every client's units: each issue says whose unit it is.
  const support = ctx.tenant.isSupport;

  return units.flatMap((u) => {
    const cut = cuts.get(u.uid) ?? null;
    const restored = cut !== null && (restores.get(u.uid) ?? 0) >= cut;
    const tag = tagOf(u);
    const issues = unitIssues(
      {
        ...u,
        fix_time: u.fix_time === null ? null : Number(u.fix_time),
        server_time: u.server_time === null ? null : Number(u.server_time),
        power: u.power === null ? null : Number(u.power),
        attributes: attributes.get(u.uid)!,
        powerCutAt: restored ? null : cut,
        unknownTag: tag !== null && !known.get(u.client_id)?.has(tagKey(tag)) ? tag : null,
      },
      now,
    );
    return support ? issues.map((i) => ({ ...i, client_name: u.client_name })) : issues;
  });
}

/**
 * The comparison keys of the driver tags of each client the user sees (deleted people have none):
 * a tag is known only to the client of the person who carries it.
 */
async function knownTags(ctx: TaskContext): Promise<Map<number, Set<string>>> {
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['client_id', 'driver_tag', 'roles'])
    .where('driver_tag', 'is not', null)
    .execute();
  const known = new Map<number, Set<string>>();
  for (const r of rows) {
    if (!r.driver_tag || json.parse<number[]>(r.roles, []).includes(PERSON_ROLE_DELETED)) continue;
    let set = known.get(r.client_id);
    if (!set) known.set(r.client_id, (set = new Set()));
    set.add(tagKey(r.driver_tag));
  }
  return known;
}
