import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@fleet/common';

export const pagingSchema = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
};

export function pageOf(p: { page: number; page_size: number }) {
  return { limit: p.page_size, offset: (p.page - 1) * p.page_size };
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

export const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();
