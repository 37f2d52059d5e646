// Multi-row INSERTs (and upserts) on the embedded database, for the rows of a batch: its positions,
// its units' state, its open trips. better-sqlite3 pays a fixed price per statement run (the call,
// binding setup, a VDBE program start, the change count; for positions also the AUTOINCREMENT
// counter) that rivals the insert itself at tens of thousands of rows a second; a statement of 64
// rows pays it once for all of them. Statements are prepared once per row count (64, then 8, then
// 1 for the remainder) and bound from a reused array, spread into the call: better-sqlite3 reads
// arguments faster than it reads the elements of an array argument.
import type SQLite from 'better-sqlite3';

/** Rows per statement, largest first; the last must be 1. */
const TIERS = [64, 8, 1];

export class ChunkedInsert {
  private readonly width: number;
  private readonly statements: SQLite.Statement[];
  private readonly params: unknown[][];

  /** `tail` follows the VALUES list (ON CONFLICT ...). */
  constructor(sqlite: SQLite.Database, table: string, columns: readonly string[], tail = '') {
    this.width = columns.length;
    const row = `(${new Array<string>(this.width).fill('?').join(', ')})`;
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    this.statements = TIERS.map((rows) =>
      sqlite.prepare(head + new Array<string>(rows).fill(row).join(', ') + (tail && ` ${tail}`)),
    );
    this.params = TIERS.map((rows) => new Array<unknown>(rows * this.width));
  }

  /** Inserts `values` (row after row, `width` values each); the number of rows really written. */
  run(values: readonly unknown[]): number {
    let changes = 0;
    let at = 0;
    for (let t = 0; t < TIERS.length; t++) {
      const n = TIERS[t] * this.width;
      const params = this.params[t];
      const stmt = this.statements[t];
      for (; at + n <= values.length; at += n) {
        for (let k = 0; k < n; k++) params[k] = values[at + k];
        changes += stmt.run(...params).changes;
      }
    }
    // Let the last chunk's strings go.
    for (const params of this.params) params.fill(null);
    return changes;
  }
}
