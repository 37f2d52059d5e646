// Jobs through /api/call (issue 15; jobs.test.ts is the background job runner): the job options
// with their terms, a client booking a repair, removal, transfer or installation (terms accepted,
// recorded with who and when), support moving a job through its statuses, a client cancelling a
// job still requested, the list's filters, and every refusal storing nothing: terms not
// accepted, a missing or another client's vehicle, a wrong status step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let lite: string;
let demoUids: number[];
let otherUid: number;

const db = () => t.running.services.db.db;
/** The year of a reference: the provider's (South Africa, UTC+2 all year), as the server names them. */
const year = new Date(Date.now() + 2 * 3600_000).getUTCFullYear();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const BOOKING = {
  contact_name: 'Sipho Dlamini',
  contact_phone: '082 555 0100',
  site_address: '14 Electron Avenue, Isando',
  accept_terms: true,
};

async function book(params: Record<string, unknown>, token = demo) {
  const res = await t.task(token, 'set_job', { ...BOOKING, ...params });
  expect(res.result, res.message).toBe(0);
  return res.data.job;
}

beforeAll(async () => {
  t = await createTestApp();
  [demo, other, support, lite] = await Promise.all(
    ['demo', 'other', 'support', 'lite'].map((u) => t.login(u)),
  );
  demoUids = (await unitsOf(db(), await clientIdOf(db(), 'Demo Fleet'))).map((u) => u.uid);
  otherUid = (await unitsOf(db(), await clientIdOf(db(), 'Other Fleet')))[0].uid;
});
afterAll(() => t.close());

describe('job options', () => {
  it('answers the job types and the terms and conditions (SPEC §7)', async () => {
    const res = await t.task(demo, 'get_job_options');
    expect(res.data.job_types).toEqual([
      { api_name: 'installation', name: 'Installation' },
      { api_name: 'repair', name: 'Repair' },
      { api_name: 'removal', name: 'Removal' },
      { api_name: 'transfer', name: 'Transfer' },
    ]);
    expect(res.data.terms_and_conditions).toMatch(/^Booking a job/);
    expect((await t.task(lite, 'get_job_options')).result).toBe(3);
  });
});

describe('booking a job', () => {
  it('stores a repair on a vehicle with the terms accepted, named J-<year>-, logged', async () => {
    const job = await book({
      job_type: 'repair',
      uid: demoUids[6],
      preferred_date: inDays(3),
      notes: 'GPS drops out',
    });
    const unit = (await unitsOf(db(), job.client.cid))[6];
    expect(job).toMatchObject({
      reference: expect.stringMatching(new RegExp(`^J-${year}-\\d{4,}$`)),
      job_type: 'repair',
      status: 'requested',
      unit: { uid: demoUids[6], name: unit.name, reg: unit.reg },
      vehicle: unit.reg ? `${unit.name} (${unit.reg})` : unit.name,
      preferred_date: inDays(3),
      terms_accepted_by: 'Demo',
      terms_accepted_at: expect.any(String),
      created_by_name: 'Demo',
      quote: null,
    });
    const logs = await changeLogsOf(db(), 'Job', job.id);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', `Job ${job.reference} requested: repair of ${job.vehicle}`],
    ]);
    // A second open repair of the same vehicle is the same job.
    const again = await t.task(demo, 'set_job', {
      ...BOOKING,
      job_type: 'repair',
      uid: demoUids[6],
    });
    expect(again.message).toBe(
      `uid: ${unit.name} already has an open repair job (${job.reference})`,
    );
  });

  it('books an installation in a new vehicle and a transfer to another', async () => {
    const install = await book({ job_type: 'installation', vehicle: 'Nissan NP200, new' });
    expect([install.unit, install.vehicle]).toEqual([null, 'Nissan NP200, new']);
    const transfer = await book({
      job_type: 'transfer',
      uid: demoUids[1],
      transfer_to: 'Hyundai H100',
    });
    expect(transfer.transfer_to).toBe('Hyundai H100');
  });

  it('refuses a booking without accepted terms or its vehicle, storing nothing', async () => {
    const before = await rowCount(db(), 'jobs');
    const logs = await rowCount(db(), 'change_logs');
    const cases: [Record<string, unknown>, string][] = [
      [
        { job_type: 'repair', uid: demoUids[2], accept_terms: false },
        'accept_terms: Accept the terms and conditions to book a job',
      ],
      [
        { job_type: 'repair', uid: demoUids[2], accept_terms: undefined },
        'accept_terms: Accept the terms and conditions to book a job',
      ],
      [{ job_type: 'repair' }, 'uid: choose the vehicle for the repair'],
      [{ job_type: 'removal' }, 'uid: choose the vehicle for the removal'],
      [
        { job_type: 'transfer', uid: demoUids[2] },
        'transfer_to: name the vehicle the unit moves to',
      ],
      [
        { job_type: 'installation' },
        'vehicle: describe the vehicle to install in, or choose one of yours',
      ],
      [{ job_type: 'repair', uid: otherUid }, 'uid: Unit not found'],
      [{ job_type: 'repair', uid: 99_999 }, 'uid: Unit not found'],
      [{ uid: demoUids[2] }, 'job_type is required'],
      [{ job_type: 'wash', uid: demoUids[2] }, 'job_type: is not a job type'],
      [
        { job_type: 'repair', uid: demoUids[2], contact_phone: 'none' },
        'contact_phone: is not a valid phone number',
      ],
      [{ job_type: 'repair', uid: demoUids[2], contact_name: '' }, 'contact_name is required'],
      [
        { job_type: 'repair', uid: demoUids[2], preferred_date: inDays(-3) },
        'preferred_date: must be today or later',
      ],
    ];
    for (const [bad, message] of cases) {
      const res = await t.task(demo, 'set_job', { ...BOOKING, ...bad });
      expect([res.result, res.message], JSON.stringify(bad)).toEqual([1, message]);
    }
    expect(await rowCount(db(), 'jobs')).toBe(before);
    expect(await rowCount(db(), 'change_logs')).toBe(logs);
  });

  it('is a client task: support staff schedule, they do not book', async () => {
    const res = await t.task(support, 'set_job', {
      ...BOOKING,
      job_type: 'repair',
      uid: demoUids[3],
    });
    expect(res.message).toBe('A client books a job; support staff schedule the jobs booked');
    expect(
      (await t.task(lite, 'set_job', { ...BOOKING, job_type: 'repair', uid: demoUids[3] })).result,
    ).toBe(3);
  });
});

