// The recovery desk's one search box (issue 16 item 5; SPEC §7 `search`): units by name,
// registration, VIN and device identifier, clients by name and people by name, cellphone and
// e-mail, across every client, as the agent types. Case-insensitive; best matches first: a field
// equal to the text, then one starting with it, then one with a later word starting with it, then
// one containing it, then by name. At most `limit` of each.
//
// Cost: every field is matched with LIKE '%text%', which no B-tree index answers, so each list is
// one pass over its table's rows that ranks in SQL and returns `limit` ids; the units' live state
// and the clients' names are read for those few only. 10,000 units (and their clients and people)
// answer in a few milliseconds on SQLite and PostgreSQL (npm run bench:search), well under the
// 100 ms "as you type" budget, so no index (and no migration) is needed.
import { sql, type RawBuilder } from 'kysely';
import type { SearchHit } from '@fleet/common';
import { clock } from '../../clock';
import { defineTask } from '../registry';
import { notDeleted } from '../people-rows';
import { clientsByIds, searchClients, type SearchPatterns } from '../system';
import { toUnitItem, withUnitState } from '../unit-view';
import type { TaskContext } from '../context';
import { RECOVERY_ROLES, assertSupport } from './support';

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchPatterns(text: string): SearchPatterns {
  const t = text.toLowerCase();
  const e = escapeLike(t);
  return { exact: t, prefix: `${e}%`, word: `% ${e}%`, contains: `%${e}%` };
}

/** A registration without its spaces and dashes ("BX 100 GP" is found as "bx100"). */
const compactReg = (s: string) => s.toLowerCase().replace(/[\s-]/g, '');

/**
 * The digits a phone number search may be stored as: "082 123 4567" also as "27821234567" and
 * "+27 82..." also as "0821234567". Empty when the text is not a phone number (or too short).
 */
export function phoneDigits(text: string): string[] {
  if (!/^[+\d\s()-]+$/.test(text)) return [];
  const d = text.replace(/\D/g, '');
  if (d.length < 3) return [];
  if (d.startsWith('0')) return [d, `27${d.slice(1)}`];
  if (d.startsWith('27') && d.length > 3) return [d, `0${d.slice(2)}`];
  return [d];
}

type Sql<T> = RawBuilder<T>;
const like = (col: Sql<string>, pattern: string) =>
  sql<boolean>`${col} like ${pattern} escape '\\'`;
const any = (parts: Sql<boolean>[]) => sql<boolean>`(${sql.join(parts, sql` or `)})`;

/** 0 exact, 1 prefix, 2 a later word's prefix, 3 anywhere: over several fields, the best. */
function rankOf(fields: Sql<string>[], p: SearchPatterns, extra: { exact?: Sql<boolean> } = {}) {
  const exact = any([
    ...fields.map((f) => sql<boolean>`${f} = ${p.exact}`),
    ...(extra.exact ? [extra.exact] : []),
  ]);
  const prefix = any(fields.map((f) => like(f, p.prefix)));
  const word = any(fields.map((f) => like(f, p.word)));
  return sql<number>`case when ${exact} then 0 when ${prefix} then 1 when ${word} then 2 else 3 end`;
}

/**
 * A subquery with a LIMIT is never merged into the query around it, so the lower-cased fields it
 * selects are computed once a row; written in the outer query, PostgreSQL would compute each
 * lower() again in every comparison (ranking all 10,000 units for "a" took three times as long).
 */
const ALL_ROWS = 2_147_483_647;
const col = (name: string) => sql.ref<string>(`m.${name}`);

