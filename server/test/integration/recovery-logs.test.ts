// Recovery logs (issue 16 item 4; SPEC §3 Recovery log, §4 states 0 In Progress, 1, 2, 3, 5, initiated
// by 0/1/2, id descending) through /api/call at a pinned clock: opening one from a chase-up whatever
// its state, the list and its filters, closing it, one recovery in progress per unit (also when two
// desks open one at the same moment), the bad input of the issue (an unknown state, a chase-up of
// another unit, no end time once closed) refused with nothing stored, the change log with who and
// when, and result 3 for a non-support user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '../../src/clock';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { createTestApp, type TestApp } from '../support/test-app';

const NOW = Date.parse('2026-03-10T10:00:00+02:00');
const MIN = 60_000;
const isoAt = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let support: string;
let demo: string;
let cid: number;
let bakkie: number;
let sedan: number;
let truck: number;
const db = () => t.running.services.db.db;

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

async function addChaseup(uid: number, state = 0): Promise<number> {
  const { id } = await db()
    .insertInto('chaseup_events')
    .values({
      client_id: cid,
      unit_id: uid,
      type: 15,
      state,
      time: NOW - 30 * MIN,
      lat: -26.2,
      lon: 28.05,
      rule_alert_id: null,
      device_event_id: null,
      phones: '[]',
      description: '',
      assigned_to_username: null,
      created: NOW - 29 * MIN,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

const logCount = async () =>
  Number(
    (
      await db()
        .selectFrom('recovery_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ CLOCK_START: isoAt(NOW) });
  setClock({ start: NOW, rate: 0 });
  cid = await addHandClient(db(), 'Recovery Fleet', [{ username: 'recfull', type: 'full' }], NOW);
  bakkie = await addHandUnit(db(), cid, { name: 'Bakkie 3' }, NOW);
  sedan = await addHandUnit(db(), cid, { name: 'Sedan' }, NOW);
  truck = await addHandUnit(db(), cid, { name: 'Truck' }, NOW);
  support = await t.login('support');
  demo = await t.login('demo');
});
afterAll(async () => {
  resetClock();
  await t.close();
});

describe('recovery logs', () => {
  let first = 0;

  it('opens one from a chase-up (whatever its state), in progress without an end', async () => {
    const chaseup = await addChaseup(bakkie, 3);
    const { recovery_log } = await ok(support, 'set_recovery_log', {
      uid: bakkie,
      state: 0,
      initiated_by: 2,
      chaseup_id: chaseup,
      start_time: isoAt(NOW - 20 * MIN),
      // an end given while in progress is not kept
      end_time: isoAt(NOW),
      recovery_team: 'Team Alpha',
      notes: 'Tracking towards Soweto',
    });
    first = recovery_log.id;
    expect(recovery_log).toMatchObject({
      uid: bakkie,
      unit_name: 'Bakkie 3',
      reg: 'BAKKIE3 GP',
      cid,
      client_name: 'Recovery Fleet',
      state: 0,
      state_name: 'In Progress',
      initiated_by: 2,
      chaseup_id: chaseup,
      start_time: isoAt(NOW - 20 * MIN),
      end_time: null,
      recovery_team: 'Team Alpha',
      police_case_number: '',
      notes: 'Tracking towards Soweto',
      created_by: 'support',
      created: isoAt(NOW),
      updated: isoAt(NOW),
    });
    const detail = await ok(support, 'get_chaseup_event', { id: chaseup });
    expect(detail.recovery_log_id).toBe(first);
  });

  it('refuses a second recovery of the same unit while one is in progress', async () => {
    const before = await logCount();
    expect(
      await refused(support, 'set_recovery_log', {
        uid: bakkie,
        state: 0,
        initiated_by: 1,
        start_time: isoAt(NOW),
      }),
    ).toBe(`A recovery of Bakkie 3 is already in progress (log ${first})`);
    expect(await logCount()).toBe(before);
    // Another unit may have its own.
    await ok(support, 'set_recovery_log', {
      uid: sedan,
      state: 0,
      initiated_by: 1,
      start_time: isoAt(NOW),
    });
  });

  it('of two desks opening a recovery of one unit at the same moment, one wins', async () => {
    for (let round = 0; round < 4; round++) {
      const open = {
        uid: truck,
        state: 0,
        initiated_by: 1,
        start_time: isoAt(NOW - round * MIN),
      };
      const answers = await Promise.all([
        t.task(support, 'set_recovery_log', open),
        t.task(support, 'set_recovery_log', open),
      ]);
      const won = answers.filter((a) => a.result === 0);
      expect(won.length, `round ${round}`).toBe(1);
      const lost = answers.find((a) => a.result !== 0);
      expect(lost.message).toBe(
        `A recovery of Truck is already in progress (log ${won[0].data.recovery_log.id})`,
      );
      // Close it for the next round.
      await ok(support, 'set_recovery_log', {
        ...open,
        id: won[0].data.recovery_log.id,
        state: 3,
        end_time: isoAt(NOW),
      });
    }
    const inProgress = await db()
      .selectFrom('recovery_logs')
      .select('id')
      .where('unit_id', '=', truck)
      .where('state', '=', 0)
      .execute();
    expect(inProgress).toEqual([]);
  });

  it('closes it with an end time; the unit may then start another', async () => {
    setClock({ start: NOW + 30 * MIN, rate: 0 });
    expect(
      await refused(support, 'set_recovery_log', {
        id: first,
        uid: bakkie,
        state: 1,
        start_time: isoAt(NOW - 20 * MIN),
      }),
    ).toBe('end_time: is required once the recovery is closed');
    expect(
      await refused(support, 'set_recovery_log', {
        id: first,
        uid: bakkie,
        state: 1,
        start_time: isoAt(NOW - 20 * MIN),
        end_time: isoAt(NOW - 30 * MIN),
      }),
    ).toBe('end_time: must not be before the start');
    const { recovery_log } = await ok(support, 'set_recovery_log', {
      id: first,
      uid: bakkie,
      state: 1,
      initiated_by: 2,
      chaseup_id: (await db()
        .selectFrom('recovery_logs')
        .select('chaseup_id')
        .where('id', '=', first)
        .executeTakeFirstOrThrow())!.chaseup_id,
      start_time: isoAt(NOW - 20 * MIN),
      end_time: isoAt(NOW + 25 * MIN),
      recovery_team: 'Team Alpha',
      police_case_number: '20260310',
      location_recovered: 'Chris Hani Rd, Soweto',
      lat: -26.26,
      lon: 27.94,
    });
    expect(recovery_log).toMatchObject({
      id: first,
      state: 1,
      state_name: 'Vehicle recovered',
      end_time: isoAt(NOW + 25 * MIN),
      police_case_number: '20260310',
      location_recovered: 'Chris Hani Rd, Soweto',
      lat: -26.26,
      lon: 27.94,
      created: isoAt(NOW),
      updated: isoAt(NOW + 30 * MIN),
      created_by: 'support',
    });
    const second = await ok(support, 'set_recovery_log', {
      uid: bakkie,
      state: 0,
      start_time: isoAt(NOW + 30 * MIN),
    });
    // Reopening the first now would make two in progress.
    expect(
      await refused(support, 'set_recovery_log', {
        id: first,
        uid: bakkie,
        state: 0,
        start_time: isoAt(NOW - 20 * MIN),
      }),
    ).toBe(`A recovery of Bakkie 3 is already in progress (log ${second.recovery_log.id})`);
    await ok(support, 'set_recovery_log', {
      id: second.recovery_log.id,
      uid: bakkie,
      state: 3,
      start_time: isoAt(NOW + 30 * MIN),
      end_time: isoAt(NOW + 30 * MIN),
    });
    setClock({ start: NOW, rate: 0 });
  });

  it('lists newest first (id descending) by unit, client and state, and reads one by id', async () => {
    const all = await ok(support, 'get_recovery_logs', { cid });
    const ids = all.recovery_logs.map((l: any) => l.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(all.count).toBe(ids.length);
    const bakkies = await ok(support, 'get_recovery_logs', { uid: bakkie });
    expect(bakkies.recovery_logs.map((l: any) => l.state)).toEqual([3, 1]);
    const recovered = await ok(support, 'get_recovery_logs', { cid, state: 1 });
    expect(recovered.recovery_logs.map((l: any) => l.id)).toEqual([first]);
    const paged = await ok(support, 'get_recovery_logs', { cid, page: 2, page_size: 2 });
    expect(paged.recovery_logs.map((l: any) => l.id)).toEqual(ids.slice(2, 4));
    expect(paged.page_count).toBe(Math.ceil(ids.length / 2));
    const one = await ok(support, 'get_recovery_log', { id: first });
    expect(one.recovery_log).toMatchObject({ id: first, uid: bakkie, state: 1 });
    expect(await refused(support, 'get_recovery_logs', { state: 4 })).toBe(
      'state: is not a recovery log state',
    );
    expect(await refused(support, 'get_recovery_log', { id: 987654 })).toBe(
      'Recovery log not found',
    );
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const other = await addChaseup(sedan);
    const before = await logCount();
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ uid: truck, state: 4, start_time: isoAt(NOW) }, /^state: is not a recovery log state/],
      [{ uid: truck, state: 9, start_time: isoAt(NOW) }, /^state: is not a recovery log state/],
      [
        { uid: truck, state: 0, initiated_by: 7, start_time: isoAt(NOW) },
        /^initiated_by: is not a way a recovery starts/,
      ],
      [
        { uid: truck, state: 0, initiated_by: 2, start_time: isoAt(NOW) },
        /^chaseup_id: name the chase-up it started from/,
      ],
      [
        { uid: truck, state: 0, initiated_by: 2, chaseup_id: other, start_time: isoAt(NOW) },
        `chaseup_id: chase-up ${other} is not one of Truck's`,
      ],
      [
        { uid: truck, state: 0, initiated_by: 2, chaseup_id: 987654, start_time: isoAt(NOW) },
        'chaseup_id: chase-up 987654 not found',
      ],
      [{ uid: truck, state: 0, start_time: 'yesterday' }, /^start_time: must be an ISO-8601/],
      [{ uid: 987654, state: 0, start_time: isoAt(NOW) }, 'Unit not found'],
      [{ id: 987654, uid: truck, state: 0, start_time: isoAt(NOW) }, 'Recovery log not found'],
      [
        { id: first, uid: sedan, state: 1, start_time: isoAt(NOW), end_time: isoAt(NOW) },
        'uid: a recovery log stays with the unit it was opened for',
      ],
    ];
    for (const [params, message] of cases) {
      const got = await refused(support, 'set_recovery_log', params);
      if (typeof message === 'string') expect(got).toBe(message);
      else expect(got).toMatch(message);
    }
    expect(await logCount()).toBe(before);
  });

  it('writes the change log with who and when', async () => {
    const rows = await db()
      .selectFrom('change_logs')
      .select(['username', 'datetimestamp', 'action', 'entity_id', 'description'])
      .where('entity_type', '=', 'Recovery Log')
      .where('entity_id', '=', String(first))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.username, r.action, r.datetimestamp])).toEqual([
      ['support', 'I', NOW],
      ['support', 'E', NOW + 30 * MIN],
    ]);
    expect(rows[0].description).toMatch(
      new RegExp(
        `^Opened recovery log ${first} for Bakkie 3 \\(In Progress, from chase-up \\d+\\)$`,
      ),
    );
    expect(rows[1].description).toBe(
      `Recovery log ${first} of Bakkie 3: In Progress → Vehicle recovered`,
    );
  });

  it('answers result 3 to a non-support user and stores nothing', async () => {
    const before = await logCount();
    for (const [task, params] of [
      ['get_recovery_logs', {}],
      ['get_recovery_log', { id: first }],
      ['set_recovery_log', { uid: bakkie, state: 0, start_time: isoAt(NOW) }],
      [
        'set_recovery_log',
        { id: first, uid: bakkie, state: 2, start_time: isoAt(NOW), end_time: isoAt(NOW) },
      ],
    ] as const) {
      expect((await t.task(demo, task, params)).result).toBe(3);
    }
    expect(await logCount()).toBe(before);
  });
});
