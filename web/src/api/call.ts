// /api/call tasks (API.md §3). Calls made in the same tick share one HTTP request; each task still
// resolves or fails on its own result.
import {
  MAX_BATCH_REQUESTS,
  RESULT,
  type CallAnswer,
  type CallResponse,
  type TaskName,
  type TaskRequest,
  type TaskResponse,
} from '@fleet/common';
import { failure, post, type RequestOptions } from './client';

interface Pending {
  task: string;
  parameters: object;
  opts: RequestOptions;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

let queue: Pending[] = [];
let scheduled = false;

async function flush(batch: Pending[]): Promise<void> {
  const silent = batch.every((p) => p.opts.silent);
  const timeoutMs = Math.max(...batch.map((p) => p.opts.timeoutMs ?? 0)) || undefined;
  let answer: CallAnswer;
  try {
    answer = await post<CallAnswer>(
      '/api/call',
      { requests: batch.map((p, i) => ({ task: p.task, ref: i, parameters: p.parameters })) },
      { silent, timeoutMs },
    );
  } catch (error) {
    batch.forEach((p) => p.reject(error));
    return;
  }
  const responses = answer.responses ?? [];
  batch.forEach((p, i) => {
    const entry: CallResponse | undefined = responses.find((r) => r.ref === i) ?? responses[i];
    if (!entry) {
      p.reject(failure({ result: RESULT.REFUSED, message: `No answer for ${p.task}` }, p.opts));
    } else if (entry.result !== RESULT.OK) {
      p.reject(failure({ result: entry.result, responses: [entry] }, p.opts));
    } else {
      p.resolve(entry.data ?? {});
    }
  });
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    const all = queue;
    queue = [];
    for (let i = 0; i < all.length; i += MAX_BATCH_REQUESTS) {
      void flush(all.slice(i, i + MAX_BATCH_REQUESTS));
    }
  });
}

/** Runs one task and resolves with its `data`, typed by the TaskMap of @fleet/common. */
export function call<K extends TaskName>(
  task: K,
  parameters: TaskRequest<K>,
  opts: RequestOptions = {},
): Promise<TaskResponse<K>> {
  return send(task, parameters, opts) as Promise<TaskResponse<K>>;
}

/**
 * A task the TaskMap does not name yet (its answer's shape is not settled: get_locations,
 * get_routes). The caller must check the data it reads; move the task into the TaskMap once the
 * server serves it.
 */
export function callUntyped(
  task: string,
  parameters: Record<string, unknown> = {},
  opts: RequestOptions = {},
): Promise<Record<string, unknown>> {
  return send(task, parameters, opts) as Promise<Record<string, unknown>>;
}

function send(task: string, parameters: object, opts: RequestOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ task, parameters, opts, resolve, reject });
    schedule();
  });
}
