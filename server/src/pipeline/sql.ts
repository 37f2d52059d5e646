// Multi-row statements for the hot path. Kysely's builder compiles one node per value, which costs
// more than the insert itself at tens of thousands of rows a second; these statements are compiled
// once per row count and run through Kysely with bound parameters. Table and column names are
// constants of this module's callers, never input; every value is a bound parameter.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../db';
import { prepareOnPostgres } from '../db/prepared';

/** Parameters per statement: well inside SQLite's 32766 and PostgreSQL's 65535. */
const MAX_PARAMS = 4000;

export class MultiRowStatement implements BatchStatement {
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

/** What the hot path needs of a batch statement: rows in (flat, `width` values each), RETURNING out. */
export interface BatchStatement {
  readonly width: number;
  run<R = unknown>(db: Kysely<any>, params: unknown[]): Promise<R[]>;
}

/**
 * PostgreSQL's one statement per table and batch: `insert ... select * from unnest($1::t1[], ...)`
 * with one array parameter per column, so a batch of any size is one statement of `width`
 * parameters whose text never changes, instead of chunks of VALUES lists. The column types are
 * read from the catalogue on first use (so they follow the migrations).
 */
export class UnnestStatement implements BatchStatement {
  readonly width: number;
  private text: string | null = null;

  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly tail = '',
  ) {
    this.width = columns.length;
  }

  private async statement(db: Kysely<any>): Promise<string> {
    if (this.text) return this.text;
    const types = await pgColumnTypes(db, this.table);
    const arrays = this.columns.map((c, i) => {
      const type = types.get(c);
      if (!type) throw new Error(`${this.table}.${c}: no such column`);
      return `$${i + 1}::${type}[]`;
    });
    this.text =
      `insert into "${this.table}" (${this.columns.map((c) => `"${c}"`).join(', ')}) ` +
      `select * from unnest(${arrays.join(', ')})${this.tail ? ` ${this.tail}` : ''}`;
    prepareOnPostgres(this.text);
    return this.text;
  }

  async run<R = unknown>(db: Kysely<any>, params: unknown[]): Promise<R[]> {
    const rows = params.length / this.width;
    if (rows === 0) return [];
    const text = await this.statement(db);
    const columns: string[] = new Array(this.width);
    for (let c = 0; c < this.width; c++) columns[c] = arrayLiteral(params, c, this.width, rows);
    const res = await db.executeQuery<R>(CompiledQuery.raw(text, columns));
    return res.rows;
  }
}

const NEEDS_ESCAPE = /[\\"]/;

/**
 * Column `c` of the rows in `params` (`width` values a row) as a PostgreSQL array literal, e.g.
 * `{1,NULL,"a \\"b\\""}`: numbers as they print, null and undefined as NULL, objects as JSON,
 * everything else as a quoted string. node-postgres would do the same for a JS array, but through
 * two regular expressions per element, which cost more than the insert itself at a batch's 13,000
 * values.
 */
export function arrayLiteral(params: unknown[], c: number, width: number, rows: number): string {
  let out = '{';
  for (let r = 0, i = c; r < rows; r++, i += width) {
    if (r > 0) out += ',';
    const v = params[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += Number.isFinite(v) ? String(v) : `"${v}"`;
    else {
      const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
      out += NEEDS_ESCAPE.test(s) ? `"${s.replace(/[\\"]/g, '\\$&')}"` : `"${s}"`;
    }
  }
  return out + '}';
}

/** A batch's rows of a table in one statement on PostgreSQL (arrays), in VALUES lists on SQLite. */
export function batchStatement(
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  tail = '',
): BatchStatement {
  return dialect === 'postgres'
    ? new UnnestStatement(table, columns, tail)
    : new MultiRowStatement(dialect, table, columns, tail);
}

/** A PostgreSQL table's column types as SQL spells them ("double precision", "bigint", ...). */
export async function pgColumnTypes(db: Kysely<any>, table: string): Promise<Map<string, string>> {
  const res = await db.executeQuery<{ name: string; type: string }>(
    CompiledQuery.raw(
      'select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute ' +
        'where attrelid = $1::regclass and attnum > 0 and not attisdropped',
      [table],
    ),
  );
  return new Map(res.rows.map((r) => [r.name, r.type]));
}

/** `"col" = excluded."col", ...` for an upsert's update list. */
export function excludedSet(columns: readonly string[]): string {
  return columns.map((c) => `"${c}" = excluded."${c}"`).join(', ');
}
