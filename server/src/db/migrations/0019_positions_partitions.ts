import { sql, type Kysely } from 'kysely';
import { DAY_MS, DEFAULT_PARTITION, createDayPartitions } from '../partitions';
import type { Dialect, Migration } from './helpers';

/**
 * PostgreSQL keeps positions in day partitions (db/partitions.ts, issue 17): the table becomes
 * partitioned by range of fix_time with a default partition, the days the stored positions cover
 * get their partitions, and the rows move over once. The id keeps its sequence; the key is the
 * unique (unit_id, fix_time) every insert's conflict clause names (a partitioned table's unique
 * index must hold the partition column). SQLite has no partitions: nothing changes there.
 */
export function positionsPartitions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table positions rename to positions_unpartitioned`.execute(db);
      await sql`alter index positions_unit_time rename to positions_unpartitioned_unit_time`.execute(
        db,
      );
      await sql`alter table positions_unpartitioned
        rename constraint positions_pkey to positions_unpartitioned_pkey`.execute(db);
      await sql`create table positions
        (like positions_unpartitioned including defaults including constraints)
        partition by range (fix_time)`.execute(db);
      await sql`create unique index positions_unit_time on positions (unit_id, fix_time)`.execute(
        db,
      );
      await sql`create table ${sql.table(DEFAULT_PARTITION)} partition of positions default`.execute(
        db,
      );
      const { rows } = await sql<{ day: number }>`
        select distinct floor(fix_time / ${DAY_MS}::numeric)::int as day
        from positions_unpartitioned`.execute(db);
      await createDayPartitions(
        db,
        rows.map((r) => Number(r.day)),
      );
      await sql`insert into positions select * from positions_unpartitioned`.execute(db);
      await sql`alter sequence positions_id_seq owned by positions.id`.execute(db);
      await sql`drop table positions_unpartitioned`.execute(db);
    },
  };
}
