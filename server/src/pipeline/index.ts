// The position pipeline (ARCHITECTURE.md §1): validate → dedupe → jumps → odometer → motion →
// events → places (location enter/exit, route corridor: places.ts) → rules (rules/engine.ts: the
// alerts of the client's rules) → trips/stops → store → publish. It is the gateways' IngestSink:
// submit() resolves only after the records' transaction commits, so a gateway acknowledges
// durable data only and a device whose write failed resends.
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db';
import type { DeviceRecord, IngestSink, Protocol } from '../ingest/types';
import type { Bus } from '../live/bus';
import { now } from '../clock';
import { expire } from '../domain/trips';
import { Batcher } from './batcher';
import { pipelineConfig, type PipelineConfig, type PipelineConfigInput } from './config';
import {
  POSITION_COLUMNS,
  liveView,
  processRecords,
  type Batch,
  type BatchMark,
  type UnitWork,
} from './process';
import { publishEvents, unitChanged, unitMessage } from './publish';
import { UnitRegistry } from './registry';
import {
  newRuntime,
  runtimeFromRow,
  setRuleMemory,
  type UnitInfo,
  type UnitRuntime,
} from './runtime';
import { KyselyStore, type BatchStore, type StoreResult } from './store';
import { resegment } from './resegment';
import { SqliteStore, type SqliteHandle } from './store-sqlite';
import { driverTag, updateParkState } from './motion';
import { PlaceCache, type ClientPlaces } from './places-index';
import { RuleCache, type ClientRules } from '../rules/cache';
import type { CompiledRule, Evaluators } from '../rules/types';

/** What the pipeline logs through (pino's shape). */
export interface PipelineLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PipelineOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  bus: Bus;
  config?: PipelineConfigInput;
  log?: PipelineLog;
  /**
   * The better-sqlite3 handle behind `db` when the database is SQLite: the pipeline then writes
   * through cached prepared statements (store-sqlite.ts), several times cheaper than statements
   * prepared per batch. Without it the same writes go through Kysely.
   */
  sqlite?: SqliteHandle;
  /** The time fixes are judged against (default the server's clock). */
  clock?: () => number;
  /** The rule evaluators (default rules/evaluators: one per rule type); tests pass their own. */
  evaluators?: Evaluators;
  /**
   * Whether this process stores a device's records now (stream/consumer.ts: its partition is
   * held here); default every device. The trip-expiry sweep closes only the trips of those.
   */
  owns?: (deviceId: string) => boolean;
}

export interface PipelineStats {
  batches: number;
  records: number;
  positions: number;
  dropped: number;
  duplicates: number;
  jumps: number;
  unknown: number;
  failures: number;
}

export interface Pipeline extends IngestSink {
  /** Resolves when every record submitted so far is committed (or refused). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Forget cached device → unit lookups (one device, or all): call after provisioning changes. */
  invalidate(deviceId?: string): void;
  /**
   * Close the open trips of units silent for longer than the no-data gap. The trip-expiry job
   * (jobs/trip-expiry.ts) calls it every `config.expireIntervalMs`.
   */
  expireTrips(): Promise<void>;
  /**
   * Stores records from the record stream as one batch of their own, with `mark` written in its
   * transaction (the partition's committed sequence); resolves once committed.
   */
  submitMarked(records: DeviceRecord[], mark: BatchMark): Promise<void>;
  /**
   * The devices this process stores changed (a stream partition came or went): every unit's
   * working state is read again from the database before its next record, and the next trip
   * expiry looks for the silent units' open trips afresh.
   */
  reassigned(): Promise<void>;
  readonly stats: PipelineStats;
  readonly config: PipelineConfig;
}

const silentLog: PipelineLog = { info() {}, warn() {}, error() {} };

