// Route schemas refuse a badly shaped body before its handler runs: the envelope with a message
// naming the field, never a 500, and nothing written.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function count(table: 'connection_logs' | 'login_limits' | 'users' | 'tickets') {
  const row = await t.running.services.db.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows that any handler of these routes would write. */
async function writes() {
  return Promise.all((['connection_logs', 'login_limits', 'users', 'tickets'] as const).map(count));
}

describe('schema refusals', () => {
  const cases: [string, unknown, RegExp][] = [
    ['/api/login', { username: 5, password: 'x' }, /^username: .*expected string/],
    ['/api/login', { username: 'demo', password: ['demo'] }, /^password: /],
    ['/api/login', { username: 'x'.repeat(201), password: 'x' }, /^username: /],
    ['/api/login', ['demo', 'demo'], /^body must be a JSON object$/],
    ['/api/logout', 'true', /^body must be a JSON object$/],
    ['/api/forgot_password', { username: { $ne: '' } }, /^username: /],
    ['/api/forgot_password_set', { ticket: 12345, password: 'Secret2026' }, /^ticket: /],
    ['/api/account_password_set', { ticket: 'abc', password: 12345678 }, /^password: /],
    ['/api/sign_up', { email: ['a@b.example'] }, /^email: /],
    ['/api/known_login', { token: null }, /^token: /],
    ['/api/theme', 42, /^body must be a JSON object$/],
    ['/api/track', { send_token: 12345 }, /^send_token: /],
    ['/api/login', { username: 'demo', password: 'demo', channel: 7 }, /^channel: /],
  ];

  it.each(cases)('%s refuses %j', async (url, body, message) => {
    const before = await writes();
    const res = await t.post(url, typeof body === 'string' ? body : JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(res.result).toBe(1);
    expect(res.message).toMatch(message);
    expect(res.error).toBeUndefined();
    expect(await writes()).toEqual(before);
  });

  it('a well-shaped body still reaches the handler and its own messages', async () => {
    const res = await t.post('/api/login', { username: '  ', password: '' });
    expect(res).toMatchObject({ result: 1, message: 'Username and password are required' });
    expect((await t.post('/api/logout', {})).result).toBe(0);
  });
});

describe('/api/call', () => {
  it('checks the session before the body, so a stale token answers 2 whatever it sent', async () => {
    expect((await t.post('/api/call', { requests: 'nonsense' })).result).toBe(2);
    expect((await t.post('/api/call', [1, 2, 3], 'not-a-token-but-long-enough')).result).toBe(2);
  });

  it("keeps today's messages for a missing or oversized list of requests", async () => {
    const token = await t.login('demo');
    for (const body of [{}, { requests: 'who_am_i' }, { requests: { task: 'who_am_i' } }]) {
      expect(await t.post('/api/call', body, token)).toMatchObject({
        status: 200,
        result: 1,
        message: 'requests must be a list of {task, ref, parameters}',
      });
    }
    const many = Array.from({ length: 51 }, () => ({ task: 'who_am_i' }));
    expect(await t.post('/api/call', { requests: many }, token)).toMatchObject({
      result: 1,
      message: 'At most 50 requests per call',
    });
    // Each request's own parameters are still checked by its task: one bad entry fails alone.
    const res = await t.post(
      '/api/call',
      { requests: [{ task: 'who_am_i', ref: 'a' }, 'junk', { task: 'get_unit', parameters: 5 }] },
      token,
    );
    expect(res.result).toBe(0);
    expect(res.responses.map((r: any) => r.result)).toEqual([0, 1, 1]);
    expect(res.responses[2].message).toBe('parameters must be an object');
  });

  it('answers 400 to a body that is not JSON, and 415 to one that is not sent as JSON', async () => {
    const token = await t.login('demo');
    expect(await t.post('/api/call', '{"requests": [', token)).toMatchObject({
      status: 400,
      result: 1,
      message: 'The request body is not valid JSON',
    });
    const res = await t.running.app.inject({
      method: 'POST',
      url: '/api/call',
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` },
      payload: '<requests/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ result: 1, message: 'Send the request as JSON' });
  });
});

describe('/api/live', () => {
  it('refuses a query string (the token travels in the first message, never in a URL)', async () => {
    await t.running.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.running.app.server.address() as AddressInfo;
    const upgrade = (query: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live${query}`);
        ws.on('open', () => {
          ws.close();
          resolve({ status: 101, body: '' });
        });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        ws.on('error', reject);
      });
    expect((await upgrade('')).status).toBe(101);
    const refused = await upgrade('?token=abc');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      result: 1,
      message: 'This address takes no query parameters',
    });
  });
});
