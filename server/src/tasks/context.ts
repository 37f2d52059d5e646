import type { Kysely, Transaction } from 'kysely';
import type { ChangeLogAction, ChangeLogEntityType } from '@fleet/common';
import type { Database } from '../db';
import type { SessionUser, RequestMeta } from '../auth/sessions';
import type { Services } from '../services';
import { Tenant } from './tenant';

export interface ChangeLogEntry {
  action: ChangeLogAction;
  entityType: ChangeLogEntityType;
  entityId: string | number;
  description: string;
}

/**
 * What a handler gets. Tenant data is reachable only through `tenant`; `system` is for tables
 * that belong to no client (tickets, unit issues) and is named so that its use stands out.
 */
export class TaskContext {
  readonly tenant: Tenant;
  readonly changes: ChangeLogEntry[] = [];

  constructor(
    readonly system: Kysely<Database> | Transaction<Database>,
    readonly user: SessionUser,
    readonly services: Services,
    readonly meta: RequestMeta,
  ) {
    this.tenant = new Tenant(system, user);
  }

  changeLog(entry: ChangeLogEntry): void {
    this.changes.push(entry);
  }
}
