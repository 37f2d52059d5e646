import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { MultiRowStatement, excludedSet } from '../../../src/pipeline/sql';

function recorder() {
  const calls: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = {
    async executeQuery(q: { sql: string; parameters: readonly unknown[] }) {
      calls.push({ sql: q.sql, parameters: q.parameters });
      return { rows: [{ n: calls.length }] };
    },
  } as unknown as Kysely<any>;
  return { db, calls };
}

describe('multi-row statements', () => {
  it('binds every value and numbers PostgreSQL placeholders per statement', async () => {
    const { db, calls } = recorder();
    const stmt = new MultiRowStatement(
      'postgres',
      'positions',
      ['unit_id', 'fix_time'],
      'on conflict do nothing',
    );
    await stmt.run(db, [1, 10, 2, 20]);
    expect(calls).toEqual([
      {
        sql: 'insert into "positions" ("unit_id", "fix_time") values ($1, $2), ($3, $4) on conflict do nothing',
        parameters: [1, 10, 2, 20],
      },
    ]);
  });

  it('splits large batches so no statement exceeds the parameter limit', async () => {
    const { db, calls } = recorder();
    const cols = Array.from({ length: 13 }, (_, i) => `c${i}`);
    const stmt = new MultiRowStatement('sqlite', 't', cols, 'returning "c0"');
    const params = Array.from({ length: 1000 * 13 }, (_, i) => i);
    const rows = await stmt.run(db, params);
    expect(calls.map((c) => c.parameters.length / 13)).toEqual([307, 307, 307, 79]);
    expect(calls.flatMap((c) => c.parameters)).toEqual(params);
    expect(calls[3].sql.match(/\?/g)).toHaveLength(79 * 13);
    expect(calls[0].sql.endsWith(') returning "c0"')).toBe(true);
    // RETURNING rows of every chunk, in order.
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
  });

  it('spells the upsert update list', () => {
    expect(excludedSet(['a', 'b'])).toBe('"a" = excluded."a", "b" = excluded."b"');
  });
});
