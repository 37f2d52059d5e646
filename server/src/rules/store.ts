// The rule engine's part of stage 8, in the batch's transaction (both stores: Kysely and the
// embedded database's prepared statements). New incidents are inserted with ON CONFLICT DO NOTHING
// on (rule_id, unit_id, time): only rows really inserted are new, so a batch replayed after a
// failed commit, or a resend the memory did not know, cannot raise an alert twice. Each new
// incident queues its messages (one outbox row per e-mail and SMS recipient of the rule, sent after
// the commit by the outbox sender, issue 11 item 5) and, for call-me types (SPEC §3), a chase-up on
// the recovery desk's queue (SPEC §8 chase-up type 4 "Rule alert"; published after the commit like
// the device events' chase-ups, recovery/store.ts). Then the updates of stored incidents (peak,
// duration, end). A panic event the batch stored queues the client's panic notification messages
// (SPEC §7 panic notification settings).
import { CompiledQuery, type Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Dialect } from '../db';
import type { ChaseupMessage, RuleAlertMessage } from '../live/bus';
import type { StoredEvent } from '../pipeline/columns';
import { ChunkedInsert } from '../pipeline/rows-sqlite';
import { MultiRowStatement } from '../pipeline/sql';
import { CHASEUP_STATE_NEW } from '@fleet/common';
import { CHASEUP_TOO_LATE_MS } from '../recovery/limits';
import { baseState } from '../recovery/plan';
import { NO_CHASEUPS, chaseupMessage } from '../recovery/store';
import type { PanicRecipients } from './cache';
import type { AlertOp } from './state';

export const ALERT_COLUMNS = [
  'client_id',
  'rule_id',
  'rule_name',
  'type',
  'unit_id',
  'time',
  'end_time',
  'open',
  'lat',
  'lon',
  'speed',
  'evidence',
  'created',
] as const;

export const OUTBOX_COLUMNS = [
  'client_id',
  'kind',
  'recipient',
  'topic',
  'ref',
  'next_at',
  'created',
] as const;

export const CHASEUP_COLUMNS = [
  'client_id',
  'unit_id',
  'type',
  'state',
  'time',
  'lat',
  'lon',
  'rule_alert_id',
  'phones',
  'description',
  'created',
] as const;

/** SPEC §8 recovery chase-up type 4. */
export const CHASEUP_RULE_ALERT = 4;

/**
 * An incident that started longer ago than this when its data arrived is old news: a tracker that
 * was offline for days, or a simulator writing its history. Its alert is stored and listed, but
 * nobody is e-mailed or texted about it, and its chase-up is filed as too late (SPEC §4 state 8)
 * instead of ringing the recovery desk. The recovery desk's limit of the same name
 * (recovery/limits.ts), so a panic nobody is told about is never a chase-up on the queue either.
 */
export const NOTIFY_MAX_AGE_MS = CHASEUP_TOO_LATE_MS;

const ALERT_CONFLICT_SQLITE = 'on conflict ("rule_id", "unit_id", "time") do nothing';
const ALERT_CONFLICT = `${ALERT_CONFLICT_SQLITE} returning "raid"`;
const OUTBOX_CONFLICT = 'on conflict ("topic", "ref", "kind", "recipient") do nothing';
const CHASEUP_CONFLICT = 'on conflict ("rule_alert_id") do nothing returning "id", "rule_alert_id"';

/** What the writers read of a processed batch (pipeline/process.ts Batch). */
export interface RulesBatch {
  now: number;
  alerts: readonly AlertOp[];
  /** Panic notification recipients of the batch's clients that have some (by client id). */
  panic: ReadonlyMap<number, PanicRecipients>;
  /** The batch's units: chaseUp false when the client opted out of being chased (state 7). */
  units?: ReadonlyMap<number, { info: { chaseUp?: boolean } }>;
}

/**
 * What the rules wrote: new incidents and call-me chase-ups (published after commit) and outbox
 * rows queued.
 */
export interface RulesWriteResult {
  alerts: RuleAlertMessage[];
  chaseups: ChaseupMessage[];
  queued: number;
}

/** Shared by batches that wrote nothing of the rules: read only. */
export const NO_RULE_WRITES: RulesWriteResult = { alerts: [], chaseups: NO_CHASEUPS, queued: 0 };

