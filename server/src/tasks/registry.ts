// The /api/call task registry: each task = { name, roles, params schema, handler }.
import type { z } from 'zod';
import {
  TASK_PARAMS,
  type ChangeLogEntityType,
  type Role,
  type ServedTaskName,
  type TaskMap,
} from '@fleet/common';
import type { TaskContext } from './context';

/** Ids of another client, used by the tenant-isolation walk (see server/test/integration). */
export interface ForeignIds {
  uid: number;
  nid: number;
  pid: number;
  cid: number;
  tripId: number;
  sessionId: number;
  /** a location and a route of the other client */
  lid: number;
  roid: number;
  /** a rule, a rule alert, a label, a fleet and a notice (for that client only) of the other client */
  rid: number;
  raid: number;
  tgid: number;
  fid: number;
  tid: number;
  /** a panic remote (remotes.id) of the other client */
  remote: number;
  /** the other client's quote, job, work approval, account entry and survey (ids) */
  quote: number;
  job: number;
  approval: number;
  entry: number;
  survey: number;
  /** a scheduled report of the other client */
  srid: number;
}

/** What every task declares besides its parameters and handler. */
interface TaskBase {
  /** The user needs at least one of these roles; 'any' lets every logged-in user call it. */
  roles: readonly Role[] | 'any';
  /** Required for set_/delete_ tasks: the change-log entity type (SPEC §3). */
  entityType?: ChangeLogEntityType;
  /**
   * A task that writes although its name does not start with set_, delete_ or import_ (accept_quote,
   * approve_work_approval): it runs in the write transaction with its change-log rows too.
   */
  writes?: boolean;
  /** Parameters aimed at another client's data; the isolation walk calls every task with them. */
  probe(foreign: ForeignIds): Record<string, unknown>;
}

/**
 * A task of the TaskMap of @fleet/common: its parameter schema is `TASK_PARAMS[name]` (one copy,
 * shared with the web's client), the handler gets the parsed parameters and must answer the
 * task's response type, so a drift from the contract fails to compile.
 */
export interface TaskSpec<K extends ServedTaskName> extends TaskBase {
  name: K;
  handler(ctx: TaskContext, params: TaskMap[K]['parsed']): Promise<TaskMap[K]['response']>;
}

/**
 * A registered task as the dispatcher sees it: the types are erased because it validates the
 * parameters with `params` before calling the handler with what the schema produced.
 */
export interface TaskDef extends TaskBase {
  name: string;
  params: z.ZodType;
  handler(ctx: TaskContext, params: unknown): Promise<unknown>;
}

const tasks = new Map<string, TaskDef>();

export function defineTask<K extends ServedTaskName>(spec: TaskSpec<K>): TaskDef {
  // The handler's typed parameters erase to `unknown` (a method's parameters compare both ways):
  // the dispatcher hands it only what TASK_PARAMS[name], whose output type they are, has parsed.
  return { ...spec, params: TASK_PARAMS[spec.name] };
}

/**
 * A task outside the TaskMap, with its own schema and an untyped answer: only for tests that
 * register a task of their own (a failing handler, after-commit effects). Product tasks use
 * defineTask, whose name must be one the web can call.
 */
export function defineExtraTask<S extends z.ZodType>(
  def: TaskBase & {
    name: string;
    params: S;
    handler(ctx: TaskContext, params: z.output<S>): Promise<unknown>;
  },
): TaskDef {
  return def;
}

export function registerTasks(defs: TaskDef[]): void {
  for (const def of defs) {
    if (tasks.has(def.name)) throw new Error(`Task ${def.name} registered twice`);
    if ((def.writes || /^(set|delete)_/.test(def.name)) && !def.entityType) {
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
