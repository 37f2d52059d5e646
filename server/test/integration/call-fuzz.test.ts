// /api/call under generated input (issue 9): every registered task gets parameters of the wrong
// type, huge strings and numbers, unknown and prototype-polluting keys and deep nesting; the call
// itself gets malformed request lists. Every answer is the documented envelope (API.md §1, §3):
// HTTP 200 (400/413 for a body that is not JSON or too large), a known result code per request,
// never 'Server error', a stack trace or SQL text, and Object.prototype stays clean.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_BODY_LIMIT, checkPermission, MAX_BATCH_REQUESTS, RESULT } from '@fleet/common';
import { registerAllTasks } from '../../src/tasks';
import { allTasks, type ForeignIds, type TaskDef } from '../../src/tasks/registry';
import { placeIds } from '../support/place-ids';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  MEGA_STRING,
  objectOf,
  parametersFor,
  toJsonText,
  weirdValue,
} from '../support/fuzz-values';

registerAllTasks();
const TASKS = allTasks();
const CODES: Set<number> = new Set(Object.values(RESULT));
const SQL = /SELECT |INSERT |UPDATE \w+ SET|DELETE FROM|sqlite|SQLITE_|syntax error|relation "/;
const STACK = /\n\s+at | {4}at /;
const RUNS_PER_TASK = 25;

let t: TestApp;
let ids: ForeignIds;
const users = { demo: { token: '', roles: [] as string[] }, support: { token: '', roles: [] } };

async function login(name: 'demo' | 'support'): Promise<void> {
  users[name].token = await t.login(name);
  const me = await t.task(users[name].token, 'who_am_i');
  users[name].roles = me.data.user.roles;
}

beforeAll(async () => {
  t = await createTestApp();
  await login('demo');
  await login('support');
  const db = t.running.services.db.db;
  const demo = await db
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', 'Demo Fleet')
    .executeTakeFirstOrThrow();
  const first = <T>(rows: T[]) => rows[0];
  const unit = first(
    await db.selectFrom('units').select('uid').where('client_id', '=', demo.cid).execute(),
  );
  const lite = await db
    .selectFrom('users')
    .select('nid')
    .where('username', '=', 'lite')
    .executeTakeFirstOrThrow();
  const person = first(
    await db.selectFrom('people').select('pid').where('client_id', '=', demo.cid).execute(),
  );
  // A session of its own, so that a task ending "the session with this id" ends no one's test.
  await t.login('lite');
  const session = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', lite.nid)
    .executeTakeFirstOrThrow();
  const trip = first(
    await db.selectFrom('trips').select('id').where('client_id', '=', demo.cid).execute(),
  );
  ids = {
    uid: unit?.uid ?? 1,
    nid: lite.nid,
    pid: person?.pid ?? 1,
    cid: demo.cid,
    tripId: trip?.id ?? 1,
    sessionId: session.id,
    ...(await placeIds(db, demo.cid)),
  };
});
afterAll(() => t.close());

async function send(text: string, token?: string): Promise<{ status: number; text: string }> {
  const res = await t.running.app.inject({
    method: 'POST',
    url: '/api/call',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: text,
  });
  return { status: res.statusCode, text: res.body };
}