function alertValues(op: AlertOp, now: number): unknown[] {
  const rule = op.rule!;
  return [
    rule.clientId,
    op.ruleId,
    rule.name,
    rule.type,
    op.unitId,
    op.time,
    op.endTime,
    op.open,
    op.lat,
    op.lon,
    op.speed,
    JSON.stringify(op.evidence ?? {}),
    now,
  ];
}

/** end_time, open, speed, evidence (null: keep), then the key: rule_id, unit_id, time. */
function updateValues(op: AlertOp): unknown[] {
  return [
    op.endTime,
    op.open,
    op.speed,
    op.evidence === null ? null : JSON.stringify(op.evidence),
    op.ruleId,
    op.unitId,
    op.time,
  ];
}

function updateText(dialect: Dialect): string {
  const p = (n: number) => (dialect === 'postgres' ? `$${n}` : '?');
  return (
    `update "rule_alerts" set "end_time" = ${p(1)}, "open" = ${p(2)}, ` +
    `"speed" = coalesce(${p(3)}, "speed"), "evidence" = coalesce(${p(4)}, "evidence") ` +
    `where "rule_id" = ${p(5)} and "unit_id" = ${p(6)} and "time" = ${p(7)}`
  );
}

function message(op: AlertOp, raid: number): RuleAlertMessage {
  const rule = op.rule!;
  return {
    client_id: rule.clientId,
    raid,
    rid: op.ruleId,
    uid: op.unitId,
    type: rule.type,
    rule_name: rule.name,
    time: new Date(op.time).toISOString(),
    lat: op.lat,
    lon: op.lon,
    speed: op.speed,
  };
}

/** Outbox rows (OUTBOX_COLUMNS) for a message to each recipient. */
function outboxRows(
  out: unknown[],
  clientId: number,
  topic: 'rule_alert' | 'panic',
  ref: number,
  emails: readonly string[],
  sms: readonly string[],
  now: number,
): void {
  for (const e of emails) out.push(clientId, 'email', e, topic, ref, now, now);
  for (const n of sms) out.push(clientId, 'sms', n, topic, ref, now, now);
}

/** A call-me chase-up, as its bus message will tell of it once inserted. */
interface RuleChaseup {
  client_id: number;
  unit_id: number;
  type: number;
  state: number;
  time: number;
  raid: number;
}

/**
 * The state of a call-me chase-up: 9 data in the future, 8 too late, 7 the client opted out
 * (recovery/plan.ts baseState), else New.
 */
function ruleChaseup(batch: RulesBatch, op: AlertOp, raid: number): RuleChaseup {
  const chaseUp = batch.units?.get(op.unitId)?.info.chaseUp !== false;
  return {
    client_id: op.rule!.clientId,
    unit_id: op.unitId,
    type: CHASEUP_RULE_ALERT,
    state: baseState(batch.now, op.time, chaseUp) ?? CHASEUP_STATE_NEW,
    time: op.time,
    raid,
  };
}

function chaseupValues(op: AlertOp, c: RuleChaseup, now: number): unknown[] {
  const rule = op.rule!;
  return [
    rule.clientId,
    op.unitId,
    CHASEUP_RULE_ALERT,
    c.state,
    op.time,
    op.lat,
    op.lon,
    c.raid,
    JSON.stringify(rule.phones),
    `Rule alert: ${rule.name}`,
    now,
  ];
}

/** Queues the outbox rows of a new incident; for a call-me type, its chase-up. */
function planNew(
  batch: RulesBatch,
  op: AlertOp,
  raid: number,
  outbox: unknown[],
): RuleChaseup | null {
  const rule = op.rule!;
  const now = batch.now;
  if (now - op.time <= NOTIFY_MAX_AGE_MS)
    outboxRows(outbox, rule.clientId, 'rule_alert', raid, rule.emails, rule.sms, now);
  return rule.callMe ? ruleChaseup(batch, op, raid) : null;
}

/** Outbox rows of the stored panic events whose client has panic recipients. */
function planPanic(batch: RulesBatch, events: readonly StoredEvent[], outbox: unknown[]): void {
  if (!batch.panic.size) return;
  for (const e of events) {
    if (e.type !== 'panic' && e.type !== 'panic_remote') continue;
    const to = batch.panic.get(Number(e.client_id));
    if (to && batch.now - Number(e.time) <= NOTIFY_MAX_AGE_MS)
      outboxRows(outbox, Number(e.client_id), 'panic', Number(e.id), to.emails, to.sms, batch.now);
  }
}