async function searchUnits(ctx: TaskContext, q: string, p: SearchPatterns, limit: number) {
  const fields = ctx.tenant
    .units()
    .select([
      'units.uid as id',
      sql<string>`lower(units.name)`.as('name'),
      sql<string>`lower(units.reg)`.as('reg'),
      sql<string>`lower(units.vin)`.as('vin'),
      sql<string>`lower(coalesce(units.device_id, ''))`.as('device'),
      sql<string>`replace(replace(lower(units.reg), ' ', ''), '-', '')`.as('reg_compact'),
    ])
    .limit(ALL_ROWS)
    .as('m');
  const texts = ['name', 'reg', 'vin', 'device'].map(col);
  const compact = compactReg(q);
  const matches = texts.map((f) => like(f, p.contains));
  if (compact.length >= 2) matches.push(like(col('reg_compact'), `%${escapeLike(compact)}%`));
  const ranked = await ctx.tenant
    .units()
    .innerJoin(fields, 'm.id', 'units.uid')
    .select(['units.uid'])
    .where(any(matches))
    .orderBy(rankOf(texts, p, { exact: sql<boolean>`${col('reg_compact')} = ${compact}` }))
    .orderBy('units.name')
    .orderBy('units.uid')
    .limit(limit)
    .execute();
  if (!ranked.length) return [];
  const uids = ranked.map((r) => r.uid);
  const rows = await withUnitState(ctx.tenant.units())
    .select('units.vin')
    .where('units.uid', 'in', uids)
    .execute();
  const names = new Map(
    (await clientsByIds(ctx, [...new Set(rows.map((r) => r.client_id))])).map((c) => [
      c.cid,
      c.name,
    ]),
  );
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const now = clock().now();
  return uids.flatMap((uid): SearchHit['units'] => {
    const r = byUid.get(uid);
    if (!r) return [];
    return [
      {
        uid: r.uid,
        name: r.name,
        reg: r.reg,
        vin: r.vin,
        device_id: r.device_id,
        cid: r.client_id,
        client_name: names.get(r.client_id) ?? '',
        service_type: r.service_type,
        connected: toUnitItem(r, now).connected,
      },
    ];
  });
}

async function searchPeople(ctx: TaskContext, q: string, p: SearchPatterns, limit: number) {
  const fields = ctx.tenant
    .selectFrom('people')
    .select([
      'people.pid as id',
      sql<string>`lower(people.first_name)`.as('first'),
      sql<string>`lower(people.surname)`.as('surname'),
      sql<string>`lower(people.first_name || ' ' || people.surname)`.as('full'),
      sql<string>`lower(coalesce(people.email, ''))`.as('email'),
      sql<string>`replace(replace(replace(replace(replace(coalesce(people.cellphone, ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', '')`.as(
        'cell',
      ),
    ])
    .where(notDeleted())
    .limit(ALL_ROWS)
    .as('m');
  const texts = ['first', 'surname', 'full', 'email'].map(col);
  const cell = col('cell');
  const phones = phoneDigits(q);
  const matches = texts.map((f) => like(f, p.contains));
  for (const d of phones) matches.push(like(cell, `%${d}%`));
  const cellExact = phones.length
    ? any(phones.map((d) => sql<boolean>`${cell} = ${d}`))
    : undefined;
  const base = rankOf(texts, p, { exact: cellExact });
  // A number typed from its start ranks with the names that start with the text.
  const rank = phones.length
    ? sql<number>`case when ${base} > 1 and ${any(phones.map((d) => like(cell, `${d}%`)))} then 1 else ${base} end`
    : base;
  const rows = await ctx.tenant
    .selectFrom('people')
    .innerJoin(fields, 'm.id', 'people.pid')
    .select([
      'people.pid',
      'people.first_name',
      'people.surname',
      'people.cellphone',
      'people.email',
      'people.client_id',
    ])
    .where(any(matches))
    .orderBy(rank)
    .orderBy('people.first_name')
    .orderBy('people.surname')
    .orderBy('people.pid')
    .limit(limit)
    .execute();
  const names = new Map(
    (await clientsByIds(ctx, [...new Set(rows.map((r) => r.client_id))])).map((c) => [
      c.cid,
      c.name,
    ]),
  );
  return rows.map((r): SearchHit['people'][number] => ({
    pid: r.pid,
    first_name: r.first_name,
    surname: r.surname,
    cellphone: r.cellphone,
    email: r.email,
    cid: r.client_id,
    client_name: names.get(r.client_id) ?? '',
  }));
}

/** The three lists of one search (the task's answer, without the support check). */
export async function runSearch(ctx: TaskContext, q: string, limit: number): Promise<SearchHit> {
  const p = searchPatterns(q);
  // At once: on PostgreSQL each list takes a connection of the pool (a read task runs outside
  // a transaction); SQLite answers them one after the other anyway.
  const [units, clients, people] = await Promise.all([
    searchUnits(ctx, q, p, limit),
    searchClients(ctx, p, limit),
    searchPeople(ctx, q, p, limit),
  ]);
  return { units, clients, people };
}

const search = defineTask({
  name: 'search',
  roles: RECOVERY_ROLES,
  probe: () => ({ q: 'Demo' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    return { search: await runSearch(ctx, p.q, p.limit) };
  },
});

export const searchTasks = [search];
