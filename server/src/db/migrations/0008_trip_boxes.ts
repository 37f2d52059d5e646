import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './helpers';

/**
 * The box of every stored trip and stop (issue 10, the area search): min_lat, min_lon, max_lat,
 * max_lon of the unit's positions from start_time to end_time. The pipeline keeps it as fixes
 * join a segment (domain/trips.ts); rows stored before this migration get it here, in one UPDATE
 * whose correlated subquery reads each segment's positions through positions_unit_time (about
 * 1.5 s per million positions on SQLite, see docs/performance.md "Area search"). A segment with
 * no positions left (retention) keeps NULL, which the area search reads as "always a candidate".
 */
export function tripBoxes(_dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      for (const column of ['min_lat', 'min_lon', 'max_lat', 'max_lon']) {
        await db.schema.alterTable('trips').addColumn(column, real).execute();
      }
      await sql`
        update trips set (min_lat, min_lon, max_lat, max_lon) = (
          select min(p.lat), min(p.lon), max(p.lat), max(p.lon)
          from positions p
          where p.unit_id = trips.unit_id
            and p.fix_time >= trips.start_time
            and p.fix_time <= trips.end_time
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const column of ['min_lat', 'min_lon', 'max_lat', 'max_lon']) {
        await db.schema.alterTable('trips').dropColumn(column).execute();
      }
    },
  };
}
