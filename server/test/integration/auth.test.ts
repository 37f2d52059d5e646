import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_LIMIT_PER_USERNAME: '3' });
});
afterAll(() => t.close());

function outbox(): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  // Mail bodies are quoted-printable: undo soft line breaks and =XX escapes.
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
    );
}

describe('login', () => {
  it('accepts the right password, trims the username and answers the user', async () => {
    const res = await t.post('/api/login', {
      username: '  demo ',
      password: 'demo',
      channel: 'web 1.4.15',
    });
    expect(res.result).toBe(0);
    expect(res.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.user).toMatchObject({
      username: 'demo',
      user_type: 'full',
      client: { name: 'Demo Fleet' },
    });
    expect(res.user.roles.length).toBeGreaterThan(10);
  });

  it('answers result 6 for a wrong password and for an unknown user', async () => {
    expect((await t.post('/api/login', { username: 'lite', password: 'nope' })).result).toBe(6);
    expect((await t.post('/api/login', { username: 'nobody', password: 'nope' })).result).toBe(6);
  });

  it('rate-limits repeated failures per username with result 7 and retry_after', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.post('/api/login', { username: 'recovery', password: 'bad' })).result).toBe(
        6,
      );
    }
    const limited = await t.post('/api/login', { username: 'recovery', password: 'recovery' });
    expect(limited.result).toBe(7);
    expect(limited.retry_after).toBeGreaterThan(0);
    expect(limited.message).toMatch(/Try again in \d+ seconds/);
    // Another username from the same address is not blocked by that username's failures.
    expect((await t.post('/api/login', { username: 'lite', password: 'lite' })).result).toBe(0);
  });

  it('writes both outcomes to the connection log', async () => {
    const token = await t.login('lite');
    const logs = await t.task(token, 'get_user_connection_logs');
    const entries = logs.data.connection_logs;
    expect(entries.some((e: any) => e.success === false)).toBe(true);
    expect(entries[0].success).toBe(true);
  });
});

describe('sessions', () => {
  it('answers result 2 for missing, garbage and expired tokens', async () => {
    expect((await t.post('/api/call', { requests: [{ task: 'who_am_i' }] })).result).toBe(2);
    expect(
      (
        await t.post(
          '/api/call',
          { requests: [{ task: 'who_am_i' }] },
          'garbage-token-that-is-long-enough',
        )
      ).result,
    ).toBe(2);
    const token = await t.login('demo');
    await t.running.services.db.db
      .updateTable('sessions')
      .set({ expires: Date.now() - 1000 })
      .execute();
    expect((await t.post('/api/call', { requests: [{ task: 'who_am_i' }] }, token)).result).toBe(2);
  });

  it('a revoked session answers result 2 on its next call', async () => {
    const a = await t.login('demo');
    const b = await t.login('demo');
    const sessions = await t.task(a, 'get_user_sessions');
    const other = sessions.data.tokens.find((s: any) => !s.current);
    expect(sessions.data.tokens.find((s: any) => s.current)).toBeTruthy();
    const revoked = await t.task(a, 'delete_user_session', { id: other.id });
    expect(revoked.result).toBe(0);
    expect((await t.call(b, [{ task: 'who_am_i' }])).result).toBe(2);
    expect((await t.call(a, [{ task: 'who_am_i' }])).result).toBe(0);
  });

  it('logout ends the session', async () => {
    const token = await t.login('demo');
    expect((await t.post('/api/logout', {}, token)).result).toBe(0);
    expect((await t.call(token, [{ task: 'who_am_i' }])).result).toBe(2);
  });
});

