// Reads a fuel file in the browser: CSV with papaparse in chunks (the page stays responsive and
// shows how far it is), XLSX in a worker (xlsxWorker.ts). Refuses before reading what it cannot
// take: another kind of file, or one over FUEL_MAX_FILE_BYTES.
import Papa from 'papaparse';
import { FUEL_MAX_FILE_BYTES } from '@fleet/common';
import { readXlsxText, type SheetText } from './xlsxRead';

export interface FuelSheet extends SheetText {
  headers: string[];
}

const MB = 1024 * 1024;

export function fileKind(file: File): 'csv' | 'xlsx' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** Why the file cannot be read at all, or null. */
export function fileProblem(file: File): string | null {
  if (!fileKind(file))
    return `${file.name} is not a CSV or XLSX file. Save the fuel statement as .csv or .xlsx and choose it again.`;
  if (file.size > FUEL_MAX_FILE_BYTES)
    return `${file.name} is ${Math.round(file.size / MB)} MB; a fuel file may be at most ${FUEL_MAX_FILE_BYTES / MB} MB. Split it into months and import each.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

function readCsv(file: File, onProgress: (share: number) => void): Promise<SheetText> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      chunkSize: 256 * 1024,
      chunk: (results) => {
        for (const row of results.data) rows.push(row.map((c) => String(c ?? '').trim()));
        onProgress(Math.min(1, results.meta.cursor / file.size));
      },
      complete: () => resolve({ rows, formulas: {} }),
      error: (err) => reject(new Error(`${file.name} could not be read: ${err.message}`)),
    });
  });
}

function readXlsx(file: File): Promise<SheetText> {
  return file.arrayBuffer().then((buffer) => {
    if (typeof Worker === 'undefined') return readXlsxText(buffer);
    return new Promise<SheetText>((resolve, reject) => {
      const worker = new Worker(new URL('./xlsxWorker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (
        e: MessageEvent<{ ok: boolean; sheet?: SheetText; message?: string }>,
      ) => {
        worker.terminate();
        if (e.data.ok && e.data.sheet) resolve(e.data.sheet);
        else reject(new Error(e.data.message ?? 'the sheet could not be read'));
      };
      worker.onerror = (e) => {
        worker.terminate();
        reject(new Error(e.message || 'the sheet could not be read'));
      };
      worker.postMessage(buffer, [buffer]);
    });
  });
}

/** The file's header row and rows; throws an Error whose message a user understands. */
export async function readFuelFile(
  file: File,
  onProgress: (share: number) => void,
): Promise<FuelSheet> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  let sheet: SheetText;
  try {
    sheet = fileKind(file) === 'csv' ? await readCsv(file, onProgress) : await readXlsx(file);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(
      why.startsWith(file.name) ? why : `${file.name} could not be read as a spreadsheet (${why}).`,
    );
  }
  onProgress(1);
  const [header = [], ...rows] = sheet.rows;
  const headers = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  if (!headers.some(Boolean)) throw new Error(`${file.name} is empty.`);
  if (!rows.length) throw new Error(`${file.name} has a header row but no rows under it.`);
  return { headers, rows, formulas: sheet.formulas };
}
