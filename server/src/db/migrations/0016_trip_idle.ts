import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from './helpers';

/**
 * Idle time of every trip (issue 14, the fleet summary): whole seconds of its legs whose mean
 * reported speed is below 3 km/h (domain/trips-segments.ts extend). The pipeline keeps it as fixes
 * join a trip; trips stored before this migration get it here from their positions, the legs
 * between consecutive valid fixes from start_time to end_time, as the segmenter saw them. A trip
 * with no positions left (retention) keeps 0.
 */
export function tripIdle(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('trips')
        .addColumn('idle_time', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`
        update trips set idle_time = coalesce((
          select cast(round(sum(l.dt) / 1000.0) as integer)
          from (
            select p.fix_time - lag(p.fix_time) over (order by p.fix_time) as dt,
                   (p.speed + lag(p.speed) over (order by p.fix_time)) / 2 as mean
            from positions p
            where p.unit_id = trips.unit_id
              and p.valid = 1
              and p.fix_time >= trips.start_time
              and p.fix_time <= trips.end_time
          ) l
          where l.mean < 3
        ), 0)
        where type = 0`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('trips').dropColumn('idle_time').execute();
    },
  };
}
