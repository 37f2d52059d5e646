// Panic notification settings through /api/call (issue 11, /portal/panic_notification): read with
// their default, written with a change-log row and a rules_changed message (the pipeline caches
// the recipients with the rules), bad entries refused naming the field with nothing stored, one
// client's settings invisible to another, and the general_panic_notifications role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let other: string;
let otherCid: number;
let demoCid: number;

const db = () => t.running.services.db.db;
const cid = async (name: string) =>
  (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).cid;
const stored = (clientId: number) =>
  db()
    .selectFrom('panic_notification_settings')
    .select(['emails', 'sms'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp();
  other = await t.login('other');
  otherCid = await cid('Other Fleet');
  demoCid = await cid('Demo Fleet');
});
afterAll(() => t.close());

describe('panic notification settings', () => {
  it('answers empty lists while nothing is stored, then what was saved', async () => {
    await db()
      .deleteFrom('panic_notification_settings')
      .where('client_id', '=', otherCid)
      .execute();
    const empty = await t.task(other, 'get_panic_notification_settings');
    expect(empty.data).toEqual({ panic_notification_settings: { emails: [], sms: [] } });

    const published: number[] = [];
    const stop = t.running.services.bus.subscribe('rules_changed', (m) =>
      published.push(m.client_id),
    );
    const saved = await t.task(other, 'set_panic_notification_settings', {
      emails: ['control@otherfleet.co.za', 'boss@otherfleet.co.za', 'control@otherfleet.co.za'],
      sms: ['+27 82 555 0123'],
    });
    expect(saved.data.panic_notification_settings).toEqual({
      emails: ['control@otherfleet.co.za', 'boss@otherfleet.co.za'],
      sms: ['+27 82 555 0123'],
    });
    expect(
      (await t.task(other, 'get_panic_notification_settings')).data.panic_notification_settings,
    ).toEqual(saved.data.panic_notification_settings);
    // A second save replaces the first (one row per client).
    await t.task(other, 'set_panic_notification_settings', { emails: [], sms: ['0825550124'] });
    expect(await stored(otherCid)).toEqual({ emails: '[]', sms: '["0825550124"]' });
    stop();
    expect(published).toEqual([otherCid, otherCid]);
    const logs = await db()
      .selectFrom('change_logs')
      .select(['action', 'entity_type'])
      .where('client_id', '=', otherCid)
      .where('entity_type', '=', 'Panic Notification Settings')
      .execute();
    expect(logs).toHaveLength(2);
  });

  it('refuses an invalid e-mail address or phone number, naming it, and keeps the old ones', async () => {
    const before = await stored(otherCid);
    const mail = await t.task(other, 'set_panic_notification_settings', {
      emails: ['ok@example.com', 'nope'],
    });
    expect(mail).toMatchObject({
      result: 1,
      message: 'emails.1: "nope" is not a valid e-mail address',
    });
    const sms = await t.task(other, 'set_panic_notification_settings', { sms: ['call me'] });
    expect(sms.result).toBe(1);
    expect(sms.message).toContain('sms.0: "call me" is not a valid phone number');
    expect(await stored(otherCid)).toEqual(before);
  });

  it('shows each client its own settings and needs the panic notifications role', async () => {
    const demo = await t.login('demo');
    const demoBefore = await stored(demoCid);
    await t.task(demo, 'set_panic_notification_settings', { emails: ['desk@demo.example.com'] });
    expect(
      (await t.task(other, 'get_panic_notification_settings')).data.panic_notification_settings
        .emails,
    ).not.toContain('desk@demo.example.com');
    expect(demoBefore?.emails).not.toBe((await stored(demoCid))?.emails);
    // Support staff hold no general_panic_notifications.
    const support = await t.login('support');
    expect((await t.task(support, 'get_panic_notification_settings')).result).toBe(3);
    expect((await t.task(support, 'set_panic_notification_settings', { emails: [] })).result).toBe(
      3,
    );
  });
});
