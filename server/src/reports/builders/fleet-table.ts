// Pieces the Multiple Vehicles, Driver and Advanced tables share: the vehicle column, sums for a
// totals line, ranks, a bar chart of the leading rows, and the note of a period with nothing in it.
import type {
  Cell,
  CellKind,
  ReportChartSection,
  ReportColumn,
  ReportNoteSection,
  ReportRow,
  ReportSummarySection,
} from '@fleet/common';
import type { ReportScope, StreamedTable } from '../model';
import { capRows } from './read';

export const VEHICLE: ReportColumn = { key: 'vehicle', title: 'Vehicle', kind: 'text' };
export const REG: ReportColumn = { key: 'reg', title: 'Registration', kind: 'text' };
export const DRIVER: ReportColumn = { key: 'driver', title: 'Driver', kind: 'text' };
export const RANK: ReportColumn = { key: 'rank', title: 'Rank', kind: 'number', decimals: 0 };

/** The summary boxes at the top: [label, value, kind] each. */
export const summary = (...items: [string, Cell, CellKind][]): ReportSummarySection => ({
  kind: 'summary',
  items: items.map(([label, value, kind]) => ({ label, value, kind })),
});

export const note = (text: string): ReportNoteSection => ({ kind: 'note', text });

/** Rounds to `d` decimals (sums of 2-decimal km pick up float noise). */
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** The sum of a numeric column over rows, as the column shows it (so the total adds up). */
export function sum(rows: readonly ReportRow[], key: string, decimals = 2): number {
  let s = 0;
  for (const r of rows) s += typeof r[key] === 'number' ? (r[key] as number) : 0;
  return round(s, decimals);
}

/** The largest value of a numeric column; 0 for none. */
export function top(rows: readonly ReportRow[], key: string): number {
  let m = 0;
  for (const r of rows)
    if (typeof r[key] === 'number' && (r[key] as number) > m) m = r[key] as number;
  return m;
}

/** Writes 1, 2, 3 ... into the rank column of rows already in order. */
export function ranked(rows: ReportRow[]): ReportRow[] {
  rows.forEach((r, i) => (r.rank = i + 1));
  return rows;
}

/** The report's one primary table (the CSV's), capped for the Website view. */
export function primaryTable(
  scope: Pick<ReportScope, 'rowCap'>,
  columns: ReportColumn[],
  rows: ReportRow[],
  totals?: ReportRow,
  title?: string,
): StreamedTable {
  return {
    kind: 'table',
    ...(title ? { title } : {}),
    columns,
    ...capRows(rows, scope.rowCap),
    ...(totals ? { totals } : {}),
    primary: true,
  };
}

/** A bar chart of the first `limit` rows with a value above 0, in the order given. */
export function barChart(
  title: string,
  rows: readonly ReportRow[],
  label: string,
  value: string,
  unit: string,
  limit = 30,
): ReportChartSection | null {
  const shown = rows.filter((r) => typeof r[value] === 'number' && (r[value] as number) > 0);
  if (!shown.length) return null;
  const list = shown.slice(0, limit);
  return {
    kind: 'chart',
    title: shown.length > limit ? `${title} (the first ${limit})` : title,
    chart: 'bar',
    categories: list.map((r) => String(r[label] ?? '')),
    series: [{ name: title, values: list.map((r) => r[value] as number) }],
    unit,
  };
}

/** Throws when the user cancelled; call it inside loops over many rows. */
export function checkEvery(scope: Pick<ReportScope, 'signal'>, i: number, every = 500): void {
  if (i % every === 0) scope.signal.throwIfAborted();
}
