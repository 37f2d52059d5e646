// The pipeline writes PostgreSQL's batch inserts with array literals of its own (sql.ts
// arrayLiteral, instead of node-postgres' slower conversion): every value must come back from
// PostgreSQL exactly as it went in, whatever text a tracker put in an attribute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { arrayLiteral } from '../../../src/pipeline/sql';
import { ADMIN_URL } from '../../support/test-db';

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
});
afterAll(() => client?.end());

/** Rows of [text, number, integer] through one literal per column and back. */
async function roundTrip(rows: [string | null, number | null, number | null][]) {
  const flat = rows.flat();
  const res = await client.query<{ t: string | null; f: number | null; i: string | null }>(
    'select * from unnest($1::text[], $2::double precision[], $3::bigint[]) as r(t, f, i)',
    [0, 1, 2].map((c) => arrayLiteral(flat, c, 3, rows.length)),
  );
  return res.rows.map((r) => [r.t, r.f, r.i === null ? null : Number(r.i)]);
}

describe('array literals', () => {
  it('carries quotes, backslashes, braces, commas, spaces, NULL as text and nulls unchanged', async () => {
    const rows: [string | null, number | null, number | null][] = [
      ['a,"b" {c} \\d\\ NULL \u00e9\u20ac \'e\'', -26.123456789, 1764316800000],
      ['', 0, 0],
      ['NULL', null, null],
      [null, 1e-7, -1],
      ['  padded  ', -0.5, 2 ** 52],
      ['{"speed":54,"io":[1,2]}', 1.7976931348623157e308, 7],
    ];
    expect(await roundTrip(rows)).toEqual(rows);
  });

  it('gives back any text and number as it went in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.option(fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\u0000'))),
            fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
            fc.option(fc.integer()),
          ),
          { minLength: 1, maxLength: 30 },
        ),
        async (rows) => {
          const back = await roundTrip(rows);
          // PostgreSQL has no negative zero in a comparison; JSON makes -0 and 0 the same.
          expect(JSON.stringify(back)).toBe(JSON.stringify(rows));
        },
      ),
      { numRuns: 100 },
    );
  });
});
