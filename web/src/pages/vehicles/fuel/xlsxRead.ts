// Reads the first sheet of an .xlsx fuel file: its cells as text with read-excel-file (maintained,
// small: fflate + a SAX parser; the stale `xlsx` package is not used), and which cells hold a
// formula, found in the sheet's XML with fflate. A formula is never run and its cached value is
// not used either: the cell is refused, so a row reads only what a person typed.
import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/web-worker';

export interface SheetText {
  /** every row, the header first, each cell as text */
  rows: string[][];
  /** per row index (0 = the header), the references of its formula cells ("C5") */
  formulas: Record<number, string[]>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell: Excel stores the wall clock, which read-excel-file gives as the UTC fields. */
function dateText(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  return String(value).trim();
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const REF = /\br="([A-Z]+)(\d+)"/;

/** The formula cells of the first worksheet, by 0-based row index. */
export function formulaCells(bytes: Uint8Array): Record<number, string[]> {
  const files = unzipSync(bytes, { filter: (f) => f.name.startsWith('xl/worksheets/sheet') });
  const name = Object.keys(files).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
  const out: Record<number, string[]> = {};
  if (!name) return out;
  const xml = strFromU8(files[name]);
  for (const m of xml.matchAll(CELL)) {
    if (!m[2] || !/<f[\s>/]/.test(m[2])) continue;
    const ref = REF.exec(m[1]);
    if (!ref) continue;
    const row = Number(ref[2]) - 1;
    (out[row] ??= []).push(`${ref[1]}${ref[2]}`);
  }
  return out;
}

export async function readXlsxText(buffer: ArrayBuffer): Promise<SheetText> {
  const data = await readSheet(buffer);
  const rows = data.map((row) => row.map(cellText));
  return { rows, formulas: formulaCells(new Uint8Array(buffer)) };
}
