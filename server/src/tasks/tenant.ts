// Tenant scoping in one place (ARCHITECTURE.md §4): handlers reach tenant-owned tables only
// through these helpers, which add the client filter for every non-support user.
import type {
  Kysely,
  SelectQueryBuilder,
  Transaction,
  UpdateQueryBuilder,
  DeleteQueryBuilder,
  UpdateResult,
  DeleteResult,
} from 'kysely';
import { isSupportType } from '@fleet/common';
import type { Database } from '../db';
import type { TenantTable } from '../db/types';
import type { SessionUser } from '../auth/sessions';
import { notFound } from './errors';

type AnyDb = Kysely<Database> | Transaction<Database>;

export class Tenant {
  /** null for support users, who see every client. */
  readonly clientId: number | null;

  constructor(
    private readonly db: AnyDb,
    readonly user: SessionUser,
  ) {
    this.clientId = isSupportType(user.userType) ? null : user.clientId;
  }

  get isSupport(): boolean {
    return this.clientId === null;
  }

  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<Database, T, {}> {
    const qb = this.db.selectFrom(table) as any;
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult> {
    const qb = this.db.updateTable(table) as any;
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult> {
    const qb = this.db.deleteFrom(table) as any;
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  /** The client new rows belong to: the user's own (support users create in their own too unless told). */
  ownerClient(explicit?: number): number {
    if (this.clientId === null && explicit !== undefined) return explicit;
    return this.user.clientId;
  }

  /**
   * Units the user may see: the client's units, narrowed to the assigned ones for users
   * without all_units. Support users see every unit.
   */
  units(): SelectQueryBuilder<Database, 'units', {}> {
    let qb = this.selectFrom('units');
    if (this.clientId !== null && !this.user.allUnits) {
      qb = qb.where('units.uid', 'in', (eb: any) =>
        eb.selectFrom('user_units').select('unit_id').where('user_id', '=', this.user.nid),
      ) as any;
    }
    return qb;
  }

  /** Throws 'Unit not found' unless the unit exists and is visible to the user. */
  async assertUnit(uid: number): Promise<{ uid: number; client_id: number; name: string }> {
    const row = await this.units()
      .select(['units.uid', 'units.client_id', 'units.name'])
      .where('units.uid', '=', uid)
      .executeTakeFirst();
    if (!row) throw notFound('Unit');
    return row;
  }

  /** Throws 'User not found' unless the user is in the caller's client (or the caller is support). */
  async assertUser(
    nid: number,
  ): Promise<{ nid: number; client_id: number; username: string; user_type: string }> {
    const row = await this.selectFrom('users')
      .select(['users.nid', 'users.client_id', 'users.username', 'users.user_type'])
      .where('users.nid', '=', nid)
      .executeTakeFirst();
    if (!row) throw notFound('User');
    return row;
  }
}
