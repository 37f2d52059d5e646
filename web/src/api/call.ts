// /api/call tasks (API.md §3). Calls made in the same tick share one HTTP request; each task still
// resolves or fails on its own result.
import { MAX_BATCH_REQUESTS, RESULT, type CallAnswer, type CallResponse } from '@fleet/common';
import { failure, post, type RequestOptions } from './client';

interface Pending {
  task: string;
  parameters: Record<string, unknown>;
  opts: RequestOptions;
  resolve: (data: any) => void;
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

/** Runs one task and resolves with its `data`. */
export function call<T = Record<string, unknown>>(
  task: string,
  parameters: Record<string, unknown> = {},
  opts: RequestOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ task, parameters, opts, resolve, reject });
    schedule();
  });
}
