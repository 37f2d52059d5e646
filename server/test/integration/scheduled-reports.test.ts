// Scheduled reports (issue 14 item 5) on a hand-made client at a pinned clock: the task's checks
// (nothing stored on a refusal, the change log on success), a missed run made once for the latest
// period, two server processes on one database making a due run once, the e-mail with the file
// attached (read back from the .eml) or, when too large, a download link that expires, runs that
// fail saying why, and the demo's two schedules.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/db';
import { resetClock, setClock } from '../../src/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { addHandClient, addHandTrip, addHandUnit } from '../support/hand-fleet';
import { attachmentOf, emlText } from '../support/eml';
import { reportRuns } from '../support/report-runs';

/** Wednesday 18 Nov 2026, 10:00 in Johannesburg (the hand client's zone). */
const NOW = Date.parse('2026-11-18T10:00:00+02:00');
const DAY = 86_400_000;

let t: TestApp;
let token: string;
let lite: string;
let other: string;
let cid: number;
let carA = 0;
let carB = 0;
let otherUnit = 0;
let second: Db;
let job: ReturnType<typeof reportRuns>;
const db = () => t.running.services.db.db;
const at = (ms: number) => setClock({ start: ms, rate: 0 });

async function ok(tok: string, task: string, params: Record<string, unknown> = {}) {
  const res = await t.task(tok, task, params);
  expect(res.message, `${task} refused`).toBeUndefined();
  return res.data;
}

const fleetSummary = (extra: Record<string, unknown> = {}) => ({
  name: 'Daily fleet',
  type: 'fleet_summary',
  schedule: 'daily',
  format: 'csv',
  email: ['boss@example.com', 'Fleet@Example.com'],
  ids: [carA, carB],
  ids_type: 'units',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ CLOCK_START: new Date(NOW).toISOString() });
  at(NOW);
  job = reportRuns(t);
  // The app's own runner must not run these jobs behind the test's back.
  await job.holdLeases();
  cid = await addHandClient(
    db(),
    'Sched Fleet',
    [
      { username: 'sched', type: 'full' },
      { username: 'schedlite', type: 'lite' },
      { username: 'schedtwo', type: 'full' },
    ],
    NOW - 30 * DAY,
  );
  carA = await addHandUnit(db(), cid, { name: 'Car A' }, NOW - 30 * DAY);
  carB = await addHandUnit(db(), cid, { name: 'Car B' }, NOW - 30 * DAY);
  // 19 Nov: Car A 3 km. 20 Nov: Car A 12.345 km at 09:00, Car B 7 km at 14:00 (SAST).
  await addHandTrip(db(), cid, carA, Date.parse('2026-11-19T09:00:00+02:00'), 3_000);
  await addHandTrip(db(), cid, carA, Date.parse('2026-11-20T09:00:00+02:00'), 12_345);
  await addHandTrip(db(), cid, carB, Date.parse('2026-11-20T14:00:00+02:00'), 7_000);
  const o = await db()
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select('units.uid')
    .where('clients.name', '=', 'Other Fleet')
    .executeTakeFirstOrThrow();
  otherUnit = o.uid;
  token = await t.login('sched');
  lite = await t.login('schedlite');
  other = await t.login('other');
  second = openDb({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
});
afterAll(async () => {
  await second.close();
  resetClock();
  await t.close();
});
beforeEach(async () => {
  at(NOW);
  const mine = db().selectFrom('scheduled_reports').select('srid').where('client_id', '=', cid);
  await db()
    .deleteFrom('outbox')
    .where('topic', '=', 'report')
    .where('client_id', '=', cid)
    .execute();
  await db().deleteFrom('report_runs').where('srid', 'in', mine).execute();
  await db().deleteFrom('scheduled_reports').where('client_id', '=', cid).execute();
});

