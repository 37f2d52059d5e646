// Which units a user may see, read fresh from the database (the live hub asks again whenever a
// user's unit access or a client's units change). Mirrors Tenant.units() in tasks/tenant.ts: a
// client's units, narrowed to user_units for users without all_units; support users see all.
import type { Kysely } from 'kysely';
import { isSupportType } from '@fleet/common';
import type { Database } from '../db';

/** The uids user `nid` may see now; empty for a user that no longer exists. */
export async function visibleUnitIds(db: Kysely<Database>, nid: number): Promise<Set<number>> {
  // all_units and the user type are read here, not taken from the session: they may have changed.
  const user = await db
    .selectFrom('users')
    .select(['client_id', 'user_type', 'all_units'])
    .where('nid', '=', nid)
    .executeTakeFirst();
  if (!user) return new Set();
  let qb = db.selectFrom('units').select('units.uid');
  if (!isSupportType(user.user_type)) {
    qb = qb.where('units.client_id', '=', user.client_id);
    if (user.all_units !== 1) {
      qb = qb.where('units.uid', 'in', (eb) =>
        eb
          .selectFrom('user_units')
          .select('user_units.unit_id')
          .where('user_units.user_id', '=', nid),
      );
    }
  }
  const rows = await qb.execute();
  return new Set(rows.map((r) => r.uid));
}
