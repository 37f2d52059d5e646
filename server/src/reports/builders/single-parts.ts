// What the Single Vehicles builders share beyond the readers (read.ts): the period every one of
// them requires, and the document of a period without data.
import type { ReportColumn } from '@fleet/common';
import { TaskError } from '../../tasks/errors';
import type { BuiltReport, ReportScope } from '../model';
import type { Range } from './read';

/** The scope's period; these reports all require date_range, which run.ts has checked. */
export function periodOf(scope: ReportScope): Range {
  if (!scope.range) throw new TaskError('date_range: Period is required');
  return scope.range;
}

/**
 * A valid report that says nothing happened ("No trips in this period"), with its table empty so
 * the CSV still has the report's own header row.
 */
export const nothingIn = (what: string, columns: ReportColumn[]): BuiltReport => ({
  sections: [
    { kind: 'note', text: `No ${what} in this period` },
    { kind: 'table', columns, rows: [], primary: true },
  ],
  empty: true,
});

/** Columns several of these reports show, alike in each. */
export const COLUMN = {
  start: { key: 'start', title: 'Start', kind: 'datetime' },
  end: { key: 'end', title: 'End', kind: 'datetime' },
  duration: { key: 'duration', title: 'Duration', kind: 'duration' },
  distance: { key: 'distance', title: 'Distance (km)', kind: 'km', decimals: 2 },
  maxSpeed: { key: 'max_speed', title: 'Max speed (km/h)', kind: 'speed' },
} satisfies Record<string, ReportColumn>;
