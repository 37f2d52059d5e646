// Notices through /api/call (issue 11, SPEC §3 Notice, §4, §7): support staff write them for every
// client or chosen ones, the HTML cleaned so that no script, handler or javascript: URL survives;
// users read their client's notices newest first and mark them read or unread, each user for
// themselves; another client's notice answers like a missing one; notices_changed tells the live
// hub whose users should re-read; bad input is refused with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let support: string;
let demo: string;
let other: string;
let demoCid: number;
let otherCid: number;

const db = () => t.running.services.db.db;
const cid = async (name: string) =>
  (
    await db()
      .selectFrom('clients')
      .select('cid')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).cid;
const noticeCount = async () =>
  Number(
    (
      await db()
        .selectFrom('notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const titles = async (token: string) =>
  (await t.task(token, 'get_notices')).data.notices.map((n: any) => n.title);

beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support');
  demo = await t.login('demo');
  other = await t.login('other');
  demoCid = await cid('Demo Fleet');
  otherCid = await cid('Other Fleet');
});
afterAll(() => t.close());

describe('notices', () => {
  it('stores and shows none of a script, an event handler or a javascript: link', async () => {
    const res = await t.task(support, 'set_notice_message', {
      title: 'Tricky notice',
      message:
        '<p onclick="steal()">Hello <b>all</b><script>alert("x")</script>' +
        '<img src=x onerror="alert(1)"><a href="javascript:alert(2)">click</a>' +
        '<a href="https://status.example.com" onmouseover="alert(3)">status</a>' +
        '<iframe src="https://evil.example"></iframe><span style="color:red">red</span></p>',
      type: 1,
      priority: 2,
    });
    expect(res.result).toBe(0);
    const { tid, message } = res.data.notice_message;
    const row = await db()
      .selectFrom('notices')
      .select('message')
      .where('tid', '=', tid)
      .executeTakeFirstOrThrow();
    const shown = (await t.task(demo, 'get_notices')).data.notices.find((n: any) => n.tid === tid);
    for (const html of [message, row.message, shown.message]) {
      expect(html).not.toMatch(
        /<script|alert|onerror|onclick|onmouseover|javascript:|<img|<iframe|style=/i,
      );
      expect(html).toContain('Hello <b>all</b>');
      expect(html).toContain('href="https://status.example.com"');
    }
    expect(shown).toMatchObject({ title: 'Tricky notice', type: 1, priority: 2, unread: true });
  });

  it('shows each client its notices newest first, and a chosen-client notice only to them', async () => {
    const published: (number[] | null)[] = [];
    const stop = t.running.services.bus.subscribe('notices_changed', (m) =>
      published.push(m.client_ids),
    );
    const everyone = await t.task(support, 'set_notice_message', {
      title: 'For everyone',
      message: '<p>All clients</p>',
    });
    const onlyOther = await t.task(support, 'set_notice_message', {
      title: 'For Other Fleet',
      message: '<p>Just you</p>',
      all_clients: false,
      client_ids: [otherCid],
    });
    expect(onlyOther.data.notice_message).toMatchObject({
      all_clients: false,
      client_ids: [otherCid],
      read_count: 0,
    });
    const otherTitles = await titles(other);
    expect(otherTitles.indexOf('For Other Fleet')).toBeLessThan(
      otherTitles.indexOf('For everyone'),
    );
    expect(otherTitles).toContain('For everyone');
    expect(await titles(demo)).toContain('For everyone');
    expect(await titles(demo)).not.toContain('For Other Fleet');

    // Demo Fleet reaching for it gets exactly the answer of a notice that does not exist.
    const tid = onlyOther.data.notice_message.tid;
    const theirs = await t.task(demo, 'set_notice', { id: tid, unread: false });
    const missing = await t.task(demo, 'set_notice', { id: 987654, unread: false });
    expect(theirs).toEqual({ ...missing, ref: theirs.ref });
    expect(theirs.message).toBe('Notice not found');

    // Moving the notice to Demo Fleet tells both clients' users to re-read.
    const moved = await t.task(support, 'set_notice_message', {
      tid,
      title: 'For Demo Fleet',
      message: '<p>Now yours</p>',
      all_clients: false,
      client_ids: [demoCid],
    });
    expect(moved.result).toBe(0);
    expect(await titles(demo)).toContain('For Demo Fleet');
    expect(await titles(other)).not.toContain('For Demo Fleet');
    stop();
    expect(published).toEqual([null, [otherCid], [otherCid, demoCid]]);
    expect(everyone.result).toBe(0);
  });

  it('marks a notice read and unread for the user alone (SPEC §4)', async () => {
    const made = await t.task(support, 'set_notice_message', {
      title: 'Read me',
      message: '<p>Please</p>',
      priority: 1,
    });
    const tid = made.data.notice_message.tid;
    const state = async (token: string) =>
      (await t.task(token, 'get_notices')).data.notices.find((n: any) => n.tid === tid).unread;
    expect(await state(demo)).toBe(true);
    const read = await t.task(demo, 'set_notice', { id: tid, unread: false });
    expect(read.data.notice).toMatchObject({ tid, title: 'Read me', unread: false, priority: 1 });
    expect(await state(demo)).toBe(false);
    const lite = await t.login('lite');
    expect(await state(lite)).toBe(true);
    expect(await state(other)).toBe(true);
    const list = await t.task(support, 'get_notice_messages', { page_size: 500 });
    expect(list.data.notice_messages.find((n: any) => n.tid === tid).read_count).toBe(1);
    // The same call sets it back to unread.
    expect((await t.task(demo, 'set_notice', { id: tid, unread: true })).data.notice.unread).toBe(
      true,
    );
    expect(await state(demo)).toBe(true);
  });

  it('lets only support staff write, and refuses bad input with nothing stored', async () => {
    const before = await noticeCount();
    for (const [task, params] of [
      ['set_notice_message', { title: 'Mine', message: 'x' }],
      ['get_notice_messages', {}],
      ['delete_notice_message', { tid: 1 }],
    ] as const)
      expect((await t.task(demo, task, params)).result, task).toBe(3);
    const unknown = await t.task(support, 'set_notice_message', {
      title: 'Nobody',
      all_clients: false,
      client_ids: [987654],
    });
    expect(unknown).toMatchObject({ result: 1, message: 'client_ids: client not found' });
    const none = await t.task(support, 'set_notice_message', {
      title: 'Nobody',
      all_clients: false,
    });
    expect(none.message).toBe('client_ids: choose at least one client, or all clients');
    const untitled = await t.task(support, 'set_notice_message', { title: ' ' });
    expect(untitled.message).toBe('title: is required');
    const badType = await t.task(support, 'set_notice_message', { title: 'x', type: 3 });
    expect(badType.result).toBe(1);
    expect(await noticeCount()).toBe(before);
  });

  it('deletes a notice with its audience and read state', async () => {
    const made = await t.task(support, 'set_notice_message', {
      title: 'Short-lived',
      all_clients: false,
      client_ids: [demoCid],
    });
    const tid = made.data.notice_message.tid;
    await t.task(demo, 'set_notice', { id: tid, unread: false });
    expect((await t.task(support, 'delete_notice_message', { tid })).result).toBe(0);
    expect(await titles(demo)).not.toContain('Short-lived');
    for (const table of ['notice_reads', 'notice_clients'] as const) {
      const rows = await db()
        .selectFrom(table)
        .select('notice_id')
        .where('notice_id', '=', tid)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect((await t.task(support, 'delete_notice_message', { tid })).message).toBe(
      'Notice not found',
    );
  });
});
