// A text file downloaded locally, without a call (SPEC §7): exports such as KML and CSV lists are
// built in the browser and handed to it as a file through a temporary object URL.

/** How long the object URL outlives the click: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 1_000;

/** Offers `text` as a file named `fileName`; nothing is sent to the server. */
export function downloadText(fileName: string, text: string, mime: string): void {
  downloadFile(fileName, text, mime);
}

/** Offers bytes the page already holds (a report the server made) as a file named `fileName`. */
export function downloadFile(fileName: string, data: BlobPart, mime: string): void {
  const url = URL.createObjectURL(new Blob([data], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Revoked at once, some browsers (older Firefox, Safari) start the download with nothing.
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export type CsvCell = string | number | null | undefined;

/** Marks Excel (and other spreadsheets) read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Byte order mark: without it Excel reads UTF-8 as the local code page and garbles accents. */
const BOM = '\uFEFF';

function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  // A text cell that a spreadsheet would run as a formula is kept as text (CSV injection).
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV: commas, CRLF line ends, fields quoted when they hold a comma, quote, CR or LF, with
 * quotes doubled; a UTF-8 BOM first. Numbers are written as numbers (so -3 stays a number); text
 * starting with =, +, -, @, tab or CR gets a leading single quote.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
