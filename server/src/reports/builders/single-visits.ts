// The location visits report (issue 14 item 1): when one vehicle arrived at and left each of the
// client's locations. The pipeline writes a location_enter and a location_exit device event at each
// crossing (pipeline/places.ts, with margins against jitter; ref = the lid), so a visit is an enter
// and the next exit of the same location: stored figures, no position scan. A visit under way when
// the period begins takes its arrival from the last enter before it; one still under way at the
// end has no departure. The duration and the time inside count the part within the period.
import type { ReportColumn, ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { ReportBuilder } from '../model';
import type { TaskContext } from '../../tasks/context';
import { capRows, eventsInRange, locationAreas, type EventRow, type Range } from './read';
import { nothingIn, periodOf } from './single-parts';

const COLUMNS: ReportColumn[] = [
  { key: 'location', title: 'Location', kind: 'text' },
  { key: 'arrived', title: 'Arrived', kind: 'datetime' },
  { key: 'left', title: 'Left', kind: 'datetime' },
  { key: 'duration', title: 'Time inside', kind: 'duration' },
];

export interface Visit {
  lid: number;
  name: string;
  arrived: number | null;
  left: number | null;
  /** seconds inside within the period */
  seconds: number;
}

/**
 * Pairs crossings (time order) into visits. `before` holds the time of each location's last enter
 * before the period for those the vehicle had not left by then.
 */
export function pairVisits(
  crossings: readonly Pick<EventRow, 'type' | 'time' | 'ref'>[],
  before: ReadonlyMap<number, number>,
  range: Range,
  names: ReadonlyMap<number, string>,
): Visit[] {
  const open = new Map<number, number | null>(before);
  const visits: Visit[] = [];
  const add = (lid: number, arrived: number | null, left: number | null) => {
    const from = Math.max(arrived ?? range.from, range.from);
    const to = Math.min(left ?? range.to, range.to);
    visits.push({
      lid,
      name: names.get(lid) ?? `Location ${lid}`,
      arrived,
      left,
      seconds: Math.max(0, Math.round((to - from) / 1000)),
    });
  };
  for (const c of crossings) {
    if (c.type === 'location_enter') {
      if (!open.has(c.ref)) open.set(c.ref, c.time);
    } else if (open.has(c.ref)) {
      add(c.ref, open.get(c.ref)!, c.time);
      open.delete(c.ref);
    } else {
      // An exit whose enter was not stored (before the unit's places were known): arrival unknown.
      add(c.ref, null, c.time);
    }
  }
  for (const [lid, arrived] of open) add(lid, arrived, null);
  return visits.sort(
    (a, b) => (a.arrived ?? range.from) - (b.arrived ?? range.from) || a.lid - b.lid,
  );
}

/** For each location the unit was inside when the period began: its last enter before it. */
async function insideAtStart(ctx: TaskContext, uid: number, from: number) {
  const last = await ctx.tenant
    .selectFrom('device_events')
    .select(['ref', (eb) => eb.fn.max('time').as('at')])
    .where('unit_id', '=', uid)
    .where('type', 'in', ['location_enter', 'location_exit'])
    .where('time', '<', from)
    .groupBy('ref')
    .execute();
  if (!last.length) return new Map<number, number>();
  const enters = await ctx.tenant
    .selectFrom('device_events')
    .select(['ref', 'time'])
    .where('unit_id', '=', uid)
    .where('type', '=', 'location_enter')
    .where('time', '<', from)
    .where(
      'time',
      'in',
      last.map((l) => Number(l.at)),
    )
    .execute();
  const lastAt = new Map(last.map((l) => [Number(l.ref), Number(l.at)]));
  return new Map(
    enters
      .filter((e) => lastAt.get(Number(e.ref)) === Number(e.time))
      .map((e) => [Number(e.ref), Number(e.time)]),
  );
}

export const locationVisitsReport: ReportBuilder = async (scope) => {
  const { ctx } = scope;
  const unit = scope.units[0];
  const range = periodOf(scope);
  scope.progress(0.1, 'Reading location crossings');
  const crossings = await eventsInRange(ctx, [unit.uid], range, [
    'location_enter',
    'location_exit',
  ]);
  const before = await insideAtStart(ctx, unit.uid, range.from);
  scope.signal.throwIfAborted();
  const names = new Map((await locationAreas(ctx, unit.client_id)).map((l) => [l.lid, l.name]));
  // A location deleted since keeps the name the pipeline wrote on its events.
  for (const c of crossings)
    if (!names.has(c.ref) && typeof c.attributes.name === 'string')
      names.set(c.ref, c.attributes.name);
  const visits = pairVisits(crossings, before, range, names);
  if (!visits.length) return nothingIn('location visits', COLUMNS);

  scope.progress(0.8, 'Adding up the visits');
  const rows: ReportRow[] = visits.map((v) => ({
    location: v.name,
    arrived: iso(v.arrived),
    left: iso(v.left),
    duration: v.seconds,
  }));
  const total = visits.reduce((s, v) => s + v.seconds, 0);
  const byPlace = new Map<string, { visits: number; seconds: number }>();
  for (const v of visits) {
    const p = byPlace.get(v.name) ?? { visits: 0, seconds: 0 };
    p.visits++;
    p.seconds += v.seconds;
    byPlace.set(v.name, p);
  }
  const places = [...byPlace].sort(
    (a, b) => b[1].seconds - a[1].seconds || a[0].localeCompare(b[0]),
  );
  scope.progress(1, 'Done');
  return {
    sections: [
      {
        kind: 'summary',
        items: [
          { label: 'Visits', value: visits.length, kind: 'number' },
          { label: 'Locations', value: byPlace.size, kind: 'number' },
          { label: 'Time inside', value: total, kind: 'duration' },
        ],
      },
      {
        kind: 'table',
        title: 'Visits',
        primary: true,
        columns: COLUMNS,
        ...capRows(rows, scope.rowCap),
        totals: { location: `${visits.length} visits`, duration: total },
      },
      {
        kind: 'table',
        title: 'By location',
        columns: [
          { key: 'location', title: 'Location', kind: 'text' },
          { key: 'visits', title: 'Visits', kind: 'number' },
          { key: 'duration', title: 'Time inside', kind: 'duration' },
        ],
        ...capRows(
          places.map(([location, p]) => ({ location, visits: p.visits, duration: p.seconds })),
          scope.rowCap,
        ),
      },
      {
        kind: 'chart',
        title: 'Time inside per location',
        chart: 'bar',
        categories: places.slice(0, 30).map(([name]) => name),
        series: [
          {
            name: 'Hours inside',
            values: places.slice(0, 30).map(([, p]) => Math.round(p.seconds / 36) / 100),
          },
        ],
        unit: 'h',
      },
    ],
    empty: false,
  };
};
