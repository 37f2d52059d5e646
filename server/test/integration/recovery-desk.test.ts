// The recovery desk's chase-up work (issue 16 items 2, 3 and 8) through /api/call at a pinned
// clock: the queue's filters and order (SPEC §4 id descending), the count of new ones, taking,
// handing over, contacting, resolving and cancelling, the locked states, two agents taking the same
// chase-up at once (exactly one wins, repeated), comments and call logs, the detail page's contacts
// (emergency first, by rank, "Don't contact" outside office hours in the client's zone) and merged
// timeline, the change log with who and when, the 'chaseup' bus message, the support dashboard's
// queue, and every task refused with result 3 to a non-support user with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@fleet/common';
import type { ChaseupMessage } from '../../src/live/bus';
import { resetClock, setClock } from '../../src/clock';
import { hashPassword } from '../../src/auth/crypto';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { createTestApp, type TestApp } from '../support/test-app';

// A Tuesday, 10:00 in Johannesburg: office hours.
const NOW = Date.parse('2026-03-10T10:00:00+02:00');
const MIN = 60_000;

let t: TestApp;
let support: string;
let sam: string;
let demo: string;
let clientSupport: string;
let cid: number;
let bakkie: number;
let sedan: number;
let jane: number;
const db = () => t.running.services.db.db;

const at = (ms: number) => setClock({ start: ms, rate: 0 });

async function ok(tok: string, task: string, params: Record<string, unknown> = {}) {
  const res = await t.task(tok, task, params);
  expect(res.message, `${task} refused`).toBeUndefined();
  expect(res.result).toBe(0);
  return res.data;
}

async function refused(tok: string, task: string, params: Record<string, unknown>) {
  const res = await t.task(tok, task, params);
  expect(res.result, `${task} should be refused`).toBe(1);
  return res.message as string;
}

