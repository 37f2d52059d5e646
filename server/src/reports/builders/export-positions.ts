// Raw positions export (issue 14, Export): every position of the chosen vehicles in the period with
// the chosen columns, vehicle after vehicle and by time. The file streams: the table holds the
// first batch and `more` reads the rest in batches of about 5,000 rows by keyset paging (read.ts
// positionBatches), so memory stays flat however long the export. The Website view reads only its
// row cap and says how many rows it left out.
import { POSITION_COLUMNS, listValue, type ReportColumn, type ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { BuiltSection, ReportBuilder, ReportScope, StreamedTable } from '../model';
import { VEHICLE, note, summary } from './fleet-table';
import { countPositions, km, positionBatches, type PositionRow, type Range } from './read';

/** Rows per batch the file is written in. */
export const POSITION_BATCH = 5000;

const KINDS: Record<string, Omit<ReportColumn, 'key' | 'title'>> = {
  time: { kind: 'datetime' },
  lat: { kind: 'coordinate', decimals: 6 },
  lon: { kind: 'coordinate', decimals: 6 },
  speed: { kind: 'speed', decimals: 0 },
  course: { kind: 'number', decimals: 0 },
  altitude: { kind: 'number', decimals: 0 },
  satellites: { kind: 'number', decimals: 0 },
  ignition: { kind: 'text' },
  odometer: { kind: 'km', decimals: 2 },
  valid: { kind: 'text' },
};

const onOff = (v: number | null) => (v === null ? null : v ? 'on' : 'off');

/** A position's cells. */
function cellsOf(p: PositionRow): Record<string, string | number | null> {
  return {
    time: iso(p.fix_time),
    lat: p.lat,
    lon: p.lon,
    speed: Math.round(p.speed),
    course: Math.round(p.course),
    altitude: p.altitude === null ? null : Math.round(p.altitude),
    satellites: p.satellites,
    ignition: onOff(p.ignition),
    odometer: km(p.odometer),
    valid: p.valid ? 'yes' : 'no',
  };
}

/** Where a read stopped: the unit (index into the scope's units) and its last fix time. */
interface Cursor {
  unit: number;
  after: number;
}

/**
 * The positions from just after `start` (the beginning without one) as table rows, in batches of
 * at least `size` rows (the last may be shorter); `cursor` follows the last row yielded.
 */
async function* rowBatches(
  scope: ReportScope,
  columns: string[],
  start: Cursor | null,
  cursor: Cursor,
  size = POSITION_BATCH,
): AsyncGenerator<ReportRow[]> {
  const range = scope.range!;
  let buf: ReportRow[] = [];
  for (let i = start?.unit ?? 0; i < scope.units.length; i++) {
    const unit = scope.units[i];
    const from: Range = {
      from: start && i === start.unit ? start.after + 1 : range.from,
      to: range.to,
    };
    for await (const batch of positionBatches(scope.ctx, [unit.uid], from, {
      size,
      signal: scope.signal,
    })) {
      for (const p of batch) {
        const cells = cellsOf(p);
        const row: ReportRow = { vehicle: unit.name };
        for (const c of columns) row[c] = cells[c];
        buf.push(row);
      }
      cursor.unit = i;
      cursor.after = batch[batch.length - 1].fix_time;
      if (buf.length >= size) {
        yield buf;
        buf = [];
      }
    }
  }
  if (buf.length) yield buf;
}

export const positionsExport: ReportBuilder = async (scope) => {
  const wanted = new Set(listValue(scope.params.columns));
  const chosen = POSITION_COLUMNS.filter((c) => wanted.has(c.value));
  const columns: ReportColumn[] = [
    VEHICLE,
    ...chosen.map((c) => ({ key: c.value, title: c.label, ...KINDS[c.value] })),
  ];
  const keys = chosen.map((c) => c.value);
  const range = scope.range!;
  const uids = scope.units.map((u) => u.uid);
  scope.progress(0.05, 'Reading positions');
  const table: StreamedTable = {
    kind: 'table',
    title: 'Positions',
    columns,
    rows: [],
    primary: true,
  };
  let count: number | null = null;
  if (scope.rowCap !== null) {
    // The Website view: the first rowCap rows and how many more the file would have.
    const cursor: Cursor = { unit: 0, after: 0 };
    const first = rowBatches(scope, keys, null, cursor, Math.max(1, scope.rowCap));
    const { value } = await first.next();
    await first.return(undefined);
    table.rows = (value ?? []).slice(0, scope.rowCap);
    count = await countPositions(scope.ctx, uids, range);
    if (count > table.rows.length) table.omitted = count - table.rows.length;
  } else {
    const cursor: Cursor = { unit: 0, after: 0 };
    const first = rowBatches(scope, keys, null, cursor);
    const { value } = await first.next();
    await first.return(undefined);
    table.rows = value ?? [];
    if (table.rows.length >= POSITION_BATCH) {
      // Reading on from where the first batch ended: each call to `more` starts afresh there.
      const after = { ...cursor };
      table.more = () => rowBatches(scope, keys, after, { ...after });
    }
  }
  scope.signal.throwIfAborted();
  const empty = !table.rows.length;
  const sections: BuiltSection[] = [
    count === null
      ? summary(['Vehicles', scope.units.length, 'number'])
      : summary(['Vehicles', scope.units.length, 'number'], ['Positions', count, 'number']),
  ];
  if (empty) sections.push(note('These vehicles sent no positions in this period.'));
  sections.push(table);
  scope.progress(1, 'Done');
  return { sections, empty };
};
