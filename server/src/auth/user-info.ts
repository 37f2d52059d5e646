import type { Kysely, Transaction } from 'kysely';
import type { Role, UserInfo, UserTypeApiName } from '@fleet/common';
import type { Database } from '../db';
import { json } from '../db';

/** The `who_am_i` shape of API.md §3, read fresh from the database. */
export async function loadUserInfo(
  db: Kysely<Database> | Transaction<Database>,
  nid: number,
): Promise<UserInfo | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.cid', 'users.client_id')
    .select([
      'users.nid',
      'users.username',
      'users.display_name',
      'users.email',
      'users.user_type',
      'users.roles',
      'users.settings',
      'users.ui_settings',
      'users.all_units',
      'clients.cid',
      'clients.name as client_name',
    ])
    .where('users.nid', '=', nid)
    .executeTakeFirst();
  if (!row) return null;
  return {
    nid: row.nid,
    username: row.username,
    display_name: row.display_name,
    email: row.email,
    user_type: row.user_type as UserTypeApiName,
    roles: json.parse<Role[]>(row.roles, []),
    client: { cid: row.cid, name: row.client_name },
    settings: json.parse(row.settings, {}),
    ui_settings: json.parse(row.ui_settings, {}),
    all_units: row.all_units === 1,
  };
}
