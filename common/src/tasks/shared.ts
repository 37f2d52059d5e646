// Schema pieces and answer shapes several tasks share (API.md §3 naming rules).
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';

/** `page` is 1-based; `page_size` is 20 unless asked, at most 500. */
export const pagingSchema = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
};

export const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date and time');

/** A share link's end; its message names the field because it is the task's only one. */
export const expiresDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'expires must be an ISO-8601 date and time');

export const uidList = z.array(z.number().int().positive()).max(2000).optional();

/** Per-user tasks act on the caller when nid is absent. */
export const optionalNid = { nid: z.number().int().positive().optional() };

export const noParams = z.object({});

/** A `get_<collection>` answer: one page of rows, the total and the number of pages. */
export type ListAnswer<K extends string, T> = { [P in K]: T[] } & {
  count: number;
  page_count: number;
};

/** A task that answers nothing but its result code. */
export type EmptyAnswer = Record<string, never>;

/** A person or driver as other rows name them. */
export interface PersonRef {
  pid: number;
  name: string;
}
