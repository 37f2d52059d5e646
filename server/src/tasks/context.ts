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

export type Effect = () => void | Promise<void>;

export interface EffectLogger {
  error(obj: unknown, msg?: string): void;
}

/**
 * What a handler gets. Tenant data is reachable only through `tenant`; `system` (the unscoped
 * database) is read only by the named functions of tasks/system.ts, which the lint rule allows.
 */
export class TaskContext {
  readonly tenant: Tenant;
  readonly changes: ChangeLogEntry[] = [];
  private readonly effects: Effect[] = [];

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

  /**
   * Mail, bus messages and cache invalidation: run once the task's transaction has committed (or a
   * read task has answered), in order, and never when the task fails.
   */
  afterCommit(fn: Effect): void {
    this.effects.push(fn);
  }

  /** Runs the queued effects; one that fails is logged and does not change the task's answer. */
  async runEffects(task: string, log: EffectLogger): Promise<void> {
    for (const fn of this.effects.splice(0)) {
      try {
        await fn();
      } catch (err) {
        log.error({ err, task, reqId: this.meta.requestId }, 'after-commit effect failed');
      }
    }
  }
}