export function createPipeline(opts: PipelineOptions): Pipeline {
  const cfg = pipelineConfig(opts.config);
  const log = opts.log ?? silentLog;
  const clock = opts.clock ?? now;
  const { db, bus } = opts;
  const registry = new UnitRegistry(db, cfg, clock);
  const kyselyStore = new KyselyStore(db, opts.dialect);
  const store: BatchStore = opts.sqlite
    ? new SqliteStore(opts.sqlite, db, kyselyStore)
    : kyselyStore;
  const runtimes = new Map<number, UnitRuntime>();
  /** Compiled locations and routes per client, loaded with a client's first unit (places.ts). */
  const places = new PlaceCache(db);
  /** Compiled rules per client, loaded with a client's first unit (rules/cache.ts). */
  const rules = new RuleCache(db, opts.evaluators);
  /** The latest known `units` facts of every unit with a runtime. */
  const infos = new Map<number, UnitInfo>();
  const stats: PipelineStats = {
    batches: 0,
    records: 0,
    positions: 0,
    dropped: 0,
    duplicates: 0,
    jumps: 0,
    unknown: 0,
    failures: 0,
  };
  let swept = false;

  /**
   * Loads the runtime of units not in memory yet (one query per chunk of units), rebuilding each
   * one's trip segmenter by replaying its positions since its last stop.
   */
  async function loadRuntimes(units: UnitInfo[]): Promise<void> {
    for (const u of units) infos.set(u.uid, u);
    const missing = units.filter((u) => !runtimes.has(u.uid));
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const uids = chunk.map((u) => u.uid);
      const rows = await db
        .selectFrom('unit_state')
        .selectAll()
        .where('unit_id', 'in', uids)
        .execute();
      const memories = await db
        .selectFrom('unit_rule_memory')
        .select(['unit_id', 'memory'])
        .where('unit_id', 'in', uids)
        .execute();
      const byUnit = new Map(rows.map((r) => [r.unit_id, r]));
      const memoryOf = new Map(memories.map((r) => [r.unit_id, r.memory]));
      const rebuild: UnitWork[] = [];
      for (const info of chunk) {
        const row = byUnit.get(info.uid);
        const memory = memoryOf.get(info.uid) ?? null;
        let rt: UnitRuntime;
        if (row) rt = runtimeFromRow(info, row, memory, cfg);
        else setRuleMemory((rt = newRuntime(info)), memory);
        if (rt.hasFix) rebuild.push({ info, before: liveView(rt), rt, ops: [], late: [] });
        else runtimes.set(info.uid, rt);
      }
      if (!rebuild.length) continue;
      await db.transaction().execute(async (trx) => {
        for (const w of rebuild) await resegment(trx, w, w.rt.fixTime, cfg.trips);
      });
      for (const w of rebuild) runtimes.set(w.info.uid, w.rt);
    }
  }

  interface Prepared {
    units: Map<string, UnitInfo | null>;
    /** The batch's snapshot of its clients' places (a change meanwhile applies to the next). */
    places: Map<number, ClientPlaces>;
    /** The same of its clients' rules. */
    rules: Map<number, ClientRules>;
  }

  async function prepare(records: DeviceRecord[]): Promise<Prepared> {
    const ids = new Set<string>();
    for (const r of records) ids.add(r.deviceId);
    const units = await registry.lookupMany(ids);
    const known = [...units.values()].filter((u): u is UnitInfo => u !== null);
    await loadRuntimes(known);
    // The driver tags of the clients whose records carry one, read once per client.
    let wanted: Set<number> | null = null;
    for (const r of records) {
      if (r.driverId === undefined) continue;
      const info = units.get(r.deviceId);
      const tag = driverTag(r.driverId);
      if (!info || tag === null || registry.driverPid(info.clientId, tag) !== undefined) continue;
      (wanted ??= new Set()).add(info.clientId);
    }
    if (wanted) await registry.loadDrivers(wanted);
    const clients = new Set<number>();
    for (const u of known) clients.add(u.clientId);
    return { units, places: await places.load(clients), rules: await rules.load(clients) };
  }

  function publish(batch: Batch, events: Parameters<typeof publishEvents>[1]): void {
    const now = batch.now;
    for (const w of batch.units.values()) {
      if (unitChanged(w.info, w.before, w.rt, now))
        bus.publish('unit', unitMessage(w.info, w.rt, now));
    }
    publishEvents(bus, events);
  }

  /**
   * After commit: the new incidents, the recovery desk's new chase-ups (call-me rule alerts and
   * device events, in every state: the live hub pushes the New ones), and a nudge to the outbox
   * sender when messages were queued.
   */
  function publishRules(result: StoreResult): void {
    for (const a of result.alerts) bus.publish('rule_alert', a);
    for (const c of result.chaseups) bus.publish('chaseup', c);
    if (result.queued > 0) bus.publish('outbox_queued', { count: result.queued });
  }

  /** An evaluator that throws is a bug: logged once per batch, the batch itself goes through. */
  let ruleError: { err: unknown; rule: CompiledRule; count: number } | null = null;
  function onRuleError(err: unknown, rule: CompiledRule): void {
    if (ruleError) ruleError.count++;
    else ruleError = { err, rule, count: 1 };
  }

  /** Undoes a failed batch: its units' runtimes are loaded again from what was committed. */
  function forget(uids: Iterable<number>): void {
    for (const uid of uids) runtimes.delete(uid);
  }

  async function runBatch(records: DeviceRecord[], mark?: BatchMark): Promise<void> {
    let units: Map<string, UnitInfo | null> | null = null;
    try {
      const prepared = await prepare(records);
      const known = (units = prepared.units);
      const now = clock();
      const batch = processRecords(records, {
        now,
        cfg,
        unitOf: (id) => known.get(id),
        runtimeOf: (info) => {
          let rt = runtimes.get(info.uid);
          if (!rt) runtimes.set(info.uid, (rt = newRuntime(info)));
          return rt;
        },
        driverPid: (clientId, tag) => registry.driverPid(clientId, tag),
        placesOf: (clientId) => prepared.places.get(clientId),
        rulesOf: (clientId) => prepared.rules.get(clientId),
        onRuleError,
      });
      if (mark) batch.mark = mark;
      if (ruleError) {
        const { err, rule, count } = ruleError;
        ruleError = null;
        log.error({ err, rid: rule.rid, type: rule.type, count }, 'rule evaluator failed');
      }
      const result = await store.write(batch, cfg.trips);
      publish(batch, result.events);
      publishRules(result);
      stats.batches++;
      stats.records += batch.stats.records;
      stats.positions += batch.positions.length / POSITION_COLUMNS.length;
      stats.dropped += batch.stats.dropped;
      stats.duplicates += batch.stats.duplicates + result.lateDuplicates;
      stats.jumps += batch.stats.jumps;
      stats.unknown += batch.stats.unknown;
      if (batch.stats.unknown)
        log.warn({ records: batch.stats.unknown }, 'records of unknown devices dropped');
    } catch (err) {
      if (units) forget([...units.values()].flatMap((u) => (u ? [u.uid] : [])));
      stats.failures++;
      log.error({ err, records: records.length }, 'position batch not stored');
      throw err;
    }
  }

  const batcher = new Batcher<DeviceRecord>({
    maxItems: cfg.batchMaxRecords,
    maxDelayMs: cfg.batchMaxDelayMs,
    run: runBatch,
  });

  /** Closes trips of silent units (SPEC: the no-data gap), as one batch of its own. */
  async function expireSilent(): Promise<void> {
    const now = clock();
    if (!swept) {
      // Units with a stale open trip that have not reported since the last start.
      swept = true;
      const stale = await db
        .selectFrom('trips')
        .innerJoin('units', 'units.uid', 'trips.unit_id')
        .select([
          'units.uid',
          'units.client_id',
          'units.service_type',
          'units.driver_id',
          'units.device_id',
        ])
        .where('trips.open', '=', 1)
        .where('trips.type', '=', 0)
        .where('trips.end_time', '<', now - cfg.trips.maxGapS * 1000)
        .execute();
      const owns = opts.owns;
      await loadRuntimes(
        (owns ? stale.filter((u) => u.device_id !== null && owns(u.device_id)) : stale).map(
          (u) => ({
            uid: u.uid,
            clientId: u.client_id,
            serviceType: u.service_type,
            driverId: u.driver_id,
          }),
        ),
      );
    }
    const batch: Batch = {
      now,
      positions: [],
      events: [],
      units: new Map(),
      alerts: [],
      panic: new Map(),
      stats: { records: 0, dropped: 0, duplicates: 0, jumps: 0, unknown: 0 },
    };
    for (const rt of runtimes.values()) {
      if (rt.seg.phase !== 'trip' || !rt.seg.last) continue;
      if (now - rt.seg.last.time <= cfg.trips.maxGapS * 1000) continue;
      const before = liveView(rt);
      const ops = expire(rt.seg, now, cfg.trips);
      if (!ops.length) continue;
      rt.moving = rt.seg.moving;
      updateParkState(rt, rt.seg.last!.time);
      const info = infos.get(rt.uid)!;
      const w: UnitWork = { info, before, rt, ops, late: [] };
      batch.units.set(rt.uid, w);
    }
    if (!batch.units.size) return;
    let result;
    try {
      result = await store.write(batch, cfg.trips);
    } catch (err) {
      forget(batch.units.keys());
      throw err;
    }
    for (const w of batch.units.values()) {
      bus.publish('unit', { client_id: w.rt.clientId, uid: w.rt.uid, park_state: w.rt.parkState });
    }
    publishEvents(bus, result.events);
    publishRules(result);
  }

  // A unit's device changed (tasks publish it after commit): its old identifier must miss now.
  // The old device id is not in the message, so every cached lookup goes.
  const offDeviceChanged = bus.subscribe('unit_device_changed', () => registry.invalidate());
  // A client's locations, routes or route units changed (tasks publish it after commit): its
  // place index is rebuilt before its next fix is tested.
  const offPlacesChanged = bus.subscribe('places_changed', (m) => places.invalidate(m.client_id));
  // A client's rules, their labels or fleets, its panic recipients, its time zone or whether the
  // recovery desk chases it (clients.chase_up, carried on its units' UnitInfo) changed: its rules
  // are compiled again and its units read again before its next record.
  const offRulesChanged = bus.subscribe('rules_changed', (m) => {
    rules.invalidate(m.client_id);
    registry.invalidateUnitsOf(m.client_id);
  });
  // A client's people changed (a driver tag, a deletion) or a unit's default driver did: its tags
  // and units are read again before its next record, and a deleted person stops being any
  // unit's current driver.
  const offPeopleChanged = bus.subscribe('people_changed', (m) => {
    registry.invalidateClient(m.client_id);
    if (m.deleted_pid === undefined) return;
    for (const rt of runtimes.values()) {
      if (rt.clientId === m.client_id && rt.driverPid === m.deleted_pid) rt.driverPid = null;
    }
  });

  return {
    config: cfg,
    stats,
    identify(protocol: Protocol, deviceId: string, remoteAddress: string) {
      return registry.identify(protocol, deviceId, remoteAddress);
    },
    async deviceModel(_protocol: Protocol, deviceId: string) {
      return (await registry.lookup(deviceId))?.model ?? null;
    },
    submit(records: DeviceRecord[]) {
      return batcher.add(records);
    },
    flush: () => batcher.flush(),
    async close() {
      offDeviceChanged();
      offPlacesChanged();
      offRulesChanged();
      offPeopleChanged();
      await batcher.close();
    },
    invalidate: (deviceId?: string) => registry.invalidate(deviceId),
    expireTrips: () => batcher.exclusive(expireSilent),
    submitMarked: (records, mark) => batcher.exclusive(() => runBatch(records, mark)),
    reassigned: () =>
      batcher.exclusive(async () => {
        runtimes.clear();
        swept = false;
      }),
  };
}

export { pipelineConfig, DEFAULT_PIPELINE_CONFIG, type PipelineConfig } from './config';
export type { SqliteHandle } from './store-sqlite';
