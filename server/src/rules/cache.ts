// The rules the pipeline runs, compiled once per client (like the place index of
// pipeline/places-index.ts): loaded with a batch's clients before its synchronous stages, dropped
// when the bus says the client's rules changed (rules_changed: set_rule, delete_rule, labels,
// fleets, panic settings, time zone). A compiled client holds its active rules with their parsed
// parameters, windows and recipients, the units each applies to (SPEC §3 apply_type: all, units,
// tags, fleet), the client's time zone, and its panic notification recipients. Which rules a unit
// runs is resolved once per unit and kept: only rules whose type the unit's service type supports
// (SPEC §6, serviceTypeSupportsRule). A client without rules costs one flag test per unit and batch.
import type { Kysely } from 'kysely';
import {
  RULE_PARAMS,
  RULE_TYPE_BY_KEY,
  serviceTypeSupportsRule,
  type RuleTypeKey,
} from '@fleet/common';
import type { Database } from '../db';
import type { UnitInfo } from '../pipeline/runtime';
import { EVALUATORS } from './evaluators';
import type { CompiledRule, Evaluator, Evaluators } from './types';
import { DEFAULT_ZONE, ZoneClock, dayMask } from './zone';

/** A compiled rule with what the engine needs per record. */
export interface EngineRule {
  rule: CompiledRule;
  evaluate: Evaluator;
  /** Bit (day - 1) per day of the rule's window. */
  days: number;
  /** Every day, 0:00 to 24:00: always inside the window. */
  always: boolean;
  /** The units it applies to; null: every unit of the client. */
  units: ReadonlySet<number> | null;
  /**
   * Its evaluator does nothing on a record without events (it reads events only, and no memory):
   * the engine skips it for most records.
   */
  eventsOnly: boolean;
}

/** Types whose evaluators (evaluators/events.ts, places.ts) read nothing but the record's events. */
const EVENTS_ONLY: ReadonlySet<RuleTypeKey> = new Set([
  'battery_tampering',
  'immobiliser_bypass',
  'power_restored',
]);

function eventsOnly(rule: CompiledRule): boolean {
  if (EVENTS_ONLY.has(rule.type)) return true;
  // Location enter and exit are its events; inside for too long reads the places memory.
  return rule.type === 'location' && (rule as CompiledRule<'location'>).param.trigger !== 'inside';
}

export function engineRule(
  rule: CompiledRule,
  evaluate: Evaluator,
  units: ReadonlySet<number> | null = null,
): EngineRule {
  const days = dayMask(rule.days);
  return {
    rule,
    evaluate,
    days,
    always: days === 0x7f && rule.start <= 0 && rule.end >= 1440,
    units,
    // Only for the evaluators known to be so (tests pass evaluators of their own).
    eventsOnly: evaluate === EVALUATORS[rule.type] && eventsOnly(rule),
  };
}

export interface PanicRecipients {
  emails: readonly string[];
  sms: readonly string[];
}

const NONE: readonly EngineRule[] = [];

export class ClientRules {
  readonly empty: boolean;
  readonly rids: ReadonlySet<number>;
  private readonly byUnit = new Map<
    number,
    { serviceType: string; rules: readonly EngineRule[] }
  >();

  constructor(
    readonly clientId: number,
    readonly zone: ZoneClock,
    readonly rules: readonly EngineRule[],
    readonly panic: PanicRecipients | null,
    /** Each vehicle's in-cab buzzer limit (set_speed_buzzer), km/h: Speed Buzzer rules judge by it. */
    readonly buzzerLimits: ReadonlyMap<number, number> = new Map(),
  ) {
    this.empty = rules.length === 0;
    this.rids = new Set(rules.map((r) => r.rule.rid));
  }

  /** The rules a unit runs (the same array while the unit's service type stays). */
  forUnit(info: UnitInfo): readonly EngineRule[] {
    if (this.empty) return NONE;
    const known = this.byUnit.get(info.uid);
    if (known && known.serviceType === info.serviceType) return known.rules;
    const mine: EngineRule[] = [];
    for (const r of this.rules) {
      if (r.units !== null && !r.units.has(info.uid)) continue;
      if (!serviceTypeSupportsRule(info.serviceType, r.rule.type)) continue;
      const own =
        r.rule.type === 'speed_buzzer' ? withBuzzerLimit(r, this.buzzerLimits.get(info.uid)) : r;
      if (own) mine.push(own);
    }
    const rules = mine.length ? mine : NONE;
    this.byUnit.set(info.uid, { serviceType: info.serviceType, rules });
    return rules;
  }
}

/**
 * A Speed Buzzer Violation rule as one vehicle runs it (issue 13): the vehicle's own buzzer limit
 * wins over the rule's, which is the fallback for vehicles without one; with neither the rule has
 * no limit to judge by and does not run for that vehicle.
 */
function withBuzzerLimit(r: EngineRule, vehicleLimit: number | undefined): EngineRule | null {
  const rule = r.rule as CompiledRule<'speed_buzzer'>;
  const limit = vehicleLimit ?? rule.param.limit;
  if (limit === undefined) return null;
  if (limit === rule.param.limit) return r;
  return { ...r, rule: { ...rule, param: { ...rule.param, limit } } };
}

