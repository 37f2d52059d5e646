// The embedded database's fast path for stage 8. better-sqlite3 is synchronous, so a whole batch
// is written in one synchronous transaction through statements prepared once: no statement is
// compiled per batch, no promise per statement. Kysely's connection lock is held meanwhile, so no
// other query can interleave with (or join) the transaction on the one SQLite connection.
// Batches with late fixes need reads and a re-segmentation in the transaction; they take the
// general path (KyselyStore), which writes exactly the same rows.
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from '../db';
import type { TripConfig } from '../domain/trips';
import { EVENT_COLUMNS, POSITION_COLUMNS, type StoredEvent } from './columns';
import type { Batch } from './process';
import {
  RULE_MEMORY_COLUMNS,
  RULE_MEMORY_UPSERT,
  UNIT_STATE_COLUMNS,
  UNIT_STATE_UPDATED,
  ruleMemoryChanges,
  unitStateValues,
  type BatchStore,
  type KyselyStore,
  type StoreResult,
} from './store';
import { ChunkedInsert } from './rows-sqlite';
import { SqliteRulesWriter } from '../rules/store';
import { SqliteChaseupWriter } from '../recovery/store';
import { excludedSet } from './sql';
import {
  TRIP_COLUMNS,
  TRIP_UPDATED,
  finishTrips,
  planTrips,
  tripValues,
  type TripChange,
} from './trips';

export type SqliteHandle = SQLite.Database;

const list = (cols: readonly string[]) => cols.map((c) => `"${c}"`).join(', ');
const marks = (n: number) => new Array(n).fill('?').join(', ');

export class SqliteStore implements BatchStore {
  private readonly insertPositions: ChunkedInsert;
  private readonly insertEvent: SQLite.Statement;
  private readonly upsertStates: ChunkedInsert;
  private readonly insertTrip: SQLite.Statement;
  private readonly upsertTrips: ChunkedInsert;
  private readonly deleteTrip: SQLite.Statement;
  private readonly moveState: SQLite.Statement;
  private readonly upsertMemory: ChunkedInsert;
  private readonly deleteMemory: SQLite.Statement;
  private readonly rules: SqliteRulesWriter;
  private readonly chaseups: SqliteChaseupWriter;
  private readonly transaction: (batch: Batch) => StoreResult;

  constructor(
    sqlite: SqliteHandle,
    private readonly db: Kysely<Database>,
    private readonly general: KyselyStore,
  ) {
    this.insertPositions = new ChunkedInsert(
      sqlite,
      'positions',
      POSITION_COLUMNS,
      'on conflict ("unit_id", "fix_time") do nothing',
    );
    this.insertEvent = sqlite.prepare(
      `insert into "device_events" (${list(EVENT_COLUMNS)}) values (${marks(EVENT_COLUMNS.length)}) ` +
        'on conflict ("unit_id", "time", "type", "ref") do nothing',
    );
    this.upsertStates = new ChunkedInsert(
      sqlite,
      'unit_state',
      UNIT_STATE_COLUMNS,
      `on conflict ("unit_id") do update set ${excludedSet(UNIT_STATE_UPDATED)} ` +
        'where "unit_state"."fix_time" <= excluded."fix_time"',
    );
    this.insertTrip = sqlite.prepare(
      `insert into "trips" (${list(TRIP_COLUMNS)}) values (${marks(TRIP_COLUMNS.length)})`,
    );
    // Stored segments are updated by id, all of a batch's in a few statements, as upserts: a row
    // removed meanwhile (retention, a support user) is stored again. The label is the user's and
    // is never written here.
    this.upsertTrips = new ChunkedInsert(
      sqlite,
      'trips',
      ['id', ...TRIP_COLUMNS],
      `on conflict ("id") do update set ${excludedSet(TRIP_UPDATED)}`,
    );
    this.moveState = sqlite.prepare('update "unit_state" set "client_id" = ? where "unit_id" = ?');
    this.deleteTrip = sqlite.prepare('delete from "trips" where "id" = ?');
    this.upsertMemory = new ChunkedInsert(
      sqlite,
      'unit_rule_memory',
      RULE_MEMORY_COLUMNS,
      RULE_MEMORY_UPSERT,
    );
    this.deleteMemory = sqlite.prepare('delete from "unit_rule_memory" where "unit_id" = ?');
    this.rules = new SqliteRulesWriter(sqlite);
    this.chaseups = new SqliteChaseupWriter(sqlite);
    this.transaction = sqlite.transaction((batch: Batch) => this.writeSync(batch));
  }

  private insert(c: TripChange): number {
    return Number(this.insertTrip.run(...tripValues(c.seg, c.w.info)).lastInsertRowid);
  }

  async write(batch: Batch, tripCfg: TripConfig): Promise<StoreResult> {
    // Late fixes, and a batch from the record stream with its mark, take the general writer.
    if (batch.mark) return this.general.write(batch, tripCfg);
    for (const w of batch.units.values())
      if (w.late.length) return this.general.write(batch, tripCfg);
    return this.db.connection().execute(async () => this.transaction(batch));
  }

  private writeSync(batch: Batch): StoreResult {
    this.insertPositions.run(batch.positions);

    const plan = planTrips(batch.units.values());
    for (const d of plan.deletes) this.deleteTrip.run(d.id);
    if (plan.updates.length) {
      const rows: unknown[] = [];
      for (const u of plan.updates) {
        rows.push(u.id);
        for (const v of tripValues(u.seg, u.w.info)) rows.push(v);
      }
      this.upsertTrips.run(rows);
    }
    for (const i of plan.inserts) i.w.rt.rowIds.set(i.key, this.insert(i));
    finishTrips(plan);

    const events: StoredEvent[] = [];
    const e = batch.events;
    for (let i = 0; i < e.length; i += EVENT_COLUMNS.length) {
      const info = this.insertEvent.run(
        e[i],
        e[i + 1],
        e[i + 2],
        e[i + 3],
        e[i + 4],
        e[i + 5],
        e[i + 6],
        e[i + 7],
        e[i + 8],
      );
      if (info.changes > 0) {
        events.push({
          id: Number(info.lastInsertRowid),
          unit_id: e[i] as number,
          client_id: e[i + 1] as number,
          time: e[i + 2] as number,
          type: e[i + 3] as string,
          lat: e[i + 4] as number | null,
          lon: e[i + 5] as number | null,
          speed: e[i + 6] as number | null,
          ref: e[i + 8] as number,
        });
      }
    }

    const rules = this.rules.write(batch, events);
    const chaseups = events.length ? this.chaseups.write(batch, events) : null;

    const state: unknown[] = [];
    for (const w of batch.units.values()) for (const v of unitStateValues(w.rt)) state.push(v);
    this.upsertStates.run(state);
    const memory = ruleMemoryChanges(batch.units.values(), batch.now);
    if (memory.rows.length) this.upsertMemory.run(memory.rows);
    for (const uid of memory.gone) this.deleteMemory.run(uid);
    for (const w of batch.units.values()) {
      if (w.rt.clientId !== w.before.clientId) this.moveState.run(w.rt.clientId, w.rt.uid);
    }
    return {
      events,
      lateDuplicates: 0,
      alerts: rules.alerts,
      chaseups: chaseups?.length ? [...rules.chaseups, ...chaseups] : rules.chaseups,
      queued: rules.queued,
    };
  }
}
