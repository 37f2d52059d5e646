// Runs one /api/call batch: in order, a result per request, one failure never failing its neighbours.
import { z } from 'zod';
import {
  RESULT,
  checkPermission,
  cleanPayload,
  PayloadTooDeepError,
  type CallRequest,
  type CallResponse,
} from '@fleet/common';
import type { SessionUser, RequestMeta } from '../auth/sessions';
import type { Services } from '../services';
import { TaskContext } from './context';
import { TaskError } from './errors';
import { getTask, type TaskDef } from './registry';
import { clock } from '../clock';

export interface Logger {
  error(obj: unknown, msg?: string): void;
}

/** Turns a schema violation into a sentence that names the field. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.length ? issue.path.join('.') : 'parameters';
      if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
        return `${field} is required`;
      }
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

export async function runBatch(
  services: Services,
  user: SessionUser,
  meta: RequestMeta,
  requests: CallRequest[],
  log: Logger,
): Promise<CallResponse[]> {
  const responses: CallResponse[] = [];
  for (const request of requests) {
    responses.push(await runOne(services, user, meta, request, log));
  }
  return responses;
}

async function runOne(
  services: Services,
  user: SessionUser,
  meta: RequestMeta,
  request: CallRequest,
  log: Logger,
): Promise<CallResponse> {
  const ref = request.ref ?? null;
  const task = typeof request.task === 'string' ? getTask(request.task) : undefined;
  if (!task) {
    const name =
      typeof request.task === 'string' ? request.task.slice(0, 100) : typeof request.task;
    return { ref, result: RESULT.REFUSED, message: `Unknown task: ${name}` };
  }
  if (task.roles !== 'any' && !checkPermission(user.roles, task.roles)) {
    return { ref, result: RESULT.FORBIDDEN, message: 'You do not have permission for this action' };
  }
  const raw = request.parameters ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ref, result: RESULT.REFUSED, message: 'parameters must be an object' };
  }
  let cleaned: unknown;
  try {
    cleaned = cleanPayload(raw);
  } catch (err) {
    if (err instanceof PayloadTooDeepError) {
      return { ref, result: RESULT.REFUSED, message: err.message };
    }
    throw err;
  }
  const parsed = task.params.safeParse(cleaned);
  if (!parsed.success) {
    return { ref, result: RESULT.REFUSED, message: describeZodError(parsed.error) };
  }
  try {
    const data = await execute(services, user, meta, task, parsed.data, log);
    return { ref, result: RESULT.OK, data };
  } catch (err) {
    if (err instanceof TaskError) return { ref, result: err.result, message: err.message };
    if (err instanceof z.ZodError)
      return { ref, result: RESULT.REFUSED, message: describeZodError(err) };
    // The id a user quotes is the request id Fastify's log lines carry (API.md §1).
    log.error({ err, task: task.name, reqId: meta.requestId }, 'task failed');
    return { ref, result: RESULT.REFUSED, message: 'Server error', error: meta.requestId };
  }
}

async function execute(
  services: Services,
  user: SessionUser,
  meta: RequestMeta,
  task: TaskDef,
  params: unknown,
  log: Logger,
): Promise<unknown> {
  // import_ tasks (import_kml) write many rows at once: all or nothing, like set_ and delete_.
  const writes = task.writes === true || /^(set|delete|import)_/.test(task.name);
  if (!writes) {
    const ctx = new TaskContext(services.db.db, user, services, meta);
    const data = await task.handler(ctx, params);
    await ctx.runEffects(task.name, log);
    return data;
  }
  // Writes run in one transaction with their change-log rows: a failure changes nothing, and
  // effects (mail, bus messages) run only once the transaction has committed.
  const { ctx, data } = await services.db.db.transaction().execute(async (trx) => {
    const ctx = new TaskContext(trx, user, services, meta);
    const data = await task.handler(ctx, params);
    // An import that stored nothing (a dry run, every row refused) logs nothing.
    const entries = ctx.changes.length
      ? ctx.changes
      : task.name.startsWith('import_')
        ? []
        : [
            {
              action: task.name.startsWith('delete_') ? 'D' : hasId(params) ? 'E' : 'I',
              entityType: task.entityType!,
              entityId: idOf(params) ?? '',
              description: task.name,
            } as const,
          ];
    const now = clock().now();
    // In slices: an import logs a row per location, more than one statement may bind on SQLite.
    for (let i = 0; i < entries.length; i += CHANGE_LOG_SLICE) {
      await trx
        .insertInto('change_logs')
        .values(
          entries.slice(i, i + CHANGE_LOG_SLICE).map((e) => ({
            client_id: user.clientId,
            user_id: user.nid,
            username: user.username,
            datetimestamp: now,
            action: e.action,
            entity_type: e.entityType,
            entity_id: String(e.entityId),
            description: e.description.slice(0, 500),
          })),
        )
        .execute();
    }
    return { ctx, data };
  });
  await ctx.runEffects(task.name, log);
  return data;
}

/** Change-log rows per insert statement (8 values each, well under SQLite's 32,766 variables). */
const CHANGE_LOG_SLICE = 1000;

const ID_KEYS = ['id', 'uid', 'nid', 'pid', 'lid', 'rid', 'roid', 'tid', 'srid', 'vid', 'cid'];
function idOf(params: unknown): string | undefined {
  if (!params || typeof params !== 'object') return undefined;
  for (const k of ID_KEYS) {
    const v = (params as Record<string, unknown>)[k];
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return undefined;
}
function hasId(params: unknown): boolean {
  return idOf(params) !== undefined;
}