function jsonList(text: string | null | undefined): unknown[] {
  try {
    const v = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

const strings = (text: string) => jsonList(text).filter((s): s is string => typeof s === 'string');
const ids = (text: string) =>
  jsonList(text)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

export interface RuleRow {
  rid: number;
  client_id: number;
  name: string;
  type: string;
  apply_type: string;
  apply_to: string;
  fid: number | null;
  param: string;
  emails: string;
  sms: string;
  phones: string;
  days: string;
  start_min: number;
  end_min: number;
}

/** A rule row as the engine runs it, or null when it cannot run (unknown type, bad parameters). */
export function compileRule(row: RuleRow): CompiledRule | null {
  const type = row.type as RuleTypeKey;
  const def = RULE_TYPE_BY_KEY[type];
  if (!def) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(row.param || '{}');
  } catch {
    return null;
  }
  const parsed = RULE_PARAMS[type].safeParse(raw);
  if (!parsed.success) return null;
  const days = ids(row.days).filter((d) => d <= 7);
  return {
    rid: Number(row.rid),
    clientId: Number(row.client_id),
    name: row.name,
    type,
    param: parsed.data as CompiledRule['param'],
    days,
    start: Number(row.start_min),
    end: Number(row.end_min),
    emails: strings(row.emails),
    sms: strings(row.sms),
    phones: strings(row.phones),
    callMe: def.callMe,
  };
}

export async function loadClientRules(
  db: Kysely<Database>,
  clientId: number,
  evaluators: Evaluators,
): Promise<ClientRules> {
  const client = await db
    .selectFrom('clients')
    .select('timezone')
    .where('cid', '=', clientId)
    .executeTakeFirst();
  const zone = new ZoneClock(client?.timezone || DEFAULT_ZONE);
  const panicRow = await db
    .selectFrom('panic_notification_settings')
    .select(['emails', 'sms'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const panic = panicRow ? { emails: strings(panicRow.emails), sms: strings(panicRow.sms) } : null;
  const rows = await db
    .selectFrom('rules')
    .select([
      'rid',
      'client_id',
      'name',
      'type',
      'apply_type',
      'apply_to',
      'fid',
      'param',
      'emails',
      'sms',
      'phones',
      'days',
      'start_min',
      'end_min',
    ])
    .where('client_id', '=', clientId)
    .where('active', '=', 1)
    .orderBy('rid')
    .execute();

  const tagIds = new Set<number>();
  const fleetIds = new Set<number>();
  for (const r of rows) {
    if (r.apply_type === 'tags') for (const t of ids(r.apply_to)) tagIds.add(t);
    if (r.apply_type === 'fleet' && r.fid !== null) fleetIds.add(Number(r.fid));
  }
  const byTag = new Map<number, Set<number>>();
  if (tagIds.size) {
    const tagged = await db
      .selectFrom('unit_tags')
      .select(['tag_id', 'unit_id'])
      .where('client_id', '=', clientId)
      .where('tag_id', 'in', [...tagIds])
      .execute();
    for (const t of tagged) {
      const tag = Number(t.tag_id);
      let set = byTag.get(tag);
      if (!set) byTag.set(tag, (set = new Set()));
      set.add(Number(t.unit_id));
    }
  }
  const byFleet = new Map<number, Set<number>>();
  if (fleetIds.size) {
    const members = await db
      .selectFrom('fleet_units')
      .select(['fleet_id', 'unit_id'])
      .where('client_id', '=', clientId)
      .where('fleet_id', 'in', [...fleetIds])
      .execute();
    for (const m of members) {
      const fid = Number(m.fleet_id);
      let set = byFleet.get(fid);
      if (!set) byFleet.set(fid, (set = new Set()));
      set.add(Number(m.unit_id));
    }
  }

  const rules: EngineRule[] = [];
  for (const row of rows) {
    const rule = compileRule(row);
    if (!rule || !rule.days.length || rule.end <= rule.start) continue;
    let units: Set<number> | null;
    switch (row.apply_type) {
      case 'all':
        units = null;
        break;
      case 'units':
        units = new Set(ids(row.apply_to));
        break;
      case 'tags':
        units = new Set();
        for (const t of ids(row.apply_to)) for (const u of byTag.get(t) ?? []) units.add(u);
        break;
      case 'fleet':
        units = row.fid === null ? new Set() : (byFleet.get(Number(row.fid)) ?? new Set());
        break;
      default:
        units = new Set();
    }
    if (units !== null && units.size === 0) continue;
    rules.push(engineRule(rule, evaluators[rule.type] as Evaluator, units));
  }
  const buzzerLimits = new Map<number, number>();
  if (rules.some((r) => r.rule.type === 'speed_buzzer')) {
    const limits = await db
      .selectFrom('unit_controls')
      .select(['unit_id', 'buzzer_limit'])
      .where('client_id', '=', clientId)
      .where('buzzer_limit', 'is not', null)
      .execute();
    for (const l of limits) buzzerLimits.set(Number(l.unit_id), Number(l.buzzer_limit));
  }
  return new ClientRules(clientId, zone, rules, panic, buzzerLimits);
}

/**
 * The compiled rules of the clients whose units the pipeline has seen. `load` answers a batch's
 * own snapshot; `invalidate` drops a client so its next batch loads it again; a change announced
 * while a load is under way makes that load start over (as PlaceCache does).
 */
export class RuleCache {
  private readonly cache = new Map<number, ClientRules>();
  private readonly generation = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly evaluators: Evaluators = EVALUATORS,
  ) {}

  invalidate(clientId: number): void {
    this.cache.delete(clientId);
    this.generation.set(clientId, (this.generation.get(clientId) ?? 0) + 1);
  }

  async load(clientIds: Iterable<number>): Promise<Map<number, ClientRules>> {
    const out = new Map<number, ClientRules>();
    for (const cid of clientIds) {
      let rules = this.cache.get(cid);
      for (let attempt = 0; !rules; attempt++) {
        const gen = this.generation.get(cid) ?? 0;
        const loaded = await loadClientRules(this.db, cid, this.evaluators);
        if ((this.generation.get(cid) ?? 0) === gen) this.cache.set(cid, (rules = loaded));
        else if (attempt >= 3) rules = loaded;
      }
      out.set(cid, rules);
    }
    return out;
  }
}