/** Writes a batch's alert rows and queued messages through Kysely, inside transaction `trx`. */
export class KyselyRulesWriter {
  private readonly alerts: MultiRowStatement;
  private readonly outbox: MultiRowStatement;
  private readonly chaseups: MultiRowStatement;
  private readonly update: string;

  constructor(dialect: Dialect) {
    this.alerts = new MultiRowStatement(dialect, 'rule_alerts', ALERT_COLUMNS, ALERT_CONFLICT);
    this.outbox = new MultiRowStatement(
      dialect,
      'outbox',
      OUTBOX_COLUMNS,
      `${OUTBOX_CONFLICT} returning "id"`,
    );
    this.chaseups = new MultiRowStatement(
      dialect,
      'chaseup_events',
      CHASEUP_COLUMNS,
      CHASEUP_CONFLICT,
    );
    this.update = updateText(dialect);
  }

  async write(
    trx: Kysely<any>,
    batch: RulesBatch,
    events: readonly StoredEvent[],
  ): Promise<RulesWriteResult> {
    if (!batch.alerts.length && !batch.panic.size) return NO_RULE_WRITES;
    const now = batch.now;
    const alerts: RuleAlertMessage[] = [];
    const outbox: unknown[] = [];
    const values: unknown[] = [];
    const planned = new Map<number, RuleChaseup>();
    for (const op of batch.alerts) {
      if (!op.insert) continue;
      const rows = await this.alerts.run<{ raid: number | string }>(trx, alertValues(op, now));
      if (!rows.length) continue;
      const raid = Number(rows[0].raid);
      alerts.push(message(op, raid));
      const chaseup = planNew(batch, op, raid, outbox);
      if (!chaseup) continue;
      planned.set(raid, chaseup);
      for (const v of chaseupValues(op, chaseup, now)) values.push(v);
    }
    for (const op of batch.alerts) {
      if (!op.insert) await trx.executeQuery(CompiledQuery.raw(this.update, updateValues(op)));
    }
    planPanic(batch, events, outbox);
    const queued = outbox.length ? (await this.outbox.run(trx, outbox)).length : 0;
    let chaseups = NO_CHASEUPS;
    if (values.length) {
      const rows = await this.chaseups.run<{ id: number; rule_alert_id: number }>(trx, values);
      chaseups = [];
      for (const r of rows) {
        const c = planned.get(Number(r.rule_alert_id));
        if (c) chaseups.push(chaseupMessage(Number(r.id), c));
      }
    }
    return { alerts, chaseups, queued };
  }
}

const list = (cols: readonly string[]) => cols.map((c) => `"${c}"`).join(', ');
const marks = (n: number) => new Array<string>(n).fill('?').join(', ');

/**
 * The same writes through statements prepared once (store-sqlite.ts's synchronous transaction).
 * better-sqlite3 pays a fixed price per statement run that rivals a row's insert: messages,
 * chase-ups and updates go many rows to a statement (chase-ups with RETURNING: their ids are
 * published after the commit). New incidents do not: a multi-row insert needs RETURNING to tell
 * which rows were new, which costs more than it saves.
 */
export class SqliteRulesWriter {
  private readonly insertAlert: SQLite.Statement;
  /** A multi-row update per TIERS row count. */
  private readonly updateAlerts: SQLite.Statement[];
  private readonly insertOutbox: ChunkedInsert;
  /** A multi-row insert of chase-ups per TIERS row count, answering their ids. */
  private readonly insertChaseups: SQLite.Statement[];

  constructor(sqlite: SQLite.Database) {
    this.insertAlert = sqlite.prepare(
      `insert into "rule_alerts" (${list(ALERT_COLUMNS)}) ` +
        `values (${marks(ALERT_COLUMNS.length)}) ${ALERT_CONFLICT_SQLITE}`,
    );
    this.updateAlerts = TIERS.map((rows) => sqlite.prepare(multiUpdateText(rows)));
    this.insertOutbox = new ChunkedInsert(sqlite, 'outbox', OUTBOX_COLUMNS, OUTBOX_CONFLICT);
    const chaseupRow = `(${marks(CHASEUP_COLUMNS.length)})`;
    this.insertChaseups = TIERS.map((rows) =>
      sqlite.prepare(
        `insert into "chaseup_events" (${list(CHASEUP_COLUMNS)}) ` +
          `values ${new Array<string>(rows).fill(chaseupRow).join(', ')} ${CHASEUP_CONFLICT}`,
      ),
    );
  }

