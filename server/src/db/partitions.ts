// PostgreSQL positions in day partitions (ARCHITECTURE.md §4, issue 17): `positions` is partitioned
// by range of fix_time, one partition per UTC day (positions_pYYYYMMDD), plus positions_default
// for any fix no day partition takes yet (an old buffer a tracker sends late, a row written before
// the jobs role made its day), so no insert ever fails for want of a partition. The jobs role keeps
// them (jobs/positions-upkeep.ts): it gives the default partition's rows their day partitions,
// makes the days ahead, and drops whole partitions older than POSITIONS_RETENTION_DAYS; old
// positions are never deleted row by row. Every change runs under one advisory lock, so several
// jobs processes (or a migration) never race on the same partition.
import { sql, type Kysely } from 'kysely';

export const DAY_MS = 86_400_000;
/** Days ahead of today that always have their partition. */
export const PARTITION_DAYS_AHEAD = 7;
export const DEFAULT_PARTITION = 'positions_default';
/** pg_advisory_xact_lock key: "positions" partition changes (an arbitrary constant). */
const LOCK_KEY = 7_401_173;

/** The UTC day number (days since 1970-01-01) of an epoch-ms instant. */
export function dayOf(t: number): number {
  return Math.floor(t / DAY_MS);
}

/** positions_pYYYYMMDD for a UTC day number. */
export function partitionName(day: number): string {
  return `positions_p${new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day number a partition name stands for; null for the default partition or another name. */
export function partitionDay(name: string): number | null {
  const m = /^positions_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (!m) return null;
  return dayOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/** The partitions of positions, by name. */
export async function listPartitions(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'positions'::regclass order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

/** The distinct UTC days of the rows waiting in the default partition. */
async function defaultDays(db: Kysely<any>): Promise<number[]> {
  const { rows } = await sql<{ day: number }>`
    select distinct floor(fix_time / ${DAY_MS}::numeric)::int as day
    from ${sql.table(DEFAULT_PARTITION)} order by 1`.execute(db);
  return rows.map((r) => Number(r.day));
}

/**
 * Makes the partition of `day` unless it exists, moving the default partition's rows of that day
 * into it (a day partition cannot be attached while the default holds rows of its range). The new
 * table takes the parent's columns, defaults and indexes, so attaching it builds no index.
 * Returns whether it made one.
 */
async function makeDay(trx: Kysely<any>, day: number, existing: Set<string>): Promise<boolean> {
  const name = partitionName(day);
  if (existing.has(name)) return false;
  const from = day * DAY_MS;
  const to = from + DAY_MS;
  const table = sql.table(name);
  await sql`create table ${table} (like positions including defaults including constraints including indexes)`.execute(
    trx,
  );
  // A check that proves the range lets the attach skip scanning the new table.
  await sql`alter table ${table} add constraint ${sql.ref(`${name}_range`)}
    check (fix_time >= ${sql.lit(from)} and fix_time < ${sql.lit(to)})`.execute(trx);
  await sql`with moved as (
      delete from ${sql.table(DEFAULT_PARTITION)}
      where fix_time >= ${sql.lit(from)} and fix_time < ${sql.lit(to)} returning *)
    insert into ${table} select * from moved`.execute(trx);
  await sql`alter table positions attach partition ${table}
    for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
  await sql`alter table ${table} drop constraint ${sql.ref(`${name}_range`)}`.execute(trx);
  existing.add(name);
  return true;
}

/** Takes the partition lock for the rest of transaction `trx`; answers the partitions there are. */
async function lockPartitions(trx: Kysely<any>): Promise<Set<string>> {
  await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
  return new Set(await listPartitions(trx));
}

/** Makes the partitions of `days` that are missing, inside the caller's transaction `trx`. */
export async function createDayPartitions(trx: Kysely<any>, days: Iterable<number>): Promise<void> {
  const existing = await lockPartitions(trx);
  for (const day of days) await makeDay(trx, day, existing);
}

export interface UpkeepResult {
  /** Day partitions made (ahead, or for rows that were in the default partition). */
  created: string[];
  /** Partitions dropped as older than the retention. */
  dropped: string[];
}

/**
 * One round of upkeep at `now`: the default partition's rows go to their day partitions, today
 * and PARTITION_DAYS_AHEAD days after it get theirs, and with `retentionDays` every day partition
 * whose whole day lies more than that many days before now is dropped (rows of such a day found
 * in the default partition get their partition and lose it in the same round).
 */
export async function upkeepPartitions(
  db: Kysely<any>,
  now: number,
  retentionDays: number | null,
): Promise<UpkeepResult> {
  return db.transaction().execute(async (trx) => {
    const existing = await lockPartitions(trx);
    const today = dayOf(now);
    const oldestKept = retentionDays === null ? -Infinity : dayOf(now - retentionDays * DAY_MS);
    const created: string[] = [];
    const days = new Set(await defaultDays(trx));
    for (let d = today; d <= today + PARTITION_DAYS_AHEAD; d++) days.add(d);
    for (const day of [...days].sort((a, b) => a - b)) {
      if (await makeDay(trx, day, existing)) created.push(partitionName(day));
    }
    const dropped: string[] = [];
    for (const name of existing) {
      const day = partitionDay(name);
      if (day === null || day >= oldestKept) continue;
      await sql`drop table ${sql.table(name)}`.execute(trx);
      dropped.push(name);
    }
    return { created, dropped };
  });
}