describe('set_scheduled_report', () => {
  it('refuses bad schedules with a message naming the field, and stores nothing', async () => {
    const refused = async (params: Record<string, unknown>) => {
      const res = await t.task(token, 'set_scheduled_report', fleetSummary(params));
      expect(res.result).toBe(1);
      return res.message as string;
    };
    expect(await refused({ format: 'html' })).toMatch(/^format: /);
    expect(await refused({ email: ['boss@example.com', 'boss@example'] })).toBe(
      'email: "boss@example" is not a valid e-mail address',
    );
    expect(await refused({ ids: [carA, otherUnit] })).toBe(
      `ids: vehicle ${otherUnit} was not found`,
    );
    expect(await refused({ type: 'tax_return' })).toBe('type: "tax_return" is not a report');
    expect(await refused({ type: 'speeding', ids: [carA] })).toBe(
      'speed_limit: Speed limit is required',
    );
    expect(await refused({ type: 'positions', format: 'pdf' })).toBe(
      'format: Raw positions comes as CSV or Website',
    );
    expect(await refused({ type: 'trips', ids: [carA, carB] })).toBe('ids: choose one vehicle');
    expect(await refused({ parameters: { tag: 'x' } })).toBe('tag: must be a label id');
    const stored = await db()
      .selectFrom('scheduled_reports')
      .select('srid')
      .where('client_id', '=', cid)
      .execute();
    expect(stored).toEqual([]);
    // A user without the scheduled-report roles, and another client's schedule.
    expect((await t.task(lite, 'get_scheduled_reports')).result).toBe(3);
    const { srid } = await ok(token, 'set_scheduled_report', fleetSummary());
    const foreign = await t.task(other, 'get_scheduled_report', { srid });
    expect(foreign.message).toBe('Scheduled report not found');
    expect((await t.task(other, 'delete_scheduled_report', { srid })).message).toBe(
      'Scheduled report not found',
    );
  });

  it('adds, lists, edits and deletes a schedule, each in the change log', async () => {
    const { srid } = await ok(
      token,
      'set_scheduled_report',
      fleetSummary({ parameters: { date_range: ['2020-01-01', '2020-01-02'], nonsense: 1 } }),
    );
    const list = await ok(token, 'get_scheduled_reports');
    expect(list.count).toBe(1);
    expect(list.scheduled_reports[0]).toMatchObject({
      srid,
      name: 'Daily fleet',
      type: 'fleet_summary',
      report_name: 'Fleet summary',
      schedule: 'daily',
      format: 'csv',
      email: ['boss@example.com', 'fleet@example.com'],
      ids: [carA, carB],
      subjects: ['Car A', 'Car B'],
      // Only the report's own variables are kept; date_range is each run's.
      parameters: {},
      // Made on 18 Nov: the first run is for 18 Nov, at 00:10 on the 19th.
      next_run: '2026-11-18T22:10:00.000Z',
      last_run: null,
      created_by: 'sched',
    });
    await ok(token, 'set_scheduled_report', {
      ...fleetSummary({ srid, name: 'Weekly fleet', schedule: 'weekly', format: 'pdf' }),
    });
    const { scheduled_report: edited } = await ok(token, 'get_scheduled_report', { srid });
    expect(edited).toMatchObject({ name: 'Weekly fleet', schedule: 'weekly', runs: [] });
    // The week under way ends on Sunday 22 Nov: its run is at 00:10 on Monday the 23rd.
    expect(edited.next_run).toBe('2026-11-22T22:10:00.000Z');
    await ok(token, 'delete_scheduled_report', { srid });
    expect((await ok(token, 'get_scheduled_reports')).scheduled_reports).toEqual([]);
    const logs = await db()
      .selectFrom('change_logs')
      .select(['action', 'entity_type', 'description'])
      .where('client_id', '=', cid)
      .where('entity_id', '=', String(srid))
      .orderBy('id')
      .execute();
    expect(logs.map((l) => [l.action, l.entity_type])).toEqual([
      ['I', 'Scheduled Report'],
      ['E', 'Scheduled Report'],
      ['D', 'Scheduled Report'],
    ]);
    expect(logs[0].description).toBe(
      'Scheduled report "Daily fleet" added: Fleet summary, Daily, CSV, to boss@example.com, fleet@example.com',
    );
  });
});

