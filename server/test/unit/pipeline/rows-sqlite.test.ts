// Multi-row inserts of a batch's positions: every row lands once, in order, whatever the count.
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChunkedInsert } from '../../../src/pipeline/rows-sqlite';

let db: SQLite.Database;

beforeEach(() => {
  db = new SQLite(':memory:');
  db.exec(
    'create table t (id integer primary key autoincrement, unit_id integer not null, ' +
      "fix_time integer not null, attributes text not null default '{}'); " +
      'create unique index t_unit_time on t (unit_id, fix_time)',
  );
});

afterEach(() => db.close());

const insert = () =>
  new ChunkedInsert(
    db,
    't',
    ['unit_id', 'fix_time', 'attributes'],
    'on conflict ("unit_id", "fix_time") do nothing',
  );

/** Flat rows of unit `u`, fix times `from`, `from + 1`, ... */
function rows(u: number, from: number, n: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(u, from + i, `{"n":${from + i}}`);
  return out;
}

const stored = () =>
  db.prepare('select unit_id, fix_time, attributes from t order by id').all() as {
    unit_id: number;
    fix_time: number;
    attributes: string;
  }[];

describe('chunked insert', () => {
  it.each([0, 1, 7, 8, 9, 63, 64, 65, 64 + 8 + 3, 1000])('stores %i rows in order', (n) => {
    insert().run(rows(1, 100, n));
    const got = stored();
    expect(got).toHaveLength(n);
    expect(got.map((r) => r.fix_time)).toEqual(Array.from({ length: n }, (_, i) => 100 + i));
    expect(got.every((r) => r.attributes === `{"n":${r.fix_time}}`)).toBe(true);
  });

  it('skips rows already stored, also within one statement, and keeps the rest', () => {
    const ins = insert();
    ins.run(rows(1, 0, 10));
    // 70 rows: a statement of 64 that repeats fix times 0..9 and itself repeats fix time 20.
    const again = [...rows(1, 0, 20), ...rows(1, 20, 1), ...rows(1, 20, 49)];
    ins.run(again);
    const times = stored().map((r) => r.fix_time);
    expect(times).toEqual(Array.from({ length: 69 }, (_, i) => i));
  });

  it('throws when a row is refused, so that the batch transaction around it rolls back', () => {
    db.exec(
      "create trigger t_fail before insert on t when new.fix_time = 70 begin select raise(abort, 'no'); end",
    );
    const ins = insert();
    expect(() => db.transaction(() => ins.run(rows(1, 0, 72)))()).toThrow(/no/);
    expect(stored()).toHaveLength(0);
  });
});
