// A fake of the server's wire contract (API.md) behind a stubbed fetch.
import { vi } from 'vitest';

export interface TaskAnswer {
  result?: number;
  message?: string;
  data?: unknown;
}
export type TaskHandler = (parameters: Record<string, any>) => TaskAnswer;
export type PathHandler = (body: Record<string, any>) => { status?: number; body: unknown };

export interface RecordedCall {
  path: string;
  body: Record<string, any>;
  headers: Record<string, string>;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function mockApi(
  tasks: Record<string, TaskHandler> = {},
  paths: Record<string, PathHandler> = {},
) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000/');
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({
      path: url.pathname,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    if (url.pathname === '/api/call' && !paths[url.pathname]) {
      const responses = (
        body.requests as { task: string; ref: unknown; parameters: Record<string, any> }[]
      ).map((r) => {
        const handler = tasks[r.task];
        if (!handler) return { ref: r.ref, result: 1, message: `Unknown task ${r.task}` };
        const answer = handler(r.parameters ?? {});
        return {
          ref: r.ref,
          result: answer.result ?? 0,
          message: answer.message,
          data: answer.data ?? {},
        };
      });
      return json({ result: 0, responses });
    }
    const handler = paths[url.pathname];
    if (!handler) return json({ result: 1, message: 'Not found' }, 404);
    const answer = handler(body);
    return json(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    tasks: () =>
      calls
        .filter((c) => c.path === '/api/call')
        .flatMap((c) => c.body.requests.map((r: { task: string }) => r.task)),
    requestsOf: (task: string) =>
      calls
        .filter((c) => c.path === '/api/call')
        .flatMap((c) => c.body.requests)
        .filter((r: { task: string }) => r.task === task),
  };
}
