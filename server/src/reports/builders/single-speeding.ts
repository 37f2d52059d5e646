// The speeding report (issue 14 item 1): each stretch one vehicle drove above a chosen limit. No
// stored figure holds a stretch, so the period's positions are read (in batches: a month of fixes
// never sits in memory whole). A stretch starts at the first fix above the limit and ends at the
// first fix back at or below it, so its time and distance include the slowing down to the limit;
// a gap in the fixes of more than GAP_MS ends it at its last fix above (no guessing across it).
import { haversineMeters, type ReportColumn, type ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { ReportBuilder } from '../model';
import {
  capRows,
  dayBounds,
  dayIndexOf,
  km,
  locationAreas,
  perDayChart,
  placeNamer,
  positionBatches,
  type PositionRow,
} from './read';
import { COLUMN, nothingIn, periodOf } from './single-parts';

const GAP_MS = 5 * 60_000;

export interface Stretch {
  start: number;
  end: number;
  /** km/h */
  top: number;
  metres: number;
  lat: number;
  lon: number;
}

/**
 * Finds the stretches above `limit` in fixes fed in time order: push() each batch, then finish().
 * Kept apart from the reading so it can be checked with hand-made fixes.
 */
export class StretchFinder {
  readonly stretches: Stretch[] = [];
  private open: Stretch | null = null;
  private prev: PositionRow | null = null;

  constructor(private readonly limit: number) {}

  push(batch: readonly PositionRow[]): void {
    for (const p of batch) {
      const prev = this.prev;
      this.prev = p;
      const s = this.open;
      if (s && prev && p.fix_time - prev.fix_time <= GAP_MS) {
        s.metres += haversineMeters(prev.lat, prev.lon, p.lat, p.lon);
        s.end = p.fix_time;
        s.top = Math.max(s.top, p.speed);
        // The fix back at or below the limit ends the stretch and starts none.
        if (p.speed <= this.limit) this.close();
        continue;
      }
      // A gap: the stretch ends at its last fix above the limit.
      this.close();
      if (p.speed > this.limit)
        this.open = {
          start: p.fix_time,
          end: p.fix_time,
          top: p.speed,
          metres: 0,
          lat: p.lat,
          lon: p.lon,
        };
    }
  }

  private close(): void {
    if (this.open) this.stretches.push(this.open);
    this.open = null;
  }

  finish(): Stretch[] {
    this.close();
    return this.stretches;
  }
}

const COLUMNS: ReportColumn[] = [
  COLUMN.start,
  COLUMN.end,
  COLUMN.duration,
  COLUMN.maxSpeed,
  COLUMN.distance,
  { key: 'where', title: 'Where', kind: 'text' },
];

export const speedingReport: ReportBuilder = async (scope) => {
  const { ctx, days, zone } = scope;
  const unit = scope.units[0];
  const range = periodOf(scope);
  const limit = Number(scope.params.speed_limit);
  const finder = new StretchFinder(limit);
  const span = range.to - range.from;
  scope.progress(0.02, 'Reading positions');
  for await (const batch of positionBatches(ctx, [unit.uid], range, { signal: scope.signal })) {
    finder.push(batch);
    const done = (batch[batch.length - 1].fix_time - range.from) / span;
    scope.progress(0.02 + 0.88 * done, 'Reading positions');
  }
  const stretches = finder.finish();
  if (!stretches.length) return nothingIn(`driving above ${limit} km/h`, COLUMNS);

  scope.progress(0.92, 'Naming places');
  const place = placeNamer(await locationAreas(ctx, unit.client_id));
  const bounds = dayBounds(zone, days, range);
  const perDay = days.map(() => 0);
  const rows: ReportRow[] = stretches.map((s) => {
    perDay[dayIndexOf(bounds, s.start)]++;
    return {
      start: iso(s.start),
      end: iso(s.end),
      duration: Math.round((s.end - s.start) / 1000),
      max_speed: Math.round(s.top),
      distance: km(s.metres),
      where: place(s.lat, s.lon),
    };
  });
  const seconds = stretches.reduce((sum, s) => sum + Math.round((s.end - s.start) / 1000), 0);
  const metres = stretches.reduce((sum, s) => sum + s.metres, 0);
  const top = Math.round(Math.max(...stretches.map((s) => s.top)));
  scope.progress(1, 'Done');
  return {
    sections: [
      {
        kind: 'summary',
        items: [
          { label: 'Speed limit', value: limit, kind: 'speed' },
          { label: 'Stretches', value: stretches.length, kind: 'number' },
          { label: 'Time above the limit', value: seconds, kind: 'duration' },
          { label: 'Distance above the limit', value: km(metres), kind: 'km' },
          { label: 'Top speed', value: top, kind: 'speed' },
        ],
      },
      {
        kind: 'table',
        title: `Above ${limit} km/h`,
        primary: true,
        columns: COLUMNS,
        ...capRows(rows, scope.rowCap),
        totals: {
          start: `${stretches.length} stretches`,
          duration: seconds,
          max_speed: top,
          distance: km(metres),
        },
      },
      perDayChart('Stretches per day', days, perDay, 'stretches'),
    ],
    empty: false,
  };
};