let eventSeq = 0;
/** A chase-up of the hand client, raised by a device event of its own (a device event raises one). */
async function addChaseup(
  uid: number,
  extra: {
    type?: number;
    state?: number;
    time?: number;
    created?: number;
    description?: string;
  } = {},
): Promise<number> {
  const time = extra.time ?? NOW - 2 * MIN;
  const { id: eventId } = await db()
    .insertInto('device_events')
    .values({
      unit_id: uid,
      client_id: cid,
      time,
      type: 'panic',
      lat: -25.7479,
      lon: 28.2293,
      speed: 0,
      attributes: JSON.stringify({ io: 200, input: 'din2' }),
      // (unit, time, type, ref) is unique: chase-ups here may share a time.
      ref: ++eventSeq,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db()
    .insertInto('chaseup_events')
    .values({
      client_id: cid,
      unit_id: uid,
      type: extra.type ?? 6,
      state: extra.state ?? 0,
      time,
      lat: -25.7479,
      lon: 28.2293,
      rule_alert_id: null,
      device_event_id: eventId,
      phones: '[]',
      description: extra.description ?? '',
      assigned_to_username: null,
      created: extra.created ?? time + 5_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function addUser(
  client: number,
  username: string,
  type: 'support' | 'full',
  roles?: string[],
) {
  await db()
    .insertInto('users')
    .values({
      client_id: client,
      username,
      display_name: username,
      email: null,
      user_type: type,
      roles: JSON.stringify(roles ?? DEFAULT_ROLES[type]),
      settings: JSON.stringify({ timezone: 'Africa/Johannesburg' }),
      ui_settings: '{}',
      password_hash: await hashPassword(username),
      all_units: 1,
      created: NOW,
      last_login: null,
    })
    .execute();
}

async function addPerson(
  first: string,
  rank: number,
  roles: number[],
  contactRoles: string[] = [],
): Promise<number> {
  const { pid } = await db()
    .insertInto('people')
    .values({
      client_id: cid,
      first_name: first,
      surname: 'Doe',
      title: 'Ms',
      rank,
      roles: JSON.stringify(roles),
      contact_roles: JSON.stringify(contactRoles),
      email: null,
      cellphone: `082 555 01${String(rank).padStart(2, '0')}`,
      licence_class: 'unknown',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: null,
      created: NOW,
      photo: null,
    })
    .returning('pid')
    .executeTakeFirstOrThrow();
  return pid;
}

const chaseup = async (id: number) =>
  db().selectFrom('chaseup_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const rowCounts = async () => {
  const n = async (table: 'chaseup_comments' | 'call_logs' | 'recovery_logs' | 'change_logs') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    comments: await n('chaseup_comments'),
    calls: await n('call_logs'),
    logs: await n('recovery_logs'),
    changes: await n('change_logs'),
    // This client's only: the not-connecting job may raise chase-ups of silent demo units meanwhile.
    chaseups: JSON.stringify(
      await db()
        .selectFrom('chaseup_events')
        .selectAll()
        .where('client_id', '=', cid)
        .orderBy('id')
        .execute(),
    ),
  };
};

beforeAll(async () => {
  t = await createTestApp({ CLOCK_START: new Date(NOW).toISOString() });
  at(NOW);
  // The demo's own chase-ups (if any) are left out: these tests count.
  await db().deleteFrom('chaseup_events').execute();
  cid = await addHandClient(db(), 'Desk Fleet', [{ username: 'deskfull', type: 'full' }], NOW);
  bakkie = await addHandUnit(db(), cid, { name: 'Bakkie 3' }, NOW);
  sedan = await addHandUnit(db(), cid, { name: 'Sedan' }, NOW);
  const provider = await db()
    .selectFrom('users')
    .select('client_id')
    .where('username', '=', 'support')
    .executeTakeFirstOrThrow();
  await addUser(provider.client_id, 'sam', 'support');
  // A client user who was given the support role: the role alone does not open the desk.
  await addUser(cid, 'pretender', 'full', [...DEFAULT_ROLES.full, 'user_support']);
  jane = await addPerson('Jane', 2, [8]);
  await addPerson('Bob', 1, [1]);
  await addPerson('Carol', 1, [2], ['emergency_contact']);
  await addPerson('Dan', 3, [10, 8]);
  await addPerson('Eve', 0, [2], ['no_afterhours_contact']);
  await addPerson('Gone', 0, [8, 11]);
  await addPerson('Driver', 0, [6]);
  support = await t.login('support');
  sam = await t.login('sam');
  demo = await t.login('demo');
  clientSupport = await t.login('pretender');
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('the queue', () => {
  it('lists by filter, newest first (id descending), with client, unit, type and place', async () => {
    const a = await addChaseup(bakkie, { time: NOW - 10 * MIN });
    const b = await addChaseup(sedan, { type: 7, time: NOW - 20 * MIN });
    const c = await addChaseup(bakkie, { state: 6 });
    const d = await addChaseup(sedan, { state: 3 });
    const e = await addChaseup(bakkie, { state: 2 });
    const open = await ok(support, 'get_chaseup_events', { cid });
    expect(open.chaseup_events.map((x: any) => x.id)).toEqual([e, b, a]);
    expect(open.count).toBe(3);
    expect(open.chaseup_events[1]).toMatchObject({
      id: b,
      cid,
      client_name: 'Desk Fleet',
      uid: sedan,
      unit_name: 'Sedan',
      reg: 'SEDAN GP',
      type: 7,
      type_name: 'Panic remote',
      state: 0,
      state_name: 'New',
      locked: false,
      time: new Date(NOW - 20 * MIN).toISOString(),
      assigned_to_username: null,
    });
    expect(open.chaseup_events[1].place).toMatch(/Pretoria/);
    const byFilter = async (filter: string, extra: Record<string, unknown> = {}) =>
      (await ok(support, 'get_chaseup_events', { cid, filter, ...extra })).chaseup_events.map(
        (x: any) => x.id,
      );
    expect(await byFilter('new')).toEqual([b, a]);
    expect(await byFilter('closed')).toEqual([d]);
    expect(await byFilter('internal')).toEqual([c]);
    expect(await byFilter('all')).toEqual([e, d, c, b, a]);
    expect(await byFilter('all', { uid: bakkie })).toEqual([e, c, a]);
    const page = await ok(support, 'get_chaseup_events', {
      cid,
      filter: 'all',
      page: 2,
      page_size: 2,
    });
    expect(page.chaseup_events.map((x: any) => x.id)).toEqual([c, b]);
    expect(page).toMatchObject({ count: 5, page_count: 3 });
    const bad = await refused(support, 'get_chaseup_events', { filter: 'mine' });
    expect(bad).toMatch(/^filter: is not a queue filter/);
  });

  it('counts only state 0 as new', async () => {
    const before = (await ok(support, 'get_chaseup_events_count_new')).count;
    await addChaseup(bakkie, { state: 0 });
    await addChaseup(bakkie, { state: 8 });
    await addChaseup(bakkie, { state: 1 });
    expect((await ok(support, 'get_chaseup_events_count_new')).count).toBe(before + 1);
  });
});

describe('working a chase-up', () => {
  it('takes, contacts and resolves it; then it is locked and nothing more is stored', async () => {
    const id = await addChaseup(bakkie);
    const before = (await ok(support, 'get_chaseup_events_count_new')).count;
    at(NOW + MIN);
    const taken = await ok(sam, 'set_chaseup_event', { id, take: true });
    expect(taken.chaseup_event).toMatchObject({
      id,
      state: 1,
      state_name: 'Assigned',
      assigned_to_username: 'sam',
      taken_at: new Date(NOW + MIN).toISOString(),
    });
    expect((await ok(support, 'get_chaseup_events_count_new')).count).toBe(before - 1);
    at(NOW + 2 * MIN);
    const contacted = await ok(sam, 'set_chaseup_event', { id, state: 2, note: 'Jane answered' });
    expect(contacted.chaseup_event).toMatchObject({ state: 2, state_name: 'Customer Contacted' });
    at(NOW + 3 * MIN);
    const resolved = await ok(sam, 'set_chaseup_event', { id, state: 3 });
    expect(resolved.chaseup_event).toMatchObject({
      state: 3,
      locked: true,
      closed_at: new Date(NOW + 3 * MIN).toISOString(),
      // taken_at stays the first take
      taken_at: new Date(NOW + MIN).toISOString(),
    });
    const stored = await rowCounts();
    for (const change of [
      { state: 1 },
      { state: 4 },
      { take: true },
      { assigned_to_username: 'support' },
      { assigned_to_username: null },
    ]) {
      const message = await refused(sam, 'set_chaseup_event', { id, ...change, note: 'again' });
      expect(message).toBe(`Chase-up ${id} is resolved: it can no longer be changed`);
    }
    expect(await refused(support, 'set_chaseup_event', { id, take: true })).toBe(
      `Chase-up ${id} is resolved: it can no longer be changed`,
    );
    expect(await rowCounts()).toEqual(stored);
    // A note after the fact is fine.
    await ok(support, 'set_comment', { chaseup_id: id, text: 'Client phoned back to thank us' });
    expect((await chaseup(id)).state).toBe(3);
  });

  it('cancelling locks it too; states 5-12 cannot be set by the desk', async () => {
    const id = await addChaseup(sedan);
    expect(await refused(sam, 'set_chaseup_event', { id, state: 6 })).toMatch(
      /^state: must be 1 Assigned, 2 Customer Contacted, 3 Resolved or 4 Cancelled/,
    );
    // Unassigned: changing its state takes it first.
    const cancelled = await ok(sam, 'set_chaseup_event', { id, state: 4 });
    expect(cancelled.chaseup_event).toMatchObject({
      state: 4,
      state_name: 'Cancelled',
      locked: true,
      assigned_to_username: 'sam',
    });
    expect(await refused(sam, 'set_chaseup_event', { id, state: 2 })).toBe(
      `Chase-up ${id} is cancelled: it can no longer be changed`,
    );
  });

  it('only the agent it is assigned to changes its state; the other is told who has it', async () => {
    at(NOW + 5 * MIN);
    const id = await addChaseup(bakkie);
    await ok(sam, 'set_chaseup_event', { id, take: true });
    at(NOW + 6 * MIN);
    for (const change of [
      { take: true },
      { state: 2 },
      { state: 3 },
      { assigned_to_username: 'support' },
    ])
      expect(await refused(support, 'set_chaseup_event', { id, ...change })).toBe(
        `Chase-up ${id} was taken by sam at 10:05`,
      );
    const row = await chaseup(id);
    expect(row).toMatchObject({ state: 1, assigned_to_username: 'sam' });
  });

  it('hands it over to another support user, refuses anyone else, and puts it back on the queue as New', async () => {
    const id = await addChaseup(bakkie);
    await ok(sam, 'set_chaseup_event', { id, take: true });
    expect(await refused(sam, 'set_chaseup_event', { id, assigned_to_username: 'demo' })).toBe(
      'assigned_to_username: demo is not a support user',
    );
    expect(await refused(sam, 'set_chaseup_event', { id, assigned_to_username: 'nobody' })).toBe(
      'assigned_to_username: nobody is not a support user',
    );
    const handed = await ok(sam, 'set_chaseup_event', { id, assigned_to_username: 'support' });
    expect(handed.chaseup_event).toMatchObject({ assigned_to_username: 'support', state: 1 });
    // Now sam is the other one.
    expect(await refused(sam, 'set_chaseup_event', { id, state: 2 })).toMatch(
      new RegExp(`^Chase-up ${id} was taken by support at`),
    );
    await ok(support, 'set_chaseup_event', { id, state: 2 });
    const back = await ok(support, 'set_chaseup_event', { id, assigned_to_username: null });
    expect(back.chaseup_event).toMatchObject({ assigned_to_username: null, state: 0 });
    const news = await ok(support, 'get_chaseup_events', { cid, filter: 'new' });
    expect(news.chaseup_events.map((x: any) => x.id)).toContain(id);
    expect(await refused(support, 'set_chaseup_event', { id, assigned_to_username: null })).toBe(
      `Chase-up ${id} is not assigned to anyone`,
    );
    expect(await refused(support, 'set_chaseup_event', { id })).toMatch(/^Say what to change/);
  });

  it('an internal (filtered) chase-up may be taken: it becomes Assigned', async () => {
    const id = await addChaseup(sedan, { state: 10 });
    const taken = await ok(support, 'set_chaseup_event', { id, take: true });
    expect(taken.chaseup_event).toMatchObject({ state: 1, assigned_to_username: 'support' });
  });

  it('answers not found for an id that does not exist', async () => {
    expect(await refused(support, 'set_chaseup_event', { id: 987654, take: true })).toBe(
      'Chase-up not found',
    );
    expect(await refused(support, 'get_chaseup_event', { id: 987654 })).toBe('Chase-up not found');
  });
});

describe('two agents take the same chase-up at once', () => {
  it('exactly one wins and the other is told who has it, every time', async () => {
    at(NOW + 6 * MIN);
    for (let round = 0; round < 8; round++) {
      const id = await addChaseup(round % 2 ? bakkie : sedan);
      const [a, b] = await Promise.all([
        t.task(support, 'set_chaseup_event', { id, take: true }),
        t.task(sam, 'set_chaseup_event', { id, take: true }),
      ]);
      const results = [a, b];
      const winners = results.filter((r) => r.result === 0);
      const losers = results.filter((r) => r.result !== 0);
      expect(winners.length, `round ${round}`).toBe(1);
      expect(losers.length).toBe(1);
      const who = winners[0].data.chaseup_event.assigned_to_username;
      expect(['support', 'sam']).toContain(who);
      expect(losers[0].result).toBe(1);
      expect(losers[0].message).toBe(`Chase-up ${id} was taken by ${who} at 10:06`);
      const row = await chaseup(id);
      expect(row.assigned_to_username).toBe(who);
      expect(row.state).toBe(1);
      const logged = await db()
        .selectFrom('change_logs')
        .select(['username'])
        .where('entity_type', '=', 'Chase-up')
        .where('entity_id', '=', String(id))
        .execute();
      expect(logged).toEqual([{ username: who }]);
    }
  });
});

describe('comments and call logs', () => {
  it('stores comments on a unit or a chase-up, newest first, and refuses one over 5,000 characters', async () => {
    const id = await addChaseup(bakkie);
    const onChaseup = await ok(sam, 'set_comment', { chaseup_id: id, text: 'Vehicle moving N1' });
    expect(onChaseup.comment).toMatchObject({
      uid: bakkie,
      chaseup_id: id,
      text: 'Vehicle moving N1',
      username: 'sam',
    });
    // Digits are text here (payload cleaning leaves these keys alone).
    expect((await ok(sam, 'set_comment', { uid: sedan, text: '12345' })).comment.text).toBe(
      '12345',
    );
    await ok(sam, 'set_comment', { uid: bakkie, text: 'Client asked for a call on Fridays' });
    const forChaseup = await ok(sam, 'get_comments', { chaseup_id: id });
    expect(forChaseup.comments.map((c: any) => c.text)).toEqual(['Vehicle moving N1']);
    const forUnit = await ok(sam, 'get_comments', { uid: bakkie });
    expect(forUnit.comments.slice(0, 2).map((c: any) => c.text)).toEqual([
      'Client asked for a call on Fridays',
      'Vehicle moving N1',
    ]);
    const ids = forUnit.comments.map((c: any) => c.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

    const stored = await rowCounts();
    expect(await refused(sam, 'set_comment', { chaseup_id: id, text: 'x'.repeat(5001) })).toBe(
      'text: must be at most 5000 characters',
    );
    expect(await refused(sam, 'set_comment', { text: 'Which one?' })).toMatch(
      /name the unit or the chase-up/i,
    );
    expect(await refused(sam, 'set_comment', { chaseup_id: id, uid: sedan, text: 'Mixed' })).toBe(
      `uid: chase-up ${id} is not of this unit`,
    );
    expect(await rowCounts()).toEqual(stored);
    expect(
      (await ok(sam, 'set_comment', { chaseup_id: id, text: 'y'.repeat(5000) })).comment.text,
    ).toHaveLength(5000);
  });

  it('logs calls to the client’s people only, newest first', async () => {
    const id = await addChaseup(bakkie);
    const call = await ok(sam, 'set_call_log', {
      chaseup_id: id,
      pid: jane,
      name: 'Jane Doe',
      number: '082 555 0102',
      outcome: 'no_answer',
    });
    expect(call.call_log).toMatchObject({
      uid: bakkie,
      chaseup_id: id,
      pid: jane,
      outcome: 'no_answer',
      outcome_name: 'No answer',
      username: 'sam',
    });
    await ok(sam, 'set_call_log', {
      uid: bakkie,
      name: 'Flying Squad',
      number: '10111',
      outcome: 'answered',
      notes: 'Case opened',
    });
    const list = await ok(sam, 'get_call_log_list', { uid: bakkie });
    expect(list.call_log_list.slice(0, 2).map((c: any) => c.name)).toEqual([
      'Flying Squad',
      'Jane Doe',
    ]);
    const otherPerson = await db()
      .selectFrom('people')
      .select('pid')
      .where('client_id', '!=', cid)
      .executeTakeFirstOrThrow();
    const stored = await rowCounts();
    expect(
      await refused(sam, 'set_call_log', {
        chaseup_id: id,
        pid: otherPerson.pid,
        name: 'Someone',
        number: '0825550000',
        outcome: 'answered',
      }),
    ).toBe(`pid: person ${otherPerson.pid} is not one of this client's people`);
    expect(
      await refused(sam, 'set_call_log', {
        chaseup_id: id,
        name: 'Jane',
        number: 'call me',
        outcome: 'answered',
      }),
    ).toBe('number: is not a phone number');
    expect(
      await refused(sam, 'set_call_log', {
        chaseup_id: id,
        name: 'Jane',
        number: '0825550000',
        outcome: 'hung_up',
      }),
    ).toBe('outcome: is not a call outcome');
    expect(await rowCounts()).toEqual(stored);
  });
});

describe('the chase-up detail', () => {
  it('has the unit, client, evidence, and a timeline merging event, changes, calls and comments newest first', async () => {
    at(NOW);
    const id = await addChaseup(bakkie, { time: NOW - 3 * MIN, description: 'Panic on DIN2' });
    at(NOW + 1 * MIN);
    await ok(sam, 'set_chaseup_event', { id, take: true });
    at(NOW + 2 * MIN);
    await ok(sam, 'set_call_log', {
      chaseup_id: id,
      pid: jane,
      name: 'Jane Doe',
      number: '082 555 0102',
      outcome: 'voicemail',
    });
    at(NOW + 3 * MIN);
    await ok(sam, 'set_comment', { chaseup_id: id, text: 'Tracking on the N1 north' });
    at(NOW + 4 * MIN);
    await ok(sam, 'set_chaseup_event', { id, state: 2 });
    at(NOW + 5 * MIN);
    await ok(sam, 'set_recovery_log', {
      uid: bakkie,
      state: 0,
      initiated_by: 2,
      chaseup_id: id,
      start_time: new Date(NOW + 5 * MIN).toISOString(),
    });
    const detail = await ok(support, 'get_chaseup_event', { id });
    expect(detail.chaseup_event).toMatchObject({ id, state: 2, assigned_to_username: 'sam' });
    expect(detail.unit).toMatchObject({
      uid: bakkie,
      name: 'Bakkie 3',
      cid,
      client_name: 'Desk Fleet',
      make: 'Toyota',
      model: 'Hilux',
      device_id: `HAND-${cid}-Bakkie 3`,
      protocol: 'osmand',
      backup_of: null,
    });
    expect(detail.client).toMatchObject({ cid, name: 'Desk Fleet', chase_up: true });
    expect(detail.evidence.device_event).toMatchObject({
      type: 'panic',
      time: new Date(NOW - 3 * MIN).toISOString(),
      attributes: { input: 'din2' },
    });
    expect(detail.evidence.rule_alert).toBeNull();
    expect(typeof detail.evidence.device_event.label).toBe('string');
    expect(detail.recovery_log_id).toEqual(expect.any(Number));
    expect(detail.timeline.map((i: any) => [i.kind, i.username, i.time.slice(11, 16)])).toEqual([
      ['recovery_log', 'sam', '08:05'],
      ['state', 'sam', '08:04'],
      ['comment', 'sam', '08:03'],
      ['call', 'sam', '08:02'],
      ['state', 'sam', '08:01'],
      ['event', null, '07:57'],
    ]);
    expect(detail.timeline.map((i: any) => i.text)).toEqual([
      `Recovery log ${detail.recovery_log_id} opened`,
      `Customer contacted for chase-up ${id}`,
      'Tracking on the N1 north',
      'Called Jane Doe (082 555 0102): Left a voicemail',
      `Took chase-up ${id} (Panic wired, Bakkie 3)`,
      'Panic wired: Panic on DIN2',
    ]);
  });

  it('lists contacts, emergency ones first, each by rank; never a deleted person', async () => {
    at(NOW);
    const id = await addChaseup(sedan);
    const detail = await ok(support, 'get_chaseup_event', { id });
    expect(detail.after_hours).toBe(false);
    expect(detail.contacts.map((c: any) => c.first_name)).toEqual([
      'Carol', // emergency (contact role), rank 1
      'Jane', // emergency (role 8), rank 2
      'Dan', // emergency, rank 3, Don't contact
      'Eve', // rank 0, no_afterhours_contact
      'Bob', // rank 1
    ]);
    expect(detail.contacts.every((c: any) => c.callable_now)).toBe(true);
    expect(detail.contacts.find((c: any) => c.first_name === 'Dan').roles).toEqual([
      "Don't contact",
      'Emergency contact',
    ]);
  });

  it('does not offer "Don\'t contact" people after hours or at weekends, in the client’s time zone', async () => {
    const id = await addChaseup(sedan);
    const notCallable = async () => {
      const detail = await ok(support, 'get_chaseup_event', { id });
      return {
        after_hours: detail.after_hours,
        not: detail.contacts
          .filter((c: any) => !c.callable_now)
          .map((c: any) => [c.first_name, c.not_callable_reason]),
      };
    };
    const reason = 'No calls after hours or at weekends';
    // Tuesday 18:30 in Johannesburg
    at(Date.parse('2026-03-10T18:30:00+02:00'));
    expect(await notCallable()).toEqual({
      after_hours: true,
      not: [
        ['Dan', reason],
        ['Eve', reason],
      ],
    });
    // Saturday 11:00
    at(Date.parse('2026-03-14T11:00:00+02:00'));
    expect((await notCallable()).not.map((n: string[]) => n[0])).toEqual(['Dan', 'Eve']);
    // Tuesday 16:59 is still office hours; 17:00 is not
    at(Date.parse('2026-03-10T16:59:00+02:00'));
    expect(await notCallable()).toEqual({ after_hours: false, not: [] });
    at(Date.parse('2026-03-10T17:00:00+02:00'));
    expect((await notCallable()).after_hours).toBe(true);
    // 09:30 in Johannesburg is 07:30 in London: before the London client's office opens.
    await db()
      .updateTable('clients')
      .set({ timezone: 'Europe/London' })
      .where('cid', '=', cid)
      .execute();
    at(Date.parse('2026-03-10T09:30:00+02:00'));
    expect((await notCallable()).after_hours).toBe(true);
    await db()
      .updateTable('clients')
      .set({ timezone: 'Africa/Johannesburg' })
      .where('cid', '=', cid)
      .execute();
    expect((await notCallable()).after_hours).toBe(false);
    at(NOW);
  });
});

describe('the change log and the bus', () => {
  it('records every support action with who and when, and tells the live hub after commit', async () => {
    at(NOW + 7 * MIN);
    const id = await addChaseup(bakkie);
    const heard: ChaseupMessage[] = [];
    // This chase-up's messages (the not-connecting job publishes its own).
    const stop = t.running.services.bus.subscribe('chaseup', (m) => {
      if (m.id === id) heard.push(m);
    });
    try {
      await ok(sam, 'set_chaseup_event', { id, take: true });
      expect(heard).toEqual([
        {
          client_id: cid,
          id,
          uid: bakkie,
          type: 6,
          state: 1,
          kind: 'changed',
          time: new Date(NOW - 2 * MIN).toISOString(),
        },
      ]);
      // A refused change says nothing.
      await refused(support, 'set_chaseup_event', { id, take: true });
      expect(heard).toHaveLength(1);
      await ok(sam, 'set_chaseup_event', { id, state: 3, note: 'False alarm: driver pressed it' });
      expect(heard.map((m) => m.state)).toEqual([1, 3]);
    } finally {
      stop();
    }
    const rows = await db()
      .selectFrom('change_logs')
      .select(['username', 'datetimestamp', 'action', 'entity_type', 'description'])
      .where('datetimestamp', '=', NOW + 7 * MIN)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        username: 'sam',
        datetimestamp: NOW + 7 * MIN,
        action: 'E',
        entity_type: 'Chase-up',
        description: `Took chase-up ${id} (Panic wired, Bakkie 3)`,
      },
      {
        username: 'sam',
        datetimestamp: NOW + 7 * MIN,
        action: 'E',
        entity_type: 'Chase-up',
        description: `Resolved chase-up ${id}`,
      },
      {
        username: 'sam',
        datetimestamp: NOW + 7 * MIN,
        action: 'I',
        entity_type: 'Comment',
        description: `Comment on chase-up ${id} (Bakkie 3)`,
      },
    ]);
    const note = await db()
      .selectFrom('chaseup_comments')
      .select(['text', 'unit_id', 'client_id'])
      .where('chaseup_id', '=', id)
      .execute();
    expect(note).toEqual([
      { text: 'False alarm: driver pressed it', unit_id: bakkie, client_id: cid },
    ]);
    at(NOW);
  });
});

describe('the support dashboard', () => {
  it('shows the queue length and the median time to take over the last 7 days', async () => {
    await db().deleteFrom('chaseup_events').execute();
    await addChaseup(bakkie); // new
    await addChaseup(bakkie, { state: 2 }); // open
    const taken = async (waitS: number, daysAgo: number) => {
      const id = await addChaseup(sedan, { state: 3 });
      const created = NOW - daysAgo * 86_400_000;
      await db()
        .updateTable('chaseup_events')
        .set({ created, taken_at: created + waitS * 1000 })
        .where('id', '=', id)
        .execute();
    };
    await taken(30, 1);
    await taken(90, 2);
    await taken(200, 3);
    await taken(10, 9); // too long ago
    const { support_dashboard } = await ok(support, 'get_support_dashboard');
    expect(support_dashboard.chaseup_queue).toEqual({ new: 1, open: 2, median_take_seconds: 90 });
    expect(support_dashboard.open_chaseups).toBe(2);
    await db().deleteFrom('chaseup_events').where('state', '!=', 3).execute();
    await taken(60, 1);
    const again = await ok(support, 'get_support_dashboard');
    expect(again.support_dashboard.chaseup_queue).toEqual({
      new: 0,
      open: 0,
      median_take_seconds: 75,
    });
  });
});

describe('non-support users', () => {
  it('get result 3 from every recovery desk task and store nothing', async () => {
    const id = await addChaseup(bakkie);
    const calls: [string, Record<string, unknown>][] = [
      ['get_chaseup_events', {}],
      ['get_chaseup_events_count_new', {}],
      ['get_chaseup_event', { id }],
      ['set_chaseup_event', { id, take: true }],
      ['set_chaseup_event', { id, state: 3, note: 'x' }],
      ['get_comments', { chaseup_id: id }],
      ['set_comment', { chaseup_id: id, text: 'Hi' }],
      ['get_call_log_list', { uid: bakkie }],
      ['set_call_log', { chaseup_id: id, name: 'Jane', number: '0825550000', outcome: 'answered' }],
      ['get_recovery_logs', {}],
      ['get_recovery_log', { id: 1 }],
      ['set_recovery_log', { uid: bakkie, state: 0, start_time: new Date(NOW).toISOString() }],
    ];
    const stored = await rowCounts();
    for (const token of [demo, clientSupport]) {
      for (const [task, params] of calls) {
        const res = await t.task(token, task, params);
        expect(res.result, `${task}`).toBe(3);
        expect(res.message).toEqual(expect.any(String));
      }
    }
    expect(await rowCounts()).toEqual(stored);
  });
});
