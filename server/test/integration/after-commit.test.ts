// Effects after commit (ARCHITECTURE.md §4): mail and bus messages of a task go out only once its
// transaction has committed. A task that fails after queueing them (here: its change-log row
// cannot be written) sends nothing and changes nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Mail } from '../../src/notify/mailer';
import type { BusMessages } from '../../src/live/bus';
import { resolveSession, type RequestMeta } from '../../src/auth/sessions';
import { runBatch } from '../../src/tasks/dispatch';
import { defineExtraTask, registerTasks } from '../../src/tasks/registry';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let mails: Mail[];
let revoked: BusMessages['session_revoked'][];

const db = () => t.running.services.db.db;

/** Makes every change-log write fail until the returned function puts the table back. */
async function breakChangeLogs(): Promise<() => Promise<void>> {
  await sql`alter table change_logs rename to change_logs_away`.execute(db());
  return async () => {
    await sql`alter table change_logs_away rename to change_logs`.execute(db());
  };
}

const userNamed = (username: string) =>
  db().selectFrom('users').select('nid').where('username', '=', username).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  t.running.services.mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  t.running.services.bus.subscribe('session_revoked', (m) => revoked.push(m));
});
afterAll(() => t.close());
beforeEach(() => {
  mails = [];
  revoked = [];
});

describe('a write task that fails after its mail and bus point', () => {
  it('creating an invited user sends no invitation and leaves no user', async () => {
    const restore = await breakChangeLogs();
    try {
      const res = await t.task(demo, 'set_user', {
        username: 'invitee',
        email: 'invitee@demofleet.co.za',
      });
      expect(res).toMatchObject({ result: 1, message: 'Server error' });
    } finally {
      await restore();
    }
    expect(mails).toEqual([]);
    expect(await userNamed('invitee')).toBeUndefined();
  });

  it('deleting a user sends no session_revoked and leaves the user', async () => {
    const created = await t.task(demo, 'set_user', { username: 'keeper', password: 'Keeper2026' });
    const nid = created.data.user.nid;
    const restore = await breakChangeLogs();
    try {
      expect((await t.task(demo, 'delete_user', { nid })).message).toBe('Server error');
    } finally {
      await restore();
    }
    expect(revoked).toEqual([]);
    expect(await userNamed('keeper')).toEqual({ nid });
  });
});

describe('the same tasks when they commit', () => {
  it('send exactly one invitation, whose link works, and one session_revoked', async () => {
    const created = await t.task(demo, 'set_user', {
      username: 'invitee2',
      email: 'invitee2@demofleet.co.za',
    });
    expect(created.result).toBe(0);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('invitee2@demofleet.co.za');
    // The ticket in the mail was committed before the mail went out.
    const ticket = /#\/new_account\/([A-Za-z0-9_-]+)/.exec(mails[0].text)![1];
    const set = await t.post('/api/account_password_set', { ticket, password: 'Invitee2026' });
    expect(set.result).toBe(0);
    const nid = created.data.user.nid;
    revoked = []; // setting the first password ends the user's other sessions too
    expect((await t.task(demo, 'delete_user', { nid })).result).toBe(0);
    expect(revoked).toEqual([{ userId: nid }]);
  });

  it('keep their answer when sending fails afterwards', async () => {
    t.running.services.mailer = {
      async send() {
        throw new Error('SMTP is down');
      },
    };
    try {
      const created = await t.task(demo, 'set_user', {
        username: 'invitee3',
        email: 'invitee3@demofleet.co.za',
      });
      expect(created.result).toBe(0);
      expect(await userNamed('invitee3')).toEqual({ nid: created.data.user.nid });
    } finally {
      t.running.services.mailer = {
        async send(mail) {
          mails.push(mail);
        },
      };
    }
  });
});

describe('the dispatcher', () => {
  const ran: string[] = [];
  registerTasks([
    defineExtraTask({
      name: 'test_effects_in_order',
      roles: 'any',
      params: z.object({ fail: z.boolean().default(false) }),
      probe: () => ({}),
      async handler(ctx, p) {
        ctx.afterCommit(() => void ran.push('first'));
        ctx.afterCommit(() => {
          throw new Error('effect broke');
        });
        ctx.afterCommit(() => void ran.push('third'));
        if (p.fail) throw new Error('task broke');
        return { ok: true };
      },
    }),
  ]);

  it('runs effects in order after the answer is known, logs one that throws with the request id', async () => {
    const user = (await resolveSession(db(), demo, t.config.sessionTtlMs))!;
    const meta: RequestMeta = { requestId: 'req-after-commit', ip: '', userAgent: '', channel: '' };
    const logged: unknown[] = [];
    const log = { error: (obj: unknown) => void logged.push(obj) };

    const ok = await runBatch(
      t.running.services,
      user,
      meta,
      [{ task: 'test_effects_in_order', ref: 1 }],
      log,
    );
    expect(ok).toEqual([{ ref: 1, result: 0, data: { ok: true } }]);
    expect(ran).toEqual(['first', 'third']);
    expect(logged).toMatchObject([{ reqId: 'req-after-commit', task: 'test_effects_in_order' }]);

    ran.length = 0;
    logged.length = 0;
    const failed = await runBatch(
      t.running.services,
      user,
      meta,
      [{ task: 'test_effects_in_order', ref: 2, parameters: { fail: true } }],
      log,
    );
    // A failed task runs none of its effects; the error id is the request id of the log line.
    expect(failed).toEqual([
      { ref: 2, result: 1, message: 'Server error', error: 'req-after-commit' },
    ]);
    expect(ran).toEqual([]);
    expect(logged).toMatchObject([{ reqId: 'req-after-commit', task: 'test_effects_in_order' }]);
  });
});
