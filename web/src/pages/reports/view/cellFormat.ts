// How the Website view writes a report's cells (common/src/tasks/reports.ts CellKind): km with 2
// decimals (SPEC §9), durations in hours and minutes ("1 h 05 min", hours not rolled into days so
// a month's driving reads as hours), times in the report's zone (the client's), and how each kind
// of column sorts.
import { formatKm, type Cell, type CellKind, type ReportColumn } from '@fleet/common';
import { formatDateTime } from '../../../components/dates';

export const EMPTY_CELL = '—';

/** 45 s, 12 min, 1 h 05 min, 52 h 10 min. */
export function durationText(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `${h} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const fixed = (n: number, decimals: number | undefined) =>
  decimals === undefined ? String(n) : n.toFixed(decimals);

/** A cell as the page shows it; `zone` is the report's (ReportDoc.zone). */
export function cellText(
  value: Cell | undefined,
  kind: CellKind,
  zone: string,
  decimals?: number,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  if (typeof value === 'string') {
    if (kind === 'datetime') return formatDateTime(value, 'YYYY-MM-DD HH:mm', zone);
    return value;
  }
  switch (kind) {
    case 'km':
      return formatKm(value);
    case 'duration':
      return durationText(value);
    case 'speed':
      return `${Math.round(value)} km/h`;
    case 'litres':
      return `${value.toFixed(decimals ?? 2)} L`;
    case 'percent':
      return `${fixed(value, decimals ?? 0)}%`;
    case 'coordinate':
      return value.toFixed(decimals ?? 5);
    default:
      return fixed(value, decimals);
  }
}

/** Text sorts as words, times as instants, every other kind as numbers; empty cells first. */
export function compareCells(column: ReportColumn) {
  const key = column.key;
  const rank = (v: Cell | undefined): number | string | null => {
    if (v === null || v === undefined || v === '') return null;
    if (column.kind === 'datetime' && typeof v === 'string') return Date.parse(v);
    return v;
  };
  return (a: Record<string, Cell>, b: Record<string, Cell>): number => {
    const x = rank(a[key]);
    const y = rank(b[key]);
    if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y), undefined, { numeric: true });
  };
}

/** Numbers sit right in their column. */
export const alignOf = (kind: CellKind): 'left' | 'right' =>
  kind === 'text' || kind === 'datetime' || kind === 'date' ? 'left' : 'right';