describe('a job through its statuses', () => {
  it('support schedules, starts and completes it; each step is logged', async () => {
    const job = await book({ job_type: 'removal', uid: demoUids[3] });
    const noDate = await t.task(support, 'set_job', {
      id: job.id,
      status: 'scheduled',
      technician: 'Themba',
    });
    expect(noDate.message).toBe('scheduled_for: set when the technician comes to schedule the job');
    const noTech = await t.task(support, 'set_job', {
      id: job.id,
      status: 'scheduled',
      scheduled_for: '2030-03-02T07:00:00Z',
    });
    expect(noTech.message).toBe('technician: name the technician to schedule the job');
    const skip = await t.task(support, 'set_job', { id: job.id, status: 'completed' });
    expect(skip.message).toBe('status: a requested job cannot become completed');
    const scheduled = await t.task(support, 'set_job', {
      id: job.id,
      status: 'scheduled',
      scheduled_for: '2030-03-02T07:00:00Z',
      technician: 'Themba Nkosi',
    });
    expect(scheduled.data.job).toMatchObject({
      status: 'scheduled',
      scheduled_for: '2030-03-02T07:00:00.000Z',
      technician: 'Themba Nkosi',
    });
    // A client cannot cancel a scheduled job (it is on a technician's day).
    const late = await t.task(demo, 'set_job', { id: job.id, status: 'cancelled' });
    expect(late.message).toBe('This job is already scheduled: call us to change it');
    await t.task(support, 'set_job', { id: job.id, status: 'in_progress' });
    const done = await t.task(support, 'set_job', { id: job.id, status: 'completed' });
    expect(done.data.job).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    const closed = await t.task(support, 'set_job', { id: job.id, status: 'cancelled' });
    expect(closed.message).toBe('This job is already completed');
    const logs = await changeLogsOf(db(), 'Job', job.id);
    expect(logs.map((l) => l.description)).toEqual([
      expect.stringContaining('requested'),
      `Job ${job.reference} scheduled for 2030-03-02 07:00 UTC with Themba Nkosi`,
      `Job ${job.reference} in progress`,
      `Job ${job.reference} completed`,
    ]);
  });

  it('a client cancels a requested job and may not move it on', async () => {
    const job = await book({ job_type: 'repair', uid: demoUids[5] });
    const moved = await t.task(demo, 'set_job', { id: job.id, status: 'scheduled' });
    expect(moved.message).toBe(
      'Support staff schedule a job: you may cancel it while it is requested',
    );
    const res = await t.task(demo, 'set_job', { id: job.id, status: 'cancelled' });
    expect(res.data.job.status).toBe('cancelled');
  });
});

describe('lists and tenancy', () => {
  it('filters by type and by open status; support sees the client and narrows by it', async () => {
    const open = await t.task(demo, 'get_jobs', {
      job_type: 'repair',
      status: 'open',
      page_size: 100,
    });
    expect(open.data.jobs.length).toBeGreaterThan(0);
    expect(
      open.data.jobs.every(
        (j: any) =>
          j.job_type === 'repair' && ['requested', 'scheduled', 'in_progress'].includes(j.status),
      ),
    ).toBe(true);
    const done = await t.task(demo, 'get_jobs', { status: 'completed' });
    expect(done.data.jobs.every((j: any) => j.status === 'completed')).toBe(true);
    const mine = await book({ job_type: 'repair', uid: otherUid }, other);
    const theirs = await t.task(support, 'get_jobs', { cid: mine.client.cid });
    expect(theirs.data.jobs.map((j: any) => [j.id, j.client.name])).toEqual([
      [mine.id, 'Other Fleet'],
    ]);
  });

  it("another client's job answers not found and stays as it was", async () => {
    const job = await book({ job_type: 'removal', uid: demoUids[0] });
    for (const params of [{ id: job.id }, { id: job.id, status: 'cancelled' }]) {
      const task = Object.keys(params).length === 1 ? 'get_job' : 'set_job';
      expect((await t.task(other, task, params)).message).toBe('Job not found');
    }
    const row = await db()
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('requested');
  });
});