/** The envelope checks of API.md §1 and §3 on one answer; returns the parsed body. */
function checkAnswer(status: number, text: string, sent?: unknown[]): any {
  const where = `HTTP ${status}: ${text.slice(0, 300)}`;
  expect([200, 400, 413], where).toContain(status);
  expect(text, 'a stack trace').not.toMatch(STACK);
  expect(text, 'SQL text').not.toMatch(SQL);
  let body: any;
  expect(() => (body = JSON.parse(text)), where).not.toThrow();
  expect(CODES.has(body.result), where).toBe(true);
  expect(body, where).not.toHaveProperty('stack');
  if (status !== 200) expect(body.result, where).toBe(RESULT.REFUSED);
  if (body.result !== RESULT.OK) expect(typeof body.message, where).toBe('string');
  if (status === 200 && body.result === RESULT.OK && sent) {
    expect(body.responses, where).toHaveLength(sent.length);
    for (const r of body.responses) {
      expect(CODES.has(r.result), where).toBe(true);
      expect(r).not.toHaveProperty('stack');
      if (r.result !== RESULT.OK) expect(typeof r.message, where).toBe('string');
      expect(r.message, `a fault instead of a refusal: ${where}`).not.toBe('Server error');
    }
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  return body;
}

/** Names the task's parameter schema declares, when it is an object schema. */
function schemaKeys(task: TaskDef): string[] {
  const shape = (task.params as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

describe('/api/call fuzzing, task by task', () => {
  for (const task of TASKS) {
    it(`${task.name}: generated parameters get a refusal or an answer, never a fault`, async () => {
      // The least powerful demo login that may call it, so the parameters reach the handler.
      const who =
        task.roles === 'any' || checkPermission(users.demo.roles, task.roles) ? 'demo' : 'support';
      const base = task.probe(ids);
      const ref = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), weirdValue);
      await fc.assert(
        fc.asyncProperty(parametersFor(base, schemaKeys(task)), ref, async (parameters, r) => {
          const requests = [
            { task: task.name, ref: r, parameters },
            { task: 'who_am_i', ref: 'neighbour' },
          ];
          const { status, text } = await send(toJsonText({ requests }), users[who].token);
          const body = checkAnswer(status, text, requests);
          if (body.result === RESULT.NO_SESSION) {
            // The generated call ended the session it ran in (a password change, a logout).
            await login(who);
            return;
          }
          if (status === 200) {
            // One failing task never fails its neighbour.
            expect(body.responses[1], text.slice(0, 300)).toMatchObject({
              ref: 'neighbour',
              result: RESULT.OK,
            });
            if (typeof r === 'string' && !r.startsWith('@@')) {
              expect(body.responses[0].ref).toBe(r);
            }
          }
        }),
        { numRuns: RUNS_PER_TASK },
      );
    });
  }
});

describe('/api/call edge values, every task and field', () => {
  it('numbers past the 32-bit integer columns are refused or answered, never a fault', async () => {
    const faults: string[] = [];
    for (const task of TASKS) {
      const who =
        task.roles === 'any' || checkPermission(users.demo.roles, task.roles) ? 'demo' : 'support';
      const base = task.probe(ids);
      for (const key of new Set([...Object.keys(base), ...schemaKeys(task)])) {
        const value = Array.isArray(base[key]) ? [2 ** 31] : 2 ** 31;
        const requests = [{ task: task.name, parameters: { ...base, [key]: value } }];
        const { status, text } = await send(JSON.stringify({ requests }), users[who].token);
        const body = JSON.parse(text);
        if (status !== 200 || body.responses?.[0]?.message === 'Server error') {
          faults.push(`${task.name} ${JSON.stringify(requests[0].parameters)}`);
        } else checkAnswer(status, text, requests);
        if (body.result === RESULT.NO_SESSION) await login(who);
      }
    }
    expect(faults).toEqual([]);
  });
});

describe('/api/call fuzzing, the request list itself', () => {
  const taskName = fc.oneof(fc.constantFrom(...TASKS.map((x) => x.name)), weirdValue);
  const request = fc.oneof(
    weirdValue,
    fc.record(
      { task: taskName, ref: weirdValue, parameters: weirdValue },
      { requiredKeys: ['task'] },
    ),
  );
  const body = fc.oneof(
    weirdValue,
    fc.record({ requests: weirdValue }),
    fc.record({ requests: fc.array(request, { maxLength: 5 }), channel: weirdValue }),
    fc
      .integer({ min: MAX_BATCH_REQUESTS + 1, max: MAX_BATCH_REQUESTS + 5 })
      .map((n) => ({ requests: Array.from({ length: n }, () => ({ task: 'who_am_i' })) })),
  );

  it('generated bodies get the envelope, with or without a session', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, withToken) => {
        const { status, text } = await send(
          toJsonText(b),
          withToken ? users.demo.token : undefined,
        );
        const parsed = checkAnswer(status, text);
        if (!withToken && status === 200) expect(parsed.result).toBe(RESULT.NO_SESSION);
        if (parsed.result === RESULT.NO_SESSION && withToken) await login('demo');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses more than the batch limit as a whole, with a message', async () => {
    const requests = Array.from({ length: MAX_BATCH_REQUESTS + 1 }, () => ({ task: 'who_am_i' }));
    const { status, text } = await send(JSON.stringify({ requests }), users.demo.token);
    expect(checkAnswer(status, text)).toMatchObject({ result: RESULT.REFUSED });
  });

  it('malformed texts, prototype pollution, deep nesting and oversized bodies', async () => {
    // Written as text: JSON.stringify itself cannot go this deep.
    const deepParams = `{"requests": [{"task": "get_user_settings", "parameters": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]}`;
    const deepArray = `{"requests": [{"task": "who_am_i", "parameters": {"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}}]}`;
    const texts: [string, number[]][] = [
      ['{"__proto__": {"polluted": 1}}', [400]],
      ['{"requests": [{"task": "who_am_i", "parameters": {"__proto__": {"polluted": 1}}}]}', [400]],
      ['{"requests": [], "constructor": {"prototype": {"polluted": 1}}}', [200, 400]],
      [
        toJsonText({
          requests: [
            { task: 'set_user_settings', parameters: objectOf([['__proto__', { polluted: 1 }]]) },
          ],
        }),
        [400],
      ],
      ['{"requests": [{"task": {"toString": 1}}]}', [200]],
      ['', [400]],
      ['null', [200]],
      ['[]', [200]],
      ['"requests"', [200]],
      ['{', [400]],
      ['{"requests": [}', [400]],
      ['NaN', [400]],
      ['{"requests": [{"task": "who_am_i", "ref": 1e400, "parameters": {"a": -0}}]}', [200]],
      [toJsonText({ requests: [{ task: 'who_am_i', ref: MEGA_STRING }] }), [200]],
      [toJsonText({ requests: [{ task: MEGA_STRING }] }), [200]],
      [toJsonText({ requests: [{ task: 'who_am_i', ref: 'x'.repeat(CALL_BODY_LIMIT) }] }), [413]],
      [deepParams, [200]],
      [deepArray, [200]],
    ];
    const wrong: string[] = [];
    for (const [text, statuses] of texts) {
      const res = await send(text, users.demo.token);
      const what = `${text.slice(0, 80)} → ${res.status} ${res.text.slice(0, 200)}`;
      if (!statuses.includes(res.status)) wrong.push(what);
      else checkAnswer(res.status, res.text);
    }
    expect(wrong).toEqual([]);
  });
});