describe('password reset, sign-up and known login', () => {
  it('forgot_password answers the same whether or not the user exists, and mails a working link', async () => {
    const before = outbox().length;
    const known = await t.post('/api/forgot_password', { username: ' demo ', email: '' });
    const unknown = await t.post('/api/forgot_password', { username: 'ghost', email: '' });
    expect(known.result).toBe(0);
    expect(unknown).toEqual(known);
    const mails = outbox();
    expect(mails.length).toBe(before + 1);
    const ticket = /#\/forgot_reset\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1])![1];
    expect(
      (await t.post('/api/forgot_password_set', { ticket, password: 'short' })).message,
    ).toMatch(/at least 8/);
    expect(
      (await t.post('/api/forgot_password_set', { ticket, password: 'NewDemo2026' })).result,
    ).toBe(0);
    expect(
      (await t.post('/api/forgot_password_set', { ticket, password: 'Other2026x' })).result,
    ).toBe(1);
    expect((await t.post('/api/login', { username: 'demo', password: 'demo' })).result).toBe(6);
    expect((await t.post('/api/login', { username: 'demo', password: 'NewDemo2026' })).result).toBe(
      0,
    );
  });

  it('forgot_password also finds the account by e-mail alone, case-insensitively', async () => {
    const before = outbox().length;
    expect(
      (await t.post('/api/forgot_password', { username: '', email: 'LITE@example.com' })).result,
    ).toBe(0);
    const mails = outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatch(/To: lite@example\.com/);
    expect(mails.at(-1)).toMatch(/#\/forgot_reset\//);
  });

  it('sign_up creates a Sign Up user whose new_account link sets the first password', async () => {
    expect((await t.post('/api/sign_up', { email: 'not-an-email' })).result).toBe(1);
    expect((await t.post('/api/sign_up', { email: 'newcomer@fleet.example' })).result).toBe(0);
    const mail = outbox().find(
      (m) => m.includes('newcomer@fleet.example') && m.includes('new_account'),
    )!;
    const ticket = /#\/new_account\/([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect(
      (await t.post('/api/account_password_set', { ticket, password: 'Welcome2026' })).result,
    ).toBe(0);
    const res = await t.post('/api/login', {
      username: 'newcomer@fleet.example',
      password: 'Welcome2026',
    });
    expect(res.result).toBe(0);
    expect(res.user.user_type).toBe('sign_up');
  });

  it('known_login exchanges a one-time token for a session once', async () => {
    const { createTicket } = await import('../../src/auth/tickets');
    const ticket = await createTicket(t.running.services.db.db, 'known_login', 2, {
      url: 'portal/viewrealtime',
    });
    const res = await t.post('/api/known_login', { token: ticket });
    expect(res.result).toBe(0);
    expect(res.user.username).toBe('lite');
    expect(res.url).toBe('portal/viewrealtime');
    expect((await t.post('/api/known_login', { token: ticket })).result).toBe(2);
  });
});

describe('health and theme', () => {
  it('health answers 200 with the version and the server time', async () => {
    const res = await t.running.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.4.15', time: expect.any(String) });
  });

  it("tells the time of the server's clock, which runs from CLOCK_START", async () => {
    const pinned = await createTestApp({ CLOCK_START: '2026-03-02T10:00:00+02:00' });
    try {
      const res = await pinned.running.app.inject({ method: 'GET', url: '/api/health' });
      const time = Date.parse(res.json().time);
      expect(time).toBeGreaterThanOrEqual(Date.parse('2026-03-02T08:00:00Z'));
      expect(time).toBeLessThan(Date.parse('2026-03-02T08:01:00Z'));
    } finally {
      await pinned.close();
    }
  });

  it('chooses the theme by host name', async () => {
    const dflt = await t.post('/api/theme', {}, undefined, { host: 'localhost:8080' });
    const brand = await t.post('/api/theme', {}, undefined, {
      host: 'portal.sentineltracking.co.za',
    });
    expect(dflt.theme.key).toBe('default');
    expect(brand.theme.key).toBe('sentinel');
    expect(brand.theme.terms_link).toMatch(/^https:/);
    expect(dflt.theme.terms_link).toBeNull();
  });
});
