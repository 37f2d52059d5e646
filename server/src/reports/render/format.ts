// How a report's cells and header read (issue 14 item 2). PDF and HTML show values the way a person
// reads them ("12.35 km", "1 h 05 min", "2026-11-25 08:15" in the client's zone); the CSV keeps
// numbers raw (km with 2 decimals, durations in seconds) and times as "YYYY-MM-DD HH:mm:ss" in the
// zone, so a spreadsheet can sum and sort them.
import {
  DISTANCE_DECIMALS,
  formatKm,
  reportById,
  summarizeNames,
  zoneOffsetMinutes,
  type Cell,
  type CellKind,
  type ReportColumn,
  type ReportRow,
} from '@fleet/common';
import type { ServerReportDoc, StreamedTable } from '../model';

const MINUTE = 60_000;
const DAY = 86_400_000;

// A table of a year of trips shows thousands of times; Intl is slow enough to matter there, and a
// zone's offset changes at most once a day, so it is read at both ends of each UTC day and reused
// when they agree (the day of a change reads every instant on its own).
const offsetCache = new Map<string, number>();

function offsetAt(zone: string, at: number): number {
  const day = Math.floor(at / DAY);
  const key = `${zone} ${day}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size > 20_000) offsetCache.clear();
    const start = zoneOffsetMinutes(zone, day * DAY);
    offset = start === zoneOffsetMinutes(zone, (day + 1) * DAY - 1) ? start : NaN;
    offsetCache.set(key, offset);
  }
  return Number.isNaN(offset) ? zoneOffsetMinutes(zone, at) : offset;
}

function instant(value: Cell): number {
  if (typeof value === 'number') return value;
  return value === null ? NaN : Date.parse(value);
}

/** "YYYY-MM-DD HH:mm:ss" of an instant (ISO or epoch ms) in `zone`; '' for none. */
export function localDateTime(value: Cell, zone: string): string {
  const at = instant(value);
  if (!Number.isFinite(at)) return value === null ? '' : String(value);
  const iso = new Date(at + offsetAt(zone, at) * MINUTE).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** "2026-11-25 08:15" in `zone`. */
export const localMinute = (value: Cell, zone: string) => localDateTime(value, zone).slice(0, 16);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day 'YYYY-MM-DD' as "25 Nov 2026" (with the weekday: "Wed 25 Nov 2026"). */
export function dayText(day: string, weekday = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const text = `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  return weekday ? `${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${text}` : text;
}

/** Seconds as "1 h 05 min", "12 min", "40 s". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const fixed = (n: number, decimals: number | undefined, fallback: number) =>
  n.toFixed(decimals ?? (Number.isInteger(n) ? 0 : fallback));

/** A cell as PDF and HTML show it; '' for none. A value that is not of its kind shows as text. */
export function cellText(value: Cell, kind: CellKind, zone: string, decimals?: number): string {
  if (value === null || value === undefined) return '';
  if (kind === 'datetime') return localMinute(value, zone);
  if (kind === 'date') return typeof value === 'string' ? dayText(value, true) : String(value);
  if (typeof value !== 'number') return String(value);
  switch (kind) {
    case 'km':
      return decimals === undefined ? formatKm(value) : `${value.toFixed(decimals)} km`;
    case 'duration':
      return durationText(value);
    case 'speed':
      return `${fixed(value, decimals, 0)} km/h`;
    case 'litres':
      return `${value.toFixed(decimals ?? 2)} L`;
    case 'percent':
      return `${fixed(value, decimals, 1)}%`;
    case 'coordinate':
      return value.toFixed(decimals ?? 5);
    default:
      return fixed(value, decimals, 2);
  }
}

/** A cell as the CSV holds it: numbers unformatted, times local "YYYY-MM-DD HH:mm:ss". */
export function csvValue(value: Cell, kind: CellKind, zone: string, decimals?: number): string {
  if (value === null || value === undefined) return '';
  if (kind === 'datetime') return localDateTime(value, zone);
  if (typeof value !== 'number') return String(value);
  if (!Number.isFinite(value)) return '';
  if (kind === 'km') return value.toFixed(decimals ?? DISTANCE_DECIMALS);
  if (kind === 'duration') return String(Math.round(value));
  return decimals === undefined ? String(value) : value.toFixed(decimals);
}

