// Single-use tickets: password reset, new account, known login.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { hashToken, newToken } from './crypto';
import { clock } from '../clock';

export type TicketKind = 'reset' | 'new_account' | 'known_login';

export const TICKET_TTL_MS: Record<TicketKind, number> = {
  reset: 3600_000,
  new_account: 7 * 24 * 3600_000,
  known_login: 24 * 3600_000,
};

export async function createTicket(
  db: Kysely<Database> | Transaction<Database>,
  kind: TicketKind,
  userId: number,
  data: Record<string, unknown> = {},
): Promise<string> {
  const token = newToken();
  const now = clock().now();
  await db
    .insertInto('tickets')
    .values({
      kind,
      token_hash: hashToken(token),
      user_id: userId,
      created: now,
      expires: now + TICKET_TTL_MS[kind],
      used_at: null,
      data: JSON.stringify(data),
    })
    .execute();
  return token;
}

/** Marks the ticket used and answers its user id, or null when unknown, used or expired. */
export async function consumeTicket(
  db: Kysely<Database>,
  kind: TicketKind,
  token: string,
): Promise<{ userId: number; data: string } | null> {
  const now = clock().now();
  const row = await db
    .selectFrom('tickets')
    .select(['id', 'user_id', 'data', 'expires', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires <= now) return null;
  // The used_at guard makes a race between two uses answer one of them only.
  const res = await db
    .updateTable('tickets')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return { userId: row.user_id, data: row.data };
}
