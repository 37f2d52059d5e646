import { z } from 'zod';
import type { SelectQueryBuilder } from 'kysely';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@fleet/common';
import type { Database } from '../db';

export const pagingSchema = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
};

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

export function listAnswer<K extends string, T>(
  key: K,
  rows: T[],
  count: number,
  pageSize: number,
) {
  return { [key]: rows, count, page_count: Math.max(1, Math.ceil(count / pageSize)) } as Record<
    K,
    T[]
  > & {
    count: number;
    page_count: number;
  };
}

export { iso } from '../domain/iso';
