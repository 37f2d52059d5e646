// Tenant scoping in one place (ARCHITECTURE.md §4): handlers reach tenant-owned tables only
// through these helpers, which add the client filter for every non-support user, and reach
// positions (which carry no client_id) only through positionsOf(), which checks the units.
//
// Typing: Kysely cannot build a query from a table-name type parameter (its result type stays an
// unresolved conditional), so each helper has a generic public overload and an implementation on
// the union of tenant tables. Every tenant table has client_id, so `${table}.client_id` is a valid
// reference of that union and the filter itself is checked by the compiler.
import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { isSupportType } from '@fleet/common';
import type { Database } from '../db';
import type { TenantTable } from '../db/types';
import type { SessionUser } from '../auth/sessions';
import { notFound } from './errors';

type AnyDb = Kysely<Database> | Transaction<Database>;

/** A new row of a tenant table without client_id: the tenant layer fills it in. */
export type TenantRow<T extends TenantTable> = Omit<Insertable<Database[T]>, 'client_id'>;

/** `insertInto(table).values(...)`, with client_id set by the tenant layer. */
export interface TenantInsert<T extends TenantTable> {
  values(
    rows: TenantRow<T> | readonly TenantRow<T>[],
  ): InsertQueryBuilder<Database, T, InsertResult>;
}

class ScopedInsert {
  constructor(
    private readonly db: AnyDb,
    private readonly table: TenantTable,
    private readonly clientId: number,
  ) {}

  values<T extends TenantTable>(
    rows: TenantRow<T> | readonly TenantRow<T>[],
  ): InsertQueryBuilder<Database, T, InsertResult>;
  values(
    rows: object | readonly object[],
  ): InsertQueryBuilder<Database, TenantTable, InsertResult> {
    const list: readonly object[] = Array.isArray(rows) ? rows : [rows];
    // client_id goes last so that no caller can override it.
    return this.db
      .insertInto(this.table)
      .values(list.map((row) => ({ ...row, client_id: this.clientId })));
  }
}

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

  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<Database, T, {}>;
  selectFrom(table: TenantTable): SelectQueryBuilder<Database, TenantTable, {}> {
    const qb = this.db.selectFrom(table);
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<Database, T, T, UpdateResult>;
  updateTable(
    table: TenantTable,
  ): UpdateQueryBuilder<Database, TenantTable, TenantTable, UpdateResult> {
    const qb = this.db.updateTable(table);
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<Database, T, DeleteResult>;
  deleteFrom(table: TenantTable): DeleteQueryBuilder<Database, TenantTable, DeleteResult> {
    const qb = this.db.deleteFrom(table);
    return this.clientId === null ? qb : qb.where(`${table}.client_id`, '=', this.clientId);
  }

  /**
   * New rows of a tenant table, in the user's client. Support users may name another client
   * (`client`); for everyone else it is ignored.
   */
  insertInto<T extends TenantTable>(table: T, client?: number): TenantInsert<T> {
    return new ScopedInsert(this.db, table, this.ownerClient(client));
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
    const qb = this.selectFrom('units');
    if (this.clientId === null || this.user.allUnits) return qb;
    return qb.where('units.uid', 'in', (eb) =>
      eb
        .selectFrom('user_units')
        .select('user_units.unit_id')
        .where('user_units.user_id', '=', this.user.nid),
    );
  }

  /**
   * Positions of the given units, limited to those the user may see: positions carry no
   * client_id, so the visible-unit check is part of the query and no caller can leave it out.
   */
  positionsOf(unitIds: readonly number[]): SelectQueryBuilder<Database, 'positions', {}> {
    const qb = this.db.selectFrom('positions');
    // `in ()` is not valid SQL on PostgreSQL: no units, no positions.
    if (!unitIds.length) return qb.where(sql<boolean>`1 = 0`);
    return qb.where(
      'positions.unit_id',
      'in',
      this.units()
        .select('units.uid')
        .where('units.uid', 'in', [...unitIds]),
    );
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
