// The /api/call task registry: each task = { name, roles, params schema, handler }.
import type { z } from 'zod';
import type { ChangeLogEntityType, Role } from '@fleet/common';
import type { TaskContext } from './context';

/** Ids of another client, used by the tenant-isolation walk (see server/test/integration). */
export interface ForeignIds {
  uid: number;
  nid: number;
  pid: number;
  cid: number;
  tripId: number;
  sessionId: number;
}

export interface TaskDef<S extends z.ZodType = z.ZodType> {
  name: string;
  /** The user needs at least one of these roles; 'any' lets every logged-in user call it. */
  roles: readonly Role[] | 'any';
  params: S;
  /** Required for set_/delete_ tasks: the change-log entity type (SPEC §3). */
  entityType?: ChangeLogEntityType;
  handler(ctx: TaskContext, params: z.infer<S>): Promise<unknown>;
  /** Parameters aimed at another client's data; the isolation walk calls every task with them. */
  probe(foreign: ForeignIds): Record<string, unknown>;
}

const tasks = new Map<string, TaskDef>();

export function defineTask<S extends z.ZodType>(def: TaskDef<S>): TaskDef<S> {
  return def;
}

export function registerTasks(defs: TaskDef<any>[]): void {
  for (const def of defs) {
    if (tasks.has(def.name)) throw new Error(`Task ${def.name} registered twice`);
    if (/^(set|delete)_/.test(def.name) && !def.entityType) {
      throw new Error(`Task ${def.name} writes data and must declare its change-log entityType`);
    }
    if (def.roles !== 'any' && def.roles.length === 0)
      throw new Error(`Task ${def.name}: need roles!`);
    tasks.set(def.name, def);
  }
}

export function getTask(name: string): TaskDef | undefined {
  return tasks.get(name);
}

export function allTasks(): TaskDef[] {
  return [...tasks.values()];
}
