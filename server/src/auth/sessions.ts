import type { Kysely } from 'kysely';
import { isValidRoleList, type Role, type UserTypeApiName } from '@fleet/common';
import type { Database } from '../db';
import { json } from '../db';
import { hashToken, newToken } from './crypto';
import { clock } from '../clock';

export interface SessionUser {
  nid: number;
  clientId: number;
  username: string;
  userType: UserTypeApiName;
  roles: Role[];
  allUnits: boolean;
  sessionId: number;
}

export interface RequestMeta {
  /** Fastify's request id: the log line's reqId and the error envelope's `error`. */
  requestId: string;
  ip: string;
  userAgent: string;
  channel: string;
  /** The host name the request was sent to, without its port (mobile unit setup); absent in jobs. */
  host?: string;
}

export async function createSession(
  db: Kysely<Database>,
  user: { nid: number; client_id: number },
  meta: RequestMeta,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  const now = clock().now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: user.nid,
      client_id: user.client_id,
      created: now,
      last_seen: now,
      expires: now + ttlMs,
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 300),
      channel: meta.channel.slice(0, 100),
      revoked: 0,
    })
    .execute();
  return token;
}

/** The users columns a SessionUser is made of (sessionUserOf). */
export const SESSION_USER_COLUMNS = [
  'users.nid',
  'users.client_id',
  'users.username',
  'users.user_type',
  'users.roles',
  'users.all_units',
] as const;

/** A users row as the user of a session (or of a job acting for them); null without valid roles. */
export function sessionUserOf(
  row: {
    nid: number;
    client_id: number;
    username: string;
    user_type: string;
    roles: string;
    all_units: number;
  },
  sessionId: number,
): SessionUser | null {
  const roles = json.parse<unknown>(row.roles, []);
  if (!isValidRoleList(roles)) return null;
  return {
    nid: row.nid,
    clientId: row.client_id,
    username: row.username,
    userType: row.user_type as UserTypeApiName,
    roles,
    allUnits: row.all_units === 1,
    sessionId,
  };
}

/** The session's user, or null for a missing, unknown, expired or revoked token. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string | undefined,
  ttlMs: number,
): Promise<SessionUser | null> {
  if (!token || token.length < 20 || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.nid', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires',
      'sessions.revoked',
      'sessions.last_seen',
      ...SESSION_USER_COLUMNS,
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const now = clock().now();
  if (!row || row.revoked || row.expires <= now) return null;
  const user = sessionUserOf(row, row.session_id);
  if (!user) return null;
  // Sliding expiry; written at most once a minute to keep reads cheap.
  if (now - row.last_seen > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen: now, expires: now + ttlMs })
      .where('id', '=', row.session_id)
      .execute();
  }
  return user;
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked: 1 }).where('id', '=', sessionId).execute();
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : undefined;
}