  write(batch: RulesBatch, events: readonly StoredEvent[]): RulesWriteResult {
    if (!batch.alerts.length && !batch.panic.size) return NO_RULE_WRITES;
    const now = batch.now;
    const alerts: RuleAlertMessage[] = [];
    const outbox: unknown[] = [];
    const values: unknown[] = [];
    const planned = new Map<number, RuleChaseup>();
    for (const op of batch.alerts) {
      if (!op.insert) continue;
      // run(), not get() of RETURNING: the same rowid, without materialising a result row.
      const info = this.insertAlert.run(...alertValues(op, now));
      if (info.changes === 0) continue;
      const raid = Number(info.lastInsertRowid);
      alerts.push(message(op, raid));
      const chaseup = planNew(batch, op, raid, outbox);
      if (!chaseup) continue;
      planned.set(raid, chaseup);
      for (const v of chaseupValues(op, chaseup, now)) values.push(v);
    }
    // In the alerts' order, as the Kysely writer's one statement: the same rows and ids.
    let chaseups = NO_CHASEUPS;
    if (values.length) {
      const out: ChaseupMessage[] = (chaseups = []);
      runTiers(this.insertChaseups, CHASEUP_COLUMNS.length, values, (stmt, p) => {
        for (const r of stmt.all(...p) as { id: number; rule_alert_id: number }[]) {
          const c = planned.get(Number(r.rule_alert_id));
          if (c) out.push(chaseupMessage(Number(r.id), c));
        }
      });
    }
    this.update(batch.alerts);
    planPanic(batch, events, outbox);
    const queued = outbox.length ? this.insertOutbox.run(outbox) : 0;
    return { alerts, chaseups, queued };
  }

  /**
   * The updates of stored incidents: an open incident is updated in every batch that sees its
   * unit (its peak, its duration so far), which makes these the most numerous of the rules' writes.
   */
  private update(ops: readonly AlertOp[]): void {
    const rows: unknown[] = [];
    // One row per incident: the last op of it wins, as it would with one statement each. The
    // engine makes one op per incident and batch; only the end of a dropped rule's incident
    // (rule null, engine.ts endOrphan) may add a second, so only then are the keys compared.
    let keys: Set<string> | null = null;
    for (const op of ops) if (op.rule === null) keys ??= new Set();
    for (let i = ops.length - 1; i >= 0; i--) {
      const op = ops[i];
      if (op.insert) continue;
      if (keys !== null) {
        const key = keyOf(op.ruleId, op.unitId, op.time);
        if (keys.has(key)) continue;
        keys.add(key);
      }
      rows.push(
        op.endTime,
        op.open,
        op.speed,
        op.evidence === null ? null : JSON.stringify(op.evidence),
        op.ruleId,
        op.unitId,
        op.time,
      );
    }
    if (rows.length) runTiers(this.updateAlerts, UPDATE_WIDTH, rows, (stmt, p) => stmt.run(...p));
  }
}

const keyOf = (ruleId: number, unitId: number, time: number) => `${ruleId}:${unitId}:${time}`;

/** Rows per multi-row statement, largest first; the last must be 1. */
const TIERS = [64, 8, 1];
/** updateValues' length. */
const UPDATE_WIDTH = 7;

/** Runs `rows` (`width` values each) through `statements` (one per TIERS count), largest first. */
function runTiers(
  statements: readonly SQLite.Statement[],
  width: number,
  rows: readonly unknown[],
  run: (stmt: SQLite.Statement, params: unknown[]) => void,
): void {
  let at = 0;
  for (let t = 0; t < TIERS.length; t++) {
    const n = TIERS[t] * width;
    for (; at + n <= rows.length; at += n) run(statements[t], rows.slice(at, at + n));
  }
}

/** updateText for `rows` incidents at once (SQLite's UPDATE ... FROM, over a VALUES list). */
function multiUpdateText(rows: number): string {
  const row = `(${marks(UPDATE_WIDTH)})`;
  const a = '"rule_alerts"';
  return (
    `update ${a} set "end_time" = v.column1, "open" = v.column2, ` +
    `"speed" = coalesce(v.column3, ${a}."speed"), ` +
    `"evidence" = coalesce(v.column4, ${a}."evidence") ` +
    `from (values ${new Array<string>(rows).fill(row).join(', ')}) as v ` +
    `where ${a}."rule_id" = v.column5 and ${a}."unit_id" = v.column6 and ${a}."time" = v.column7`
  );
}
