// Fleet coverage (SPEC §2 fleet_coverage_area): where the units drove over a range, counted by the
// database into grid cells, so a big fleet's picture is complete or says what it left out.
import { sql } from 'kysely';
import { defineTask } from './registry';
import { fleetRangeProbe, fleetScope } from './summaries';

/** Cells per degree: a cell is 0.005° (about 550 m north-south), an area rather than a street. */
const PER_DEGREE = 200;

const cellOf = (index: number) => Math.round((index / PER_DEGREE) * 1e5) / 1e5;

const getCoverage = defineTask({
  name: 'get_coverage',
  roles: ['feature_fleet_coverage', 'user_support'],
  probe: fleetRangeProbe,
  async handler(ctx, p) {
    const { from, to, uids } = await fleetScope(ctx, p);
    // The same literal text in select and group by: PostgreSQL matches them as one expression.
    const y = sql<number>`round(positions.lat * ${sql.lit(PER_DEGREE)})`;
    const x = sql<number>`round(positions.lon * ${sql.lit(PER_DEGREE)})`;
    const rows = await ctx.tenant
      .positionsOf(uids)
      .select([
        y.as('y'),
        x.as('x'),
        sql<number>`count(*)`.as('n'),
        // Window totals over every cell, computed before the limit cuts the list.
        sql<number>`count(*) over ()`.as('cells'),
        sql<number | string>`sum(count(*)) over ()`.as('points'),
      ])
      .where('positions.fix_time', '>=', from)
      .where('positions.fix_time', '<=', to)
      .where('positions.speed', '>', 0)
      .groupBy([y, x])
      .orderBy('n', 'desc')
      .orderBy('y')
      .orderBy('x')
      .limit(p.max_cells)
      .execute();
    const totalCells = Number(rows[0]?.cells ?? 0);
    const totalPoints = Number(rows[0]?.points ?? 0);
    const cells = rows.map((r): [number, number, number] => [
      cellOf(r.y),
      cellOf(r.x),
      Number(r.n),
    ]);
    const drawn = cells.reduce((sum, c) => sum + c[2], 0);
    return {
      /** [lat, lon, moving positions] of each cell's centre, busiest first. */
      cells,
      cell_size: 1 / PER_DEGREE,
      points: totalPoints,
      units: uids.length,
      truncated: totalCells > cells.length,
      left_out: { cells: totalCells - cells.length, points: totalPoints - drawn },
    };
  },
});

export const coverageTasks = [getCoverage];
