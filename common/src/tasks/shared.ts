// Schema pieces and answer shapes several tasks share (API.md §3 naming rules).
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { hasSpecialCharacters } from '../validators';

/** `page` is 1-based; `page_size` is 20 unless asked, at most 500. */
export const pagingSchema = {
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
};

/**
 * Text a task searches by or stores. PostgreSQL text cannot hold a NUL character: one would fail
 * the query ('Server error'), so it is refused here with a message instead.
 */
export const plainText = () => z.string().regex(/^[^\0]*$/, 'must not contain NUL characters');

/** A name or free text checked against the special characters of SPEC §5. */
export const cleanText = (max: number) =>
  plainText()
    .trim()
    .max(max)
    .refine(
      (s) => !hasSpecialCharacters(s),
      'must not contain any of ! $ ^ * + ( ) % [ ] \\ / \' ; @ { } | " < > ` ~',
    );

export const isoDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date and time');

/** A share link's end; its message names the field because it is the task's only one. */
export const expiresDate = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'expires must be an ISO-8601 date and time');

/**
 * The largest id a task accepts. Ids are PostgreSQL `integer` columns (at most 2^31 - 1): a bigger
 * number would fail the query with an overflow ('Server error') instead of being refused here.
 */
export const MAX_ID = 2147483647;

/** Every id a task takes (uid, nid, pid, cid, a trip's or session's id, an element of uids…). */
export const idSchema = z.number().int().positive().max(MAX_ID);

/** Units a fleet read covers; none named means every visible unit. */
export const uidList = z.array(idSchema).max(2000).optional();

/** Per-user tasks act on the caller when nid is absent. */
export const optionalNid = { nid: idSchema.optional() };

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