describe('the scheduled reports job', () => {
  it("runs the demo's daily speeding and monthly fleet summary on the demo fleet", async () => {
    const demo = await t.login('demo');
    const list = await ok(demo, 'get_scheduled_reports');
    expect(
      list.scheduled_reports.map((s: any) => [
        s.name,
        s.type,
        s.schedule,
        s.format,
        s.last_run?.status,
      ]),
    ).toEqual([
      ['Daily speeding', 'speeding', 'daily', 'pdf', 'delivered'],
      ['Monthly fleet summary', 'fleet_summary', 'monthly', 'csv', 'delivered'],
    ]);
    expect(list.scheduled_reports[0].subjects).toHaveLength(1);
    expect(list.scheduled_reports[1].subjects.length).toBeGreaterThan(30);
    // 1 Dec, 00:30: yesterday's speeding and November's summary are due.
    at(Date.parse('2026-12-01T00:30:00+02:00'));
    await job.pass();
    await job.deliver();
    const after = await ok(demo, 'get_scheduled_reports');
    expect(
      after.scheduled_reports.map((s: any) => [
        s.last_run.period,
        s.last_run.status,
        s.last_run.detail,
      ]),
    ).toEqual([
      [{ from: '2026-11-30', to: '2026-11-30' }, 'delivered', 'attached'],
      [{ from: '2026-11-01', to: '2026-11-30' }, 'delivered', 'attached'],
    ]);
    // The tests below move the clock back and forth over the hand client's schedules only.
    await db()
      .updateTable('scheduled_reports')
      .set({ deleted: 1 })
      .where('client_id', '!=', cid)
      .execute();
  });

  it('runs a missed schedule once, for the latest period, and mails the CSV attached', async () => {
    const { srid } = await ok(token, 'set_scheduled_report', fleetSummary());
    // Down since before 19 Nov: 18, 19 and 20 Nov have all ended by Saturday 21 Nov, 08:00.
    at(Date.parse('2026-11-21T08:00:00+02:00'));
    await job.pass();
    await job.pass();
    const [run, ...more] = await job.runsOf(srid);
    expect(more).toEqual([]);
    expect(run).toMatchObject({
      period_from: '2026-11-20',
      period_to: '2026-11-20',
      status: 'running',
      delivery: 'attachment',
    });
    await job.deliver();
    const mails = await job.mailsOf(run.id);
    expect([...mails.keys()].sort()).toEqual(['boss@example.com', 'fleet@example.com']);
    const eml = mails.get('boss@example.com')!;
    expect(eml).toContain('Subject: Daily fleet: Fleet summary, 20 Nov 2026');
    const file = attachmentOf(eml)!;
    expect(file.filename).toBe('fleet-summary-sched-fleet-2026-11-20-2026-11-20.csv');
    const lines = file.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const distance = lines[0].split(',').findIndex((h) => /^"?Distance/.test(h));
    const byName = new Map(
      lines.slice(1).map((l) => [l.split(',')[0].replace(/"/g, ''), l.split(',')]),
    );
    // 20 Nov only: the 3 km of the 19th are not in it.
    expect(Number(byName.get('Car A')![distance])).toBe(12.35);
    expect(Number(byName.get('Car B')![distance])).toBe(7);
    const done = (await job.runsOf(srid))[0];
    expect(done).toMatchObject({
      status: 'delivered',
      detail: 'attached',
      size: file.content.length,
    });
    expect(done.finished).not.toBeNull();
    expect(done.duration_ms).toBeGreaterThanOrEqual(0);
    // The list shows it, and the next run is tomorrow at 00:10.
    const [listed] = (await ok(token, 'get_scheduled_reports')).scheduled_reports;
    expect(listed.last_run).toMatchObject({
      period: { from: '2026-11-20', to: '2026-11-20' },
      status: 'delivered',
      detail: 'attached',
      size: file.content.length,
    });
    expect(listed.next_run).toBe('2026-11-21T22:10:00.000Z');
  });

  it('two server processes on one database make a due run once, one e-mail per address', async () => {
    const { srid } = await ok(token, 'set_scheduled_report', fleetSummary({ schedule: 'weekly' }));
    at(Date.parse('2026-11-23T00:30:00+02:00')); // Monday: the week of 16-22 Nov has ended
    await Promise.all([
      job.pass(),
      job.pass({ db: second.db }),
      job.pass({ db: second.db }),
      job.pass(),
    ]);
    const runs = await job.runsOf(srid);
    expect(runs.map((r) => [r.period_from, r.period_to])).toEqual([['2026-11-16', '2026-11-22']]);
    const queued = await db()
      .selectFrom('outbox')
      .select('recipient')
      .where('topic', '=', 'report')
      .where('ref', '=', runs[0].id)
      .execute();
    expect(queued.map((q) => q.recipient).sort()).toEqual([
      'boss@example.com',
      'fleet@example.com',
    ]);
    await Promise.all([job.deliver(), job.deliver()]);
    expect((await job.mailsOf(runs[0].id)).size).toBe(2);
    expect((await job.runsOf(srid))[0].status).toBe('delivered');
  });

  it('sends a large file as a link that downloads for 7 days and then is gone', async () => {
    const { srid } = await ok(token, 'set_scheduled_report', fleetSummary({ format: 'pdf' }));
    at(Date.parse('2026-11-19T00:15:00+02:00'));
    await job.pass({ attachLimit: 100 });
    const [run] = await job.runsOf(srid);
    expect(run).toMatchObject({ period_from: '2026-11-18', delivery: 'link' });
    await job.deliver();
    const eml = (await job.mailsOf(run.id)).get('boss@example.com')!;
    expect(attachmentOf(eml)).toBeNull();
    const text = emlText(eml);
    const link = new RegExp(`${t.config.publicUrl}/api/report/file/([A-Za-z0-9_-]+)`).exec(text);
    expect(link?.[1]).toBe(run.file_token);
    expect(text).toContain('too large to attach');
    expect((await job.runsOf(srid))[0]).toMatchObject({
      status: 'delivered',
      detail: 'download link',
    });

    const get = () => t.running.app.inject({ method: 'GET', url: `/api/report/file/${link![1]}` });
    const file = await get();
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${run.file_name}"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(Number(run.size));
    expect(
      (await t.running.app.inject({ method: 'GET', url: '/api/report/file/' + 'x'.repeat(32) }))
        .statusCode,
    ).toBe(404);

    at(Date.parse('2026-11-19T00:15:00+02:00') + 8 * DAY);
    const expired = await get();
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toMatch(/expired or does not exist/);
    const onDisk = path.join(t.config.dataDir, 'reports', `${run.file_token}.pdf`);
    expect(fs.existsSync(onDisk)).toBe(true);
    await job.pass();
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await job.runsOf(srid))[0]).toMatchObject({ status: 'delivered', file_token: null });
  });

  it('fails a run whose maker is gone, one cut off by a crash, and one whose mail cannot go', async () => {
    const two = await t.login('schedtwo');
    const { srid: orphan } = await ok(
      two,
      'set_scheduled_report',
      fleetSummary({ name: 'Orphan' }),
    );
    await db().deleteFrom('users').where('username', '=', 'schedtwo').execute();
    const { srid: lost } = await ok(token, 'set_scheduled_report', fleetSummary({ name: 'Lost' }));

    // A run that a crashed process left half made two hours ago, with its partial file.
    const crashed = await db()
      .insertInto('report_runs')
      .values({
        client_id: cid,
        srid: lost,
        period_from: '2026-11-17',
        period_to: '2026-11-17',
        started: NOW - 2 * 3600_000,
        status: 'running',
        file_token: 'c'.repeat(32),
        file_name: 'partial.csv',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const partial = path.join(t.config.dataDir, 'reports', `${'c'.repeat(32)}.csv`);
    fs.mkdirSync(path.dirname(partial), { recursive: true });
    fs.writeFileSync(partial, 'half a rep');

    at(Date.parse('2026-11-19T00:15:00+02:00'));
    await job.pass();
    const [orphanRun] = await job.runsOf(orphan);
    expect(orphanRun).toMatchObject({
      status: 'failed',
      detail: 'the user who made this schedule no longer exists',
      file_token: null,
    });
    expect(await job.mailsOf(orphanRun.id)).toEqual(new Map());
    const [cut, made] = await job.runsOf(lost);
    expect(cut).toMatchObject({
      id: crashed.id,
      status: 'failed',
      detail: 'interrupted: the server stopped while it was making the report',
    });
    expect(fs.existsSync(partial)).toBe(false);

    // Its file disappears before the mail goes: the mail is given up and the run says so.
    expect(made).toMatchObject({ period_from: '2026-11-18', status: 'running' });
    fs.rmSync(path.join(t.config.dataDir, 'reports', `${made.file_token}.csv`));
    expect(await job.deliver()).toMatchObject({ givenUp: 2 });
    expect((await job.runsOf(lost))[1]).toMatchObject({
      status: 'failed',
      detail: `not delivered to boss@example.com, fleet@example.com: the file of report run ${made.id} is missing`,
    });
  });
});
