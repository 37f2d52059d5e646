// Rule alerts (issue 11, SPEC §3 Rule alert: raid, newest first): one row per incident, written by
// the pipeline. Users see the alerts of the units they may see; the top-bar icon counts those newer
// than the user's mark (rule_alert_marks), and opening it moves the mark (SPEC §2, §7).
import {
  alertSummary,
  ruleTypeName,
  type Role,
  type RuleAlert,
  type RuleAlertPoint,
  type RuleTypeKey,
} from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import type { TaskContext } from './context';
import { notFound } from './errors';
import { defineTask } from './registry';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { ruleFromStored } from './rule-store';

export const RULE_ALERT_ROLES: readonly Role[] = ['feature_rule_alerts', 'user_support'];

/** Evidence fixes from a minute before the incident to a minute after it. */
const AROUND_MS = 60_000;
const MAX_POINTS = 2000;

/** Alerts of the units the user may see, with the unit's name and registration. */
function visibleAlerts(ctx: TaskContext) {
  return ctx.tenant
    .selectFrom('rule_alerts')
    .innerJoin('units', 'units.uid', 'rule_alerts.unit_id')
    .where('rule_alerts.unit_id', 'in', ctx.tenant.units().select('units.uid'));
}

/** The highest raid the user has seen (0: none yet). */
async function seenMark(ctx: TaskContext): Promise<number> {
  const row = await ctx.tenant
    .selectFrom('rule_alert_marks')
    .select('seen_raid')
    .where('user_id', '=', ctx.user.nid)
    .executeTakeFirst();
  return row ? Number(row.seen_raid) : 0;
}

const ALERT_COLUMNS = [
  'rule_alerts.raid',
  'rule_alerts.rule_id',
  'rule_alerts.rule_name',
  'rule_alerts.type',
  'rule_alerts.unit_id',
  'rule_alerts.time',
  'rule_alerts.end_time',
  'rule_alerts.open',
  'rule_alerts.lat',
  'rule_alerts.lon',
  'rule_alerts.speed',
  'rule_alerts.evidence',
  'units.name as unit_name',
  'units.reg',
] as const;

interface AlertRow {
  raid: number;
  rule_id: number;
  rule_name: string;
  type: string;
  unit_id: number;
  time: number;
  end_time: number | null;
  open: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  evidence: string;
  unit_name: string;
  reg: string;
}

const num = (v: number | null) => (v === null ? null : Number(v));

function alertFromRow(r: AlertRow, mark: number): RuleAlert {
  const evidence = json.parse<Record<string, unknown>>(r.evidence, {});
  return {
    raid: r.raid,
    rid: r.rule_id,
    rule_name: r.rule_name,
    type: r.type as RuleTypeKey,
    type_name: ruleTypeName(r.type),
    uid: r.unit_id,
    unit_name: r.unit_name,
    reg: r.reg,
    time: iso(Number(r.time)),
    end: iso(num(r.end_time)),
    open: Number(r.open) === 1,
    lat: num(r.lat),
    lon: num(r.lon),
    speed: num(r.speed),
    summary: alertSummary(r.type, evidence),
    evidence,
    new: r.raid > mark,
  };
}

const getRuleAlerts = defineTask({
  name: 'get_rule_alerts',
  roles: RULE_ALERT_ROLES,
  probe: (f) => ({ uid: f.uid, rid: f.rid }),
  async handler(ctx, p) {
    let q = visibleAlerts(ctx);
    if (p.uid !== undefined) q = q.where('rule_alerts.unit_id', '=', p.uid);
    if (p.rid !== undefined) q = q.where('rule_alerts.rule_id', '=', p.rid);
    if (p.type) q = q.where('rule_alerts.type', '=', p.type);
    if (p.from) q = q.where('rule_alerts.time', '>=', Date.parse(p.from));
    if (p.to) q = q.where('rule_alerts.time', '<=', Date.parse(p.to));
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .select(ALERT_COLUMNS)
      .orderBy('rule_alerts.raid', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const mark = await seenMark(ctx);
    return listAnswer(
      'rule_alerts',
      rows.map((r) => alertFromRow(r, mark)),
      count,
      p.page_size,
    );
  },
});

const getRuleAlert = defineTask({
  name: 'get_rule_alert',
  roles: RULE_ALERT_ROLES,
  probe: (f) => ({ raid: f.raid }),
  async handler(ctx, p) {
    const row = await visibleAlerts(ctx)
      .select([...ALERT_COLUMNS, 'rule_alerts.client_id'])
      .where('rule_alerts.raid', '=', p.raid)
      .executeTakeFirst();
    if (!row) throw notFound('Rule alert');
    const from = Number(row.time) - AROUND_MS;
    const to = (row.end_time === null ? now() : Number(row.end_time)) + AROUND_MS;
    const fixes = await ctx.tenant
      .positionsOf([row.unit_id])
      .select(['lat', 'lon', 'speed', 'fix_time'])
      .where('fix_time', '>=', from)
      .where('fix_time', '<=', to)
      .orderBy('fix_time')
      .limit(MAX_POINTS)
      .execute();
    const points: RuleAlertPoint[] = fixes.map((f) => ({
      lat: f.lat,
      lon: f.lon,
      speed: f.speed,
      datetime: iso(Number(f.fix_time)),
    }));
    const ruleRow = await ctx.tenant
      .selectFrom('rules')
      .selectAll()
      .where('rid', '=', row.rule_id)
      .where('client_id', '=', row.client_id)
      .executeTakeFirst();
    return {
      rule_alert: {
        ...alertFromRow(row, await seenMark(ctx)),
        points,
        rule: ruleRow ? await ruleFromStored(ctx, ruleRow) : null,
      },
    };
  },
});

async function newCount(ctx: TaskContext): Promise<number> {
  return countRows(visibleAlerts(ctx).where('rule_alerts.raid', '>', await seenMark(ctx)));
}

const getNewRuleAlertsCount = defineTask({
  name: 'get_new_rule_alerts_count',
  roles: RULE_ALERT_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    return { new_rule_alerts_count: await newCount(ctx) };
  },
});

const setRuleAlertsSeen = defineTask({
  name: 'set_rule_alerts_seen',
  roles: RULE_ALERT_ROLES,
  // A set_ task logs a change; seeing alerts is the user's own state, like their settings.
  entityType: 'User Settings',
  probe: () => ({}),
  async handler(ctx) {
    const { top } = await visibleAlerts(ctx)
      .select((eb) => eb.fn.max('rule_alerts.raid').as('top'))
      .executeTakeFirstOrThrow();
    // Never backwards: an alert seen stays seen even if its unit is later hidden from the user.
    const seen = Math.max(Number(top ?? 0), await seenMark(ctx));
    await ctx.tenant
      .insertInto('rule_alert_marks')
      .values({ user_id: ctx.user.nid, seen_raid: seen })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({ seen_raid: eb.ref('excluded.seen_raid') })),
      )
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'User Settings',
      entityId: ctx.user.nid,
      description: 'Rule alerts marked as seen',
    });
    return { new_rule_alerts_count: await newCount(ctx) };
  },
});

export const ruleAlertTasks = [
  getRuleAlerts,
  getRuleAlert,
  getNewRuleAlertsCount,
  setRuleAlertsSeen,
];
