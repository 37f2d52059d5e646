// Stage 8: store. One transaction per batch: positions (append-only; the (unit_id, fix_time)
// unique index drops what was already stored), late fixes and the re-segmentation of their
// windows, trips and stops, device events, rule alerts, the recovery desk's chase-ups of the new
// events (recovery/store.ts), each unit's latest state (unit_state, which
// only moves forward in time) and its rule memory when that changed (unit_rule_memory). This store runs on both databases through Kysely, with multi-row
// statements; store-sqlite.ts is the embedded database's fast path.
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db';
import type { TripConfig } from '../domain/trips';
import { rememberFix } from './dedupe';
import { lateOdometer } from './odometer';
import { EVENT_COLUMNS, POSITION_COLUMNS, POSITION_ODOMETER, type StoredEvent } from './columns';
import type { Batch, UnitWork } from './process';
import { resegment } from './resegment';
import { displayAttributes, type UnitRuntime } from './runtime';
import { MultiRowStatement, batchStatement, excludedSet, type BatchStatement } from './sql';
import { TripWriter } from './trips';
import { updateParkState } from './motion';
import { serializeRuleMemory } from '../rules/state';
import { KyselyRulesWriter, type RulesWriteResult } from '../rules/store';
import { KyselyChaseupWriter } from '../recovery/store';

export const UNIT_STATE_COLUMNS = [
  'unit_id',
  'client_id',
  'fix_time',
  'server_time',
  'lat',
  'lon',
  'speed',
  'course',
  'ignition',
  'motion',
  'park_state',
  'park_since',
  'odometer',
  'engine_hours',
  'power',
  'battery',
  'gsm',
  'driver_id',
  'attributes',
] as const;

export const RULE_MEMORY_COLUMNS = ['unit_id', 'client_id', 'memory', 'updated'] as const;

/** The upsert's tail of unit_rule_memory (both stores). */
export const RULE_MEMORY_UPSERT = `on conflict ("unit_id") do update set ${excludedSet(
  RULE_MEMORY_COLUMNS.slice(1),
)}`;

/** The rule memory rows a batch writes: `rows` to upsert, the units in `gone` to delete. */
export interface RuleMemoryChanges {
  /** Row after row, RULE_MEMORY_COLUMNS each. */
  rows: unknown[];
  gone: number[];
}

/**
 * The units whose rule memory differs from what their unit_rule_memory row holds: a changed memory
 * is upserted, one that became empty deletes the row (a unit without memory has none). Marks the
 * memory written: were the transaction to fail, the runtime is dropped and read again from what was
 * committed (index.ts), so the mark never outlives a rollback.
 */
export function ruleMemoryChanges(units: Iterable<UnitWork>, now: number): RuleMemoryChanges {
  const out: RuleMemoryChanges = { rows: [], gone: [] };
  for (const { rt } of units) {
    if (rt.rules === null && rt.rulesWritten === '{}') continue;
    const json = serializeRuleMemory(rt.rules);
    if (json === rt.rulesWritten) continue;
    if (json === '{}') out.gone.push(rt.uid);
    else out.rows.push(rt.uid, rt.clientId, json, now);
    rt.rulesWritten = json;
  }
  return out;
}

export type { StoredEvent } from './columns';

/** chaseups: the rules' call-me chase-ups and those of the device events, to publish after commit. */
export interface StoreResult extends RulesWriteResult {
  events: StoredEvent[];
  /** Late fixes that were already stored (resends the memory no longer knew). */
  lateDuplicates: number;
}

/**
 * What an upsert of unit_state changes: client_id (indexed) only moves when a unit changes hands,
 * and is then updated on its own.
 */
export const UNIT_STATE_UPDATED = UNIT_STATE_COLUMNS.filter(
  (c) => c !== 'unit_id' && c !== 'client_id',
);

export function unitStateValues(rt: UnitRuntime): unknown[] {
  return [
    rt.uid,
    rt.clientId,
    rt.hasFix ? rt.fixTime : 0,
    rt.serverTime,
    rt.lat,
    rt.lon,
    rt.speed,
    rt.course,
    rt.ignition === null ? null : rt.ignition ? 1 : 0,
    rt.moving ? 1 : 0,
    rt.parkState,
    rt.parkSince,
    rt.odometer,
    rt.engineSeconds,
    rt.power,
    rt.battery,
    rt.gsm === null ? null : Math.round(rt.gsm),
    rt.driverPid,
    displayAttributes(rt),
  ];
}

/** Writes a processed batch in one transaction; settles after commit. */
export interface BatchStore {
  write(batch: Batch, tripCfg: TripConfig): Promise<StoreResult>;
}

/**
 * A new fix of a batch was stored already: only possible when something wrote positions without
 * moving the unit's state on, since a new fix is newer than the unit's state. The batch is then
 * written again with the insert that skips what is there.
 */
class StoredAlready extends Error {}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