const UNITS: Partial<Record<CellKind, string>> = {
  km: 'km',
  duration: 's',
  speed: 'km/h',
  litres: 'L',
  percent: '%',
};

/** A CSV column title with its unit: "Distance (km)", "Driving time (s)". */
export function csvTitle(column: ReportColumn): string {
  const unit = UNITS[column.kind];
  return unit && !column.title.endsWith(`(${unit})`) ? `${column.title} (${unit})` : column.title;
}

/** Numbers read right-aligned in a table. */
export const alignsRight = (kind: CellKind) =>
  kind !== 'text' && kind !== 'datetime' && kind !== 'date';

/** A value to sort by in the Website table: numbers and instants as numbers, else text. */
export function sortKey(value: Cell, kind: CellKind): string {
  if (value === null || value === undefined) return '';
  if (kind === 'datetime') {
    const at = instant(value);
    return Number.isFinite(at) ? String(at) : String(value);
  }
  return String(value);
}

/** The totals row's cells: "Total" in the first column. */
export function totalsRow(table: StreamedTable): ReportRow | null {
  if (!table.totals) return null;
  const first = table.columns[0]?.key;
  return first === undefined ? table.totals : { ...table.totals, [first]: 'Total' };
}

/** A table's rows in batches: its own rows, then every batch `more` yields. */
export async function* tableBatches(table: StreamedTable): AsyncGenerator<ReportRow[]> {
  if (table.rows.length) yield table.rows;
  if (table.more) for await (const batch of table.more()) if (batch.length) yield batch;
}

/** The table the CSV carries: the one marked primary, else the first. */
/**
 * Whether a table has anything to draw: an empty one stands beside the note of an empty report,
 * so that the CSV keeps its header row; the PDF and the page show the note alone.
 */
export const hasRows = (t: StreamedTable) => t.rows.length > 0 || !!t.more || !!t.omitted;

export function primaryTable(doc: ServerReportDoc): StreamedTable | null {
  const tables = doc.sections.filter((s): s is StreamedTable => s.kind === 'table');
  return tables.find((t) => t.primary) ?? tables[0] ?? null;
}

/** The lines under a report's title, in every format. */
export interface HeaderFacts {
  brand: string;
  title: string;
  client: string;
  /** "1 Nov 2026 – 30 Nov 2026", or "Now" for a report of now */
  period: string;
  /** "Vehicles" or "Drivers" */
  subjectsLabel: string;
  /** at most 3 names, then "... and N more" */
  subjects: string;
  /** "2026-12-01 06:00 (Africa/Johannesburg)" */
  generated: string;
  staging: boolean;
}

export const STAGING_MARK = 'Staging report server';
export const EMPTY_NOTE = 'Nothing happened in this period.';

export function headerFacts(doc: ServerReportDoc): HeaderFacts {
  const period = !doc.period
    ? 'Now'
    : doc.period.from === doc.period.to
      ? dayText(doc.period.from)
      : `${dayText(doc.period.from)} – ${dayText(doc.period.to)}`;
  return {
    brand: doc.brand.title,
    title: doc.title,
    client: doc.client,
    period,
    subjectsLabel: reportById(doc.report)?.ids_type === 'people' ? 'Drivers' : 'Vehicles',
    subjects: doc.subjects.length ? summarizeNames(doc.subjects) : 'None',
    generated: `${localMinute(doc.generated, doc.zone)} (${doc.zone})`,
    staging: doc.staging,
  };
}

/** The report's note when it is empty and its builder gave none. */
export function needsEmptyNote(doc: ServerReportDoc): boolean {
  return doc.empty && !doc.sections.some((s) => s.kind === 'note');
}

/** ASCII for a file name: "Kombi 1 (Cape Town)" → "kombi-1-cape-town". */
export function slug(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'report';
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML or SVG, as content or a quoted attribute. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
