// Multi-row statements for the hot path. Kysely's builder compiles one node per value, which costs
// more than the insert itself at tens of thousands of rows a second; these statements are compiled
// once per row count and run through Kysely with bound parameters. Table and column names are
// constants of this module's callers, never input; every value is a bound parameter.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../db';

/** Parameters per statement: well inside SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMS = 4000;

export class MultiRowStatement {
  readonly width: number;
  private readonly maxRows: number;
  private readonly head: string;
  private readonly texts = new Map<number, string>();

  /** `tail` follows the VALUES list (ON CONFLICT ..., RETURNING ...). */
  constructor(
    private readonly dialect: Dialect,
    table: string,
    columns: readonly string[],
    private readonly tail = '',
  ) {
    this.width = columns.length;
    this.maxRows = Math.max(1, Math.floor(MAX_PARAMS / this.width));
    this.head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  }

  private text(rows: number): string {
    let t = this.texts.get(rows);
    if (t === undefined) {
      const parts: string[] = new Array(rows);
      let n = 1;
      for (let r = 0; r < rows; r++) {
        const cells: string[] = new Array(this.width);
        for (let c = 0; c < this.width; c++)
          cells[c] = this.dialect === 'postgres' ? `$${n++}` : '?';
        parts[r] = `(${cells.join(', ')})`;
      }
      t = this.head + parts.join(', ') + (this.tail ? ` ${this.tail}` : '');
      // Batches vary in size; keep the texts of the sizes seen lately, not of every size ever.
      if (this.texts.size >= 16) this.texts.clear();
      this.texts.set(rows, t);
    }
    return t;
  }

  /** Runs the statement over `params` (row after row, `width` values each); returns RETURNING rows. */
  async run<R = unknown>(db: Kysely<any>, params: unknown[]): Promise<R[]> {
    const rows = params.length / this.width;
    const out: R[] = [];
    for (let start = 0; start < rows; start += this.maxRows) {
      const n = Math.min(this.maxRows, rows - start);
      const slice =
        start === 0 && n === rows
          ? params
          : params.slice(start * this.width, (start + n) * this.width);
      const res = await db.executeQuery<R>(CompiledQuery.raw(this.text(n), slice));
      for (const row of res.rows) out.push(row);
    }
    return out;
  }
}

/** `"col" = excluded."col", ...` for an upsert's update list. */
export function excludedSet(columns: readonly string[]): string {
  return columns.map((c) => `"${c}" = excluded."${c}"`).join(', ');
}
