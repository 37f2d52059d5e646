import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerTasks, defineExtraTask } from '../../src/tasks/registry';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('first start without demo data', () => {
  it('creates only the support account admin with ADMIN_PASSWORD; no demo password exists', async () => {
    t = await createTestApp({ DEMO: '0', ADMIN_PASSWORD: 'Admin2026!' });
    expect(t.running.generatedAdminPassword).toBeNull();
    expect((await t.post('/api/login', { username: 'demo', password: 'demo' })).result).toBe(6);
    const res = await t.post('/api/login', { username: 'admin', password: 'Admin2026!' });
    expect(res.result).toBe(0);
    expect(res.user.user_type).toBe('support');
  });

  it('generates the admin password when none is given and reports it once', async () => {
    t = await createTestApp({ DEMO: '0' });
    const generated = t.running.generatedAdminPassword!;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await t.post('/api/login', { username: 'admin', password: generated })).result).toBe(0);
  });
});

describe('server faults', () => {
  it('answers "Server error" with an error id and no stack trace, keeping the batch alive', async () => {
    registerTasks([
      defineExtraTask({
        name: 'test_explode',
        roles: 'any',
        params: z.object({}),
        probe: () => ({}),
        async handler() {
          throw new Error('boom in /work/main/server/src/secret.ts:12');
        },
      }),
    ]);
    t = await createTestApp();
    const token = await t.login('demo');
    const res = await t.call(token, [
      { task: 'test_explode', ref: 1 },
      { task: 'who_am_i', ref: 2 },
    ]);
    expect(res.responses[0]).toMatchObject({
      result: 1,
      message: 'Server error',
      error: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(JSON.stringify(res)).not.toMatch(/boom|secret\.ts/);
    expect(res.responses[1].result).toBe(0);
  });
});

describe('known-login links', () => {
  it('support creates a one-time link that logs the user in once', async () => {
    t = await createTestApp();
    const support = await t.login('support');
    const demo = await t.login('demo');
    const lite = (await t.task(support, 'get_users', { search: 'lite' })).data.users[0];
    expect((await t.task(demo, 'set_known_login', { nid: lite.nid })).result).toBe(3);
    const link = await t.task(support, 'set_known_login', {
      nid: lite.nid,
      url: 'portal/viewrealtime',
    });
    expect(link.data.link).toMatch(/#\/known_login\/[A-Za-z0-9_-]+\/portal%2Fviewrealtime$/);
    const res = await t.post('/api/known_login', { token: link.data.token });
    expect(res).toMatchObject({
      result: 0,
      url: 'portal/viewrealtime',
      user: { username: 'lite' },
    });
    expect((await t.post('/api/known_login', { token: link.data.token })).result).toBe(2);
  });
});
