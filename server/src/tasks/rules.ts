// Rules (issue 11, SPEC §3 Rule): the client's rules with their type's parameters, recipients,
// window (SPEC §9: all days, 0:00 to 24:00 by default, in the client's time zone) and the units
// they apply to. The pipeline compiles a client's rules (rules/cache.ts) and recompiles them when
// `rules_changed` says they changed.
import { sql } from 'kysely';
import {
  parseRuleTime,
  ruleTypeName,
  ruleTypesForAccount,
  type Role,
  type RuleTypeKey,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { containsPattern } from './locations';
import { defineTask } from './registry';
import { countRows, listAnswer, pageOf } from './paging';
import { checkRuleReferences, findRule, ruleFromStored, rulesFromRows } from './rule-store';

export const RULE_READ_ROLES: readonly Role[] = [
  'feature_rules_view',
  'feature_rules_edit',
  'user_support',
];
export const RULE_WRITE_ROLES: readonly Role[] = ['feature_rules_edit'];

/** Tells the pipeline to recompile the client's rules once the change is committed. */
export function rulesChanged(ctx: TaskContext, clientId: number): void {
  ctx.afterCommit(() => ctx.services.bus.publish('rules_changed', { client_id: clientId }));
}

/** SPEC §6 "Rule types by account": Recovery, Lite and Full accounts each get their own set. */
function assertTypeAllowed(ctx: TaskContext, type: RuleTypeKey): void {
  const allowed = ruleTypesForAccount(ctx.user.userType).some((r) => r.key === type);
  if (!allowed) throw new TaskError(`type: your account cannot use ${ruleTypeName(type)} rules`);
}

const getRules = defineTask({
  name: 'get_rules',
  roles: RULE_READ_ROLES,
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('rules');
    const search = p.search?.trim();
    if (search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`);
    if (p.type) q = q.where('type', '=', p.type);
    const count = await countRows(q);
    const { limit, offset } = pageOf(p);
    const rows = await q
      .selectAll()
      // lower(): the same order on SQLite (binary) and PostgreSQL (its collation).
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('rid')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('rules', await rulesFromRows(ctx, rows), count, p.page_size);
  },
});

const getRule = defineTask({
  name: 'get_rule',
  roles: RULE_READ_ROLES,
  probe: (f) => ({ rid: f.rid }),
  async handler(ctx, p) {
    return { rule: await ruleFromStored(ctx, await findRule(ctx, p.rid)) };
  },
});

const setRule = defineTask({
  name: 'set_rule',
  roles: RULE_WRITE_ROLES,
  entityType: 'Rule',
  probe: (f) => ({
    rid: f.rid,
    name: 'Probe',
    type: 'location',
    apply_type: 'units',
    apply_to: [f.uid],
    param: { lid: f.lid, trigger: 'enter' },
  }),
  async handler(ctx, p) {
    const existing = p.rid !== undefined ? await findRule(ctx, p.rid) : undefined;
    assertTypeAllowed(ctx, p.type);
    const clientId = existing?.client_id ?? ctx.tenant.ownerClient();
    // Only what the apply_type uses is kept, so a stale unit list cannot come back later.
    const applyTo =
      p.apply_type === 'units' || p.apply_type === 'tags' ? [...new Set(p.apply_to)] : [];
    const fid = p.apply_type === 'fleet' ? (p.fid ?? null) : null;
    await checkRuleReferences(ctx, clientId, { ...p, apply_to: applyTo, fid });
    const time = now();
    const fields = {
      name: p.name,
      type: p.type,
      apply_type: p.apply_type,
      apply_to: JSON.stringify(applyTo),
      fid,
      param: JSON.stringify(p.param),
      emails: JSON.stringify(p.emails),
      sms: JSON.stringify(p.sms),
      phones: JSON.stringify(p.phones),
      days: JSON.stringify([...p.days].sort((a, b) => a - b)),
      // The schema accepted both times, so they parse.
      start_min: parseRuleTime(p.start) ?? 0,
      end_min: parseRuleTime(p.end) ?? 1440,
      active: p.active ? 1 : 0,
      updated: time,
    };
    let rid: number;
    if (existing) {
      await ctx.tenant.updateTable('rules').set(fields).where('rid', '=', existing.rid).execute();
      rid = existing.rid;
      const renamed = existing.name !== p.name ? ` (was ${existing.name})` : '';
      ctx.changeLog({
        action: 'E',
        entityType: 'Rule',
        entityId: rid,
        description: `Rule ${p.name} edited${renamed}`,
      });
    } else {
      const row = await ctx.tenant
        .insertInto('rules', clientId)
        .values({ ...fields, created: time })
        .returning('rid')
        .executeTakeFirstOrThrow();
      rid = row.rid;
      ctx.changeLog({
        action: 'I',
        entityType: 'Rule',
        entityId: rid,
        description: `Rule ${p.name} added (${ruleTypeName(p.type)})`,
      });
    }
    rulesChanged(ctx, clientId);
    return { rule: await ruleFromStored(ctx, await findRule(ctx, rid)) };
  },
});

const deleteRule = defineTask({
  name: 'delete_rule',
  roles: RULE_WRITE_ROLES,
  entityType: 'Rule',
  probe: (f) => ({ rid: f.rid }),
  async handler(ctx, p) {
    const row = await findRule(ctx, p.rid);
    // Its alerts stay: they carry the rule's name and type (SPEC §3 Rule alert).
    await ctx.tenant.deleteFrom('rules').where('rid', '=', row.rid).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Rule',
      entityId: row.rid,
      description: `Rule ${row.name} deleted`,
    });
    rulesChanged(ctx, row.client_id);
    return {};
  },
});

export const ruleTasks = [getRules, getRule, setRule, deleteRule];
