import type { SelectQueryBuilder } from 'kysely';
import type { ListAnswer } from '@fleet/common';
import type { Database } from '../db';

export function pageOf(p: { page: number; page_size: number }) {
  return { limit: p.page_size, offset: (p.page - 1) * p.page_size };
}

/** How many rows a filtered query has (for `count` and `page_count`). */
export async function countRows<TB extends keyof Database>(
  q: SelectQueryBuilder<Database, TB, {}>,
): Promise<number> {
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** A `get_<collection>` answer (API.md §3): one page of rows, the total and the number of pages. */
export function listAnswer<K extends string, T>(
  key: K,
  rows: T[],
  count: number,
  pageSize: number,
): ListAnswer<K, T> {
  const page = { count, page_count: Math.max(1, Math.ceil(count / pageSize)) };
  // A computed key widens to an index signature; the object has exactly the key K.
  return { [key]: rows, ...page } as ListAnswer<K, T>;
}

export { iso } from '../domain/iso';
