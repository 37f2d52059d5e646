// Whose address counts (TRUST_PROXY) and whose attempts count (the login limiter across processes).
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';
import { createTestApp, type TestApp } from '../support/test-app';

let apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps) await a.close();
  apps = [];
});

async function app(env: Record<string, string>) {
  const t = await createTestApp({ LOGIN_LIMIT_PER_USERNAME: '100', ...env });
  apps.push(t);
  return t;
}

/** A wrong password from the given X-Forwarded-For (inject's own address is 127.0.0.1). */
function failFrom(t: TestApp, forwardedFor: string, username = 'lite') {
  return t.post('/api/login', { username, password: 'wrong' }, undefined, {
    'x-forwarded-for': forwardedFor,
  });
}

async function loggedAddresses(t: TestApp): Promise<string[]> {
  const rows = await t.running.services.db.db
    .selectFrom('connection_logs')
    .select('ip')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.ip);
}

describe('TRUST_PROXY', () => {
  it('off (the default): a changing X-Forwarded-For neither resets the address limit nor reaches the log', async () => {
    const t = await app({ LOGIN_LIMIT_PER_IP: '3' });
    expect(t.config.trustProxy).toBe(false);
    for (let i = 1; i <= 3; i++) expect((await failFrom(t, `203.0.113.${i}`)).result).toBe(6);
    const limited = await failFrom(t, '198.51.100.77', 'demo');
    expect(limited.result).toBe(7);
    expect(limited.message).toMatch(/Try again in \d+ seconds/);
    expect(limited.retry_after).toBeGreaterThan(0);
    expect(await loggedAddresses(t)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it("set to the proxy's address: each forwarded address has its own limit and is logged", async () => {
    const t = await app({ LOGIN_LIMIT_PER_IP: '3', TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 3; i++) expect((await failFrom(t, '203.0.113.9')).result).toBe(6);
    expect((await failFrom(t, '203.0.113.9')).result).toBe(7);
    // Another client behind the same proxy is not blocked by the first one's failures.
    expect((await failFrom(t, '203.0.113.10')).result).toBe(6);
    expect(
      (
        await t.post('/api/login', { username: 'lite', password: 'lite' }, undefined, {
          'x-forwarded-for': '203.0.113.11',
        })
      ).result,
    ).toBe(0);
    const logged = await loggedAddresses(t);
    expect(logged.filter((ip) => ip === '203.0.113.9')).toHaveLength(3);
    expect(logged).toContain('203.0.113.10');
    expect(logged).toContain('203.0.113.11');
    expect(logged).not.toContain('127.0.0.1');
  });

  it('a proxy that is not the configured one cannot name the client', async () => {
    const t = await app({ LOGIN_LIMIT_PER_IP: '2', TRUST_PROXY: '10.0.0.0/8' });
    expect((await failFrom(t, '203.0.113.1')).result).toBe(6);
    expect((await failFrom(t, '203.0.113.2')).result).toBe(6);
    expect((await failFrom(t, '203.0.113.3')).result).toBe(7);
    expect(await loggedAddresses(t)).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('refuses a setting it cannot read, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be/);
    // Fastify trusts no peer for a hop count, so a count would silently do nothing.
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY must be/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
  });
});

describe('login limits across processes', () => {
  it('two servers on one database share the failure counts', async () => {
    const a = await app({ LOGIN_LIMIT_PER_USERNAME: '3' });
    // A second process of the same deployment: same configuration, same database.
    const b = await startServer(a.config, { listen: false });
    try {
      const viaB = (body: unknown) =>
        b.app.inject({ method: 'POST', url: '/api/login', payload: body as object });
      expect((await a.post('/api/login', { username: 'recovery', password: 'x' })).result).toBe(6);
      expect((await viaB({ username: 'recovery', password: 'x' })).json().result).toBe(6);
      expect((await a.post('/api/login', { username: 'recovery', password: 'x' })).result).toBe(6);
      const limited = (await viaB({ username: 'recovery', password: 'recovery' })).json();
      expect(limited.result).toBe(7);
      expect(limited.retry_after).toBeGreaterThan(0);
      expect(
        (await a.post('/api/login', { username: 'recovery', password: 'recovery' })).result,
      ).toBe(7);
    } finally {
      await b.close();
    }
  });

  it('failures older than the window stop counting and are cleaned away', async () => {
    const t = await app({ LOGIN_LIMIT_PER_USERNAME: '2', LOGIN_LIMIT_WINDOW_S: '60' });
    const { db } = t.running.services.db;
    for (let i = 0; i < 2; i++)
      expect((await t.post('/api/login', { username: 'lite', password: 'x' })).result).toBe(6);
    expect((await t.post('/api/login', { username: 'lite', password: 'lite' })).result).toBe(7);
    // Age the failures past the window, as if a minute had gone by.
    await db
      .updateTable('login_limits')
      .set((eb) => ({ expires: eb('expires', '-', 61_000) }))
      .execute();
    expect((await t.post('/api/login', { username: 'lite', password: 'x' })).result).toBe(6);
    const left = await db.selectFrom('login_limits').select('limit_key').execute();
    // Only the new failure (per username and per address) is left.
    expect(left.map((r) => r.limit_key).sort()).toEqual(['ip:127.0.0.1', 'u:lite']);
  });
});