export class KyselyStore implements BatchStore {
  /**
   * The batch's new fixes. On PostgreSQL a plain insert: a new fix is newer than everything stored
   * for its unit, and `on conflict do nothing` costs a quarter of the insert (a speculative
   * insertion per row); `positionsSkipping` takes over in the rare case that finds one stored.
   */
  private readonly positions: BatchStatement;
  private readonly positionsSkipping: BatchStatement;
  private readonly latePosition: MultiRowStatement;
  private readonly events: MultiRowStatement;
  private readonly unitState: BatchStatement;
  private readonly ruleMemory: BatchStatement;
  private readonly trips: TripWriter;
  private readonly rules: KyselyRulesWriter;
  private readonly chaseups: KyselyChaseupWriter;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    this.positionsSkipping = batchStatement(
      dialect,
      'positions',
      POSITION_COLUMNS,
      'on conflict ("unit_id", "fix_time") do nothing',
    );
    this.positions =
      dialect === 'postgres'
        ? batchStatement(dialect, 'positions', POSITION_COLUMNS)
        : this.positionsSkipping;
    this.latePosition = new MultiRowStatement(
      dialect,
      'positions',
      POSITION_COLUMNS,
      'on conflict ("unit_id", "fix_time") do nothing returning "fix_time"',
    );
    this.events = new MultiRowStatement(
      dialect,
      'device_events',
      EVENT_COLUMNS,
      'on conflict ("unit_id", "time", "type", "ref") do nothing ' +
        'returning "id", "unit_id", "client_id", "time", "type", "lat", "lon", "speed", "ref"',
    );
    const stateSet = excludedSet(UNIT_STATE_UPDATED);
    this.unitState = batchStatement(
      dialect,
      'unit_state',
      UNIT_STATE_COLUMNS,
      `on conflict ("unit_id") do update set ${stateSet} where "unit_state"."fix_time" <= excluded."fix_time"`,
    );
    this.ruleMemory = batchStatement(
      dialect,
      'unit_rule_memory',
      RULE_MEMORY_COLUMNS,
      RULE_MEMORY_UPSERT,
    );
    this.trips = new TripWriter(dialect);
    this.rules = new KyselyRulesWriter(dialect);
    this.chaseups = new KyselyChaseupWriter(dialect);
  }

  async write(batch: Batch, tripCfg: TripConfig): Promise<StoreResult> {
    try {
      return await this.db.transaction().execute((trx) => this.writeIn(trx, batch, tripCfg));
    } catch (err) {
      if (!(err instanceof StoredAlready)) throw err;
      // Nothing of the batch was applied (the positions come first): again, skipping those.
      return this.db.transaction().execute((trx) => this.writeIn(trx, batch, tripCfg, true));
    }
  }

  /** Writes a processed batch inside transaction `trx`; updates the working runtimes' row ids. */
  private async writeIn(
    trx: Kysely<Database>,
    batch: Batch,
    tripCfg: TripConfig,
    skipStored = false,
  ): Promise<StoreResult> {
    if (batch.positions.length) {
      const positions = skipStored ? this.positionsSkipping : this.positions;
      try {
        await positions.run(trx, batch.positions);
      } catch (err) {
        if (
          (err as { code?: string }).code === UNIQUE_VIOLATION &&
          positions !== this.positionsSkipping
        )
          throw new StoredAlready('a new fix was stored already');
        throw err;
      }
    }

    let lateDuplicates = 0;
    const units = [...batch.units.values()];
    const normal: UnitWork[] = [];
    for (const w of units) {
      let earliest = Infinity;
      for (const lf of w.late) {
        const before = await trx
          .selectFrom('positions')
          .select(['odometer', 'lat', 'lon', 'speed'])
          .where('unit_id', '=', w.info.uid)
          .where('fix_time', '<', lf.point.time)
          .orderBy('fix_time', 'desc')
          .limit(1)
          .executeTakeFirst();
        lf.row[POSITION_ODOMETER] = lateOdometer(before, lf.point, tripCfg);
        const inserted = await this.latePosition.run(trx, lf.row);
        if (inserted.length) {
          earliest = Math.min(earliest, lf.point.time);
          rememberFix(w.rt, lf.point.time);
        } else lateDuplicates++;
      }
      if (earliest !== Infinity) {
        await resegment(trx, w, earliest, tripCfg);
        updateParkState(w.rt, w.rt.fixTime);
      } else normal.push(w);
    }
    await this.trips.write(trx, normal);

    const events = batch.events.length ? await this.events.run<StoredEvent>(trx, batch.events) : [];
    const rules = await this.rules.write(trx, batch, events);
    const chaseups = events.length ? await this.chaseups.write(trx, batch, events) : [];

    const state: unknown[] = [];
    for (const w of units) for (const v of unitStateValues(w.rt)) state.push(v);
    if (state.length) await this.unitState.run(trx, state);
    const memory = ruleMemoryChanges(units, batch.now);
    if (memory.rows.length) await this.ruleMemory.run(trx, memory.rows);
    if (memory.gone.length)
      await trx.deleteFrom('unit_rule_memory').where('unit_id', 'in', memory.gone).execute();
    // A unit moved to another client: its state goes with it. Its rule memory does not (the engine
    // drops the memory of rules that no longer apply, so the row was deleted just above).
    for (const w of units) {
      if (w.rt.clientId === w.before.clientId) continue;
      await trx
        .updateTable('unit_state')
        .set({ client_id: w.rt.clientId })
        .where('unit_id', '=', w.rt.uid)
        .execute();
    }
    if (batch.mark) await batch.mark(trx);
    return {
      events,
      lateDuplicates,
      alerts: rules.alerts,
      chaseups: chaseups.length ? [...rules.chaseups, ...chaseups] : rules.chaseups,
      queued: rules.queued,
    };
  }
}
