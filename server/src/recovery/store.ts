// The recovery desk's part of stage 8 (issue 16 item 1): the chase-ups of a batch's new device
// events, written in the batch's transaction (both stores: Kysely and the embedded database's
// prepared statements), so they commit with their events before the device is acknowledged, and
// are published on the bus after the commit (pipeline/index.ts). A batch without an event that
// raises one costs a loop over its stored events and nothing more. Otherwise one query reads the
// recent chase-ups of the batch's units and types (index chaseup_events_unit_type), plan.ts decides
// the rows and their states, and they are inserted with ON CONFLICT (device_event_id) DO NOTHING.
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database, Dialect } from '../db';
import type { ChaseupMessage } from '../live/bus';
import type { StoredEvent } from '../pipeline/columns';
import { MultiRowStatement } from '../pipeline/sql';
import type { PanicRecipients } from '../rules/cache';
import {
  chaseupEvents,
  planChaseups,
  recentQuery,
  type ChaseupUnit,
  type KnownChaseup,
  type PlannedChaseup,
} from './plan';

export const CHASEUP_EVENT_COLUMNS = [
  'client_id',
  'unit_id',
  'type',
  'state',
  'time',
  'lat',
  'lon',
  'device_event_id',
  'description',
  'created',
  'duplicate_of',
] as const;

const CONFLICT = 'on conflict ("device_event_id") do nothing';

/** What the writers read of a processed batch (pipeline/process.ts Batch). */
export interface ChaseupBatch {
  now: number;
  /** The batch's units: their service type and whether their client is chased. */
  units: ReadonlyMap<number, { info: { serviceType: string; chaseUp?: boolean } }>;
  /** Panic notification recipients of the batch's clients that have some (by client id). */
  panic: ReadonlyMap<number, PanicRecipients>;
}

/** Shared by batches that raised no chase-up: read only. */
export const NO_CHASEUPS: ChaseupMessage[] = [];

/** The bus message of a chase-up just inserted (published after the commit). */
export function chaseupMessage(
  id: number,
  c: { client_id: number; unit_id: number; type: number; state: number; time: number },
): ChaseupMessage {
  return {
    client_id: c.client_id,
    id,
    uid: c.unit_id,
    type: c.type,
    state: c.state,
    kind: 'new',
    time: new Date(c.time).toISOString(),
  };
}

function unitOf(batch: ChaseupBatch): (uid: number) => ChaseupUnit | undefined {
  return (uid) => {
    const info = batch.units.get(uid)?.info;
    return info && { serviceType: info.serviceType, chaseUp: info.chaseUp !== false };
  };
}

function hasPanicRecipients(batch: ChaseupBatch): (clientId: number) => boolean {
  return (clientId) => {
    const to = batch.panic.get(clientId);
    return to !== undefined && to.emails.length + to.sms.length > 0;
  };
}

function plan(
  batch: ChaseupBatch,
  events: readonly StoredEvent[],
  recent: readonly KnownChaseup[],
): PlannedChaseup[] {
  return planChaseups({
    now: batch.now,
    events,
    unitOf: unitOf(batch),
    hasPanicRecipients: hasPanicRecipients(batch),
    recent,
  });
}

function pushValues(out: unknown[], p: PlannedChaseup, duplicateOf: number | null): void {
  out.push(
    p.client_id,
    p.unit_id,
    p.type,
    p.state,
    p.time,
    p.lat,
    p.lon,
    p.device_event_id,
    p.description,
    p.created,
    duplicateOf,
  );
}

/** Writes a batch's chase-ups through Kysely, inside transaction `trx`. */
export class KyselyChaseupWriter {
  private readonly insert: MultiRowStatement;

  constructor(dialect: Dialect) {
    this.insert = new MultiRowStatement(
      dialect,
      'chaseup_events',
      CHASEUP_EVENT_COLUMNS,
      `${CONFLICT} returning "id", "device_event_id"`,
    );
  }

  async write(
    trx: Kysely<Database>,
    batch: ChaseupBatch,
    events: readonly StoredEvent[],
  ): Promise<ChaseupMessage[]> {
    const raising = chaseupEvents(events);
    if (!raising.length) return NO_CHASEUPS;
    const q = recentQuery(raising);
    const recent = await trx
      .selectFrom('chaseup_events')
      .select(['id', 'unit_id', 'type', 'time', 'state'])
      .where('unit_id', 'in', q.uids)
      .where('type', 'in', q.types)
      .where('time', '>=', q.since)
      .execute();
    const planned = plan(batch, raising, recent);
    // The chase-ups that name none of the batch first, then the duplicates of those (their ids).
    const ids = new Map<number, number>();
    const first: unknown[] = [];
    const later: PlannedChaseup[] = [];
    for (const p of planned) {
      if (p.duplicate_of_planned === null) pushValues(first, p, p.duplicate_of);
      else later.push(p);
    }
    const stored = async (values: unknown[]) => {
      const rows = await this.insert.run<{ id: number; device_event_id: number }>(trx, values);
      for (const r of rows) ids.set(Number(r.device_event_id), Number(r.id));
    };
    await stored(first);
    if (later.length) {
      const values: unknown[] = [];
      for (const p of later) {
        const anchor = planned[p.duplicate_of_planned!];
        pushValues(values, p, ids.get(anchor.device_event_id) ?? null);
      }
      await stored(values);
    }
    const out: ChaseupMessage[] = [];
    for (const p of planned) {
      const id = ids.get(p.device_event_id);
      if (id !== undefined) out.push(chaseupMessage(id, p));
    }
    return out;
  }
}

/**
 * The same writes through statements prepared once (store-sqlite.ts's synchronous transaction).
 * Chase-ups are rare next to positions: one insert each, in the plan's order, so a duplicate of an
 * earlier one of the batch knows that one's id.
 */
export class SqliteChaseupWriter {
  private readonly recent: SQLite.Statement;
  private readonly insert: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    this.recent = sqlite.prepare(
      'select "id", "unit_id", "type", "time", "state" from "chaseup_events" ' +
        'where "unit_id" in (select value from json_each(?)) ' +
        'and "type" in (select value from json_each(?)) and "time" >= ?',
    );
    const cols = CHASEUP_EVENT_COLUMNS.map((c) => `"${c}"`).join(', ');
    const marks = CHASEUP_EVENT_COLUMNS.map(() => '?').join(', ');
    this.insert = sqlite.prepare(
      `insert into "chaseup_events" (${cols}) values (${marks}) ${CONFLICT}`,
    );
  }

  write(batch: ChaseupBatch, events: readonly StoredEvent[]): ChaseupMessage[] {
    const raising = chaseupEvents(events);
    if (!raising.length) return NO_CHASEUPS;
    const q = recentQuery(raising);
    const recent = this.recent.all(
      JSON.stringify(q.uids),
      JSON.stringify(q.types),
      q.since,
    ) as KnownChaseup[];
    const planned = plan(batch, raising, recent);
    const ids: (number | null)[] = [];
    const out: ChaseupMessage[] = [];
    const values: unknown[] = [];
    for (const p of planned) {
      const dup = p.duplicate_of_planned === null ? p.duplicate_of : ids[p.duplicate_of_planned];
      values.length = 0;
      pushValues(values, p, dup);
      const info = this.insert.run(...values);
      const id = info.changes > 0 ? Number(info.lastInsertRowid) : null;
      ids.push(id);
      if (id !== null) out.push(chaseupMessage(id, p));
    }
    return out;
  }
}
