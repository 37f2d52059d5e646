// Work approvals through /api/call (issue 15): support asks for a client or for one of its jobs
// (amount in integer cents), the client approves or declines once with who and when recorded,
// a second decision is refused and changes nothing, the list puts pending first, another
// client's approval answers not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let demoCid: number;
let otherCid: number;
let demoUids: number[];
let demoNid: number;

const db = () => t.running.services.db.db;
/** The year of a reference: the provider's (South Africa, UTC+2 all year), as the server names them. */
const year = new Date(Date.now() + 2 * 3600_000).getUTCFullYear();

async function ask(params: Record<string, unknown> = {}) {
  const res = await t.task(support, 'set_work_approval', {
    cid: demoCid,
    title: 'Replace the fuse box',
    description: 'Burnt out behind the dashboard',
    amount: '850.00',
    ...params,
  });
  expect(res.result, res.message).toBe(0);
  return res.data.work_approval;
}

const row = (id: number) =>
  db().selectFrom('work_approvals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  [demo, other, support] = await Promise.all(['demo', 'other', 'support'].map((u) => t.login(u)));
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherCid = await clientIdOf(db(), 'Other Fleet');
  demoUids = (await unitsOf(db(), demoCid)).map((u) => u.uid);
  demoNid = (
    await db()
      .selectFrom('users')
      .select('nid')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).nid;
});
afterAll(() => t.close());

describe('asking for an approval', () => {
  it('support asks a client, amount in cents, named WA-<year>-, logged', async () => {
    const wa = await ask({ uid: demoUids[1] });
    expect(wa).toMatchObject({
      reference: expect.stringMatching(new RegExp(`^WA-${year}-\\d{4,}$`)),
      client: { cid: demoCid, name: 'Demo Fleet' },
      unit: { uid: demoUids[1] },
      amount_cents: 85000,
      status: 'pending',
      requested_by: 'Support',
      decided_by: null,
    });
    const logs = await changeLogsOf(db(), 'Work Approval', wa.id);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', `Work approval ${wa.reference} asked: Replace the fuse box, R\u00a0850.00`],
    ]);
  });

  it("for a job, the job's client and vehicle are the approval's", async () => {
    const job = await t.task(demo, 'set_job', {
      job_type: 'repair',
      uid: demoUids[7],
      contact_name: 'Sipho',
      contact_phone: '0825550100',
      accept_terms: true,
    });
    const wa = await ask({ cid: undefined, job_id: job.data.job.id });
    expect(wa.job).toEqual({ id: job.data.job.id, reference: job.data.job.reference });
    expect(wa.unit.uid).toBe(demoUids[7]);
    expect(wa.client.cid).toBe(demoCid);
    const clash = await t.task(support, 'set_work_approval', {
      cid: otherCid,
      job_id: job.data.job.id,
      title: 'x',
      amount: 1,
    });
    expect(clash.message).toBe('job_id: that job is of another client');
  });

  it('refuses bad amounts, no client, a unit of another client; nothing stored', async () => {
    const before = await rowCount(db(), 'work_approvals');
    const otherUid = (await unitsOf(db(), otherCid))[0].uid;
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '12.345' }, 'amount: may have at most 2 decimals (cents)'],
      [{ amount: -5 }, 'amount: cannot be negative'],
      [{ amount: 'R12,3,4' }, 'amount: must be an amount in rand, like 1234.50'],
      [{ cid: undefined }, 'cid: name the client, or the job the work is for'],
      [{ cid: 99_999 }, 'cid: Client not found'],
      [{ uid: otherUid }, 'uid: Unit not found'],
      [{ title: '' }, 'title: is required'],
    ];
    for (const [bad, message] of cases) {
      const res = await t.task(support, 'set_work_approval', {
        cid: demoCid,
        title: 'Harness',
        amount: '100',
        ...bad,
      });
      expect([res.result, res.message], JSON.stringify(bad)).toEqual([1, message]);
    }
    expect(await rowCount(db(), 'work_approvals')).toBe(before);
    expect(
      (await t.task(demo, 'set_work_approval', { cid: demoCid, title: 'x', amount: 1 })).result,
    ).toBe(3);
  });
});

describe("the client's decision", () => {
  it('approves once, recording who and when; a second decision is refused', async () => {
    const wa = await ask();
    const res = await t.task(demo, 'approve_work_approval', { id: wa.id, note: 'Go ahead' });
    expect(res.result, res.message).toBe(0);
    expect(res.data.work_approval).toMatchObject({
      status: 'approved',
      decided_by: demoNid,
      decided_by_name: 'Demo',
      decided_at: expect.any(String),
      decision_note: 'Go ahead',
    });
    const before = await row(wa.id);
    for (const task of ['approve_work_approval', 'decline_work_approval']) {
      const again = await t.task(demo, task, { id: wa.id, note: 'Changed my mind' });
      expect([again.result, again.message]).toEqual([1, 'This work approval was already approved']);
    }
    expect(await row(wa.id)).toEqual(before);
    const edit = await t.task(support, 'set_work_approval', {
      id: wa.id,
      title: 'More',
      amount: 1,
    });
    expect(edit.message).toBe('This work approval was already approved: it cannot be changed');
    const logs = await changeLogsOf(db(), 'Work Approval', wa.id);
    expect(logs.map((l) => l.description)).toEqual([
      expect.stringContaining('asked'),
      `Work approval ${wa.reference} approved: Replace the fuse box, R\u00a0850.00 (Go ahead)`,
    ]);
  });

  it('declines, and a declined one stays declined', async () => {
    const wa = await ask();
    const res = await t.task(demo, 'decline_work_approval', { id: wa.id });
    expect(res.data.work_approval).toMatchObject({ status: 'declined', decision_note: '' });
    const again = await t.task(demo, 'approve_work_approval', { id: wa.id });
    expect(again.message).toBe('This work approval was already declined');
    expect((await row(wa.id)).status).toBe('declined');
  });

  it("is the client's to make", async () => {
    const wa = await ask();
    expect((await t.task(support, 'approve_work_approval', { id: wa.id })).result).toBe(3);
    expect((await t.task(other, 'approve_work_approval', { id: wa.id })).message).toBe(
      'Work approval not found',
    );
    expect((await row(wa.id)).status).toBe('pending');
  });
});

describe('the list', () => {
  it('puts the pending ones first and filters by status', async () => {
    const all = await t.task(demo, 'get_work_approvals', { page_size: 500 });
    const statuses = all.data.work_approvals.map((w: any) => w.status);
    const firstDecided = statuses.findIndex((s: string) => s !== 'pending');
    expect(statuses.slice(firstDecided).includes('pending')).toBe(false);
    expect(all.data.count).toBe(statuses.length);
    const pending = await t.task(demo, 'get_work_approvals', { status: 'pending' });
    expect(pending.data.work_approvals.every((w: any) => w.status === 'pending')).toBe(true);
    expect(
      (await t.task(other, 'get_work_approvals', { cid: demoCid })).data.work_approvals,
    ).toEqual([]);
  });
});
