// Scheduled reports (issue 14 item 5): every minute, under the job's lease, each schedule whose
// latest period has ended (in its client's zone, reports/schedule.ts) and has not run is claimed by
// inserting its run row (UNIQUE (srid, period_from, period_to): of several processes exactly one
// inserts it), made as the user who saved the schedule, drawn to DATA_DIR/reports/<token>.<ext>
// and handed to the outbox, one mail per address: attached up to 5 MB, past that a download link
// that expires after 7 days. Only the latest period runs, so a server that was down for three days
// sends yesterday's daily report once. The outbox marks the run delivered or failed (why) once its
// mails have gone; this job fails runs a crash interrupted and removes expired files.
//
// The mail goes through the outbox rather than straight from here: its retries outlive a restart
// and a mail server that is down for an hour (backoff up to 10 tries), a resend after a crash is
// the same message (Message-ID of the outbox row), and a slow mail server never holds this job.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { reportById, type ReportFormat, type ReportSchedule } from '@fleet/common';
import { clock, now } from '../clock';
import { json, type Database } from '../db';
import type { Bus } from '../live/bus';
import type { Services } from '../services';
import { SESSION_USER_COLUMNS, sessionUserOf, type SessionUser } from '../auth/sessions';
import { themeForHost } from '../themes';
import { TaskContext } from '../tasks/context';
import { TaskError } from '../tasks/errors';
import { reportBrand } from '../tasks/reports';
import { buildReport, DEFAULT_ZONE } from '../reports/run';
import { renderReport } from '../reports/render';
import { isDue, latestEndedPeriod, runParams, type TimedPeriod } from '../reports/schedule';
import { emailRows, reportMailsOutcome } from '../notify/outbox';
import { finishReportRun, reportFilePath, reportsDir } from '../notify/report-mail';
import { defineJob, type JobDefinition, type JobLog } from './define';

/** Files up to this size are attached; larger ones are sent as a download link. */
export const ATTACH_LIMIT_BYTES = 5 * 1024 * 1024;
/** How long a run's file and its link last. */
export const FILE_LIFETIME_MS = 7 * 86_400_000;
/** The job's lease; a run still "running" (not yet mailed) after this was cut off by a crash. */
const LEASE_MS = 30 * 60_000;

export interface ScheduledReportDeps {
  db: Kysely<Database>;
  /** config (DATA_DIR, PUBLIC_URL, map tiles) and what a report's TaskContext carries */
  services: Services;
  bus?: Bus;
  log: JobLog;
  /** bytes: larger files go as a link (default ATTACH_LIMIT_BYTES) */
  attachLimit?: number;
}

type Schedule = Awaited<ReturnType<typeof dueSchedules>>[number]['schedule'];

/** The user a schedule's runs are made as, or null when deleted or their account disabled. */
async function creatorOf(db: Kysely<Database>, nid: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.cid', 'users.client_id')
    .select([...SESSION_USER_COLUMNS, 'clients.state'])
    .where('users.nid', '=', nid)
    .executeTakeFirst();
  // No session: the run acts for the user, as a request of theirs would.
  return row && row.state === 1 ? sessionUserOf(row, 0) : null;
}

/** Schedules whose latest ended period is due and not yet run (as far as this read can tell). */
async function dueSchedules(db: Kysely<Database>, at: number) {
  const rows = await db
    .selectFrom('scheduled_reports')
    .innerJoin('clients', 'clients.cid', 'scheduled_reports.client_id')
    .selectAll('scheduled_reports')
    .select('clients.timezone')
    .where('scheduled_reports.deleted', '=', 0)
    .execute();
  if (!rows.length) return [];
  // Runs are claimed in period order: a schedule's newest run tells whether its latest period ran.
  const newest = await db
    .selectFrom('report_runs')
    .select(['srid', 'period_from', 'period_to'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('report_runs')
        .select((e) => e.fn.max('id').as('id'))
        .groupBy('srid'),
    )
    .execute();
  const last = new Map(newest.map((r) => [r.srid, r]));
  return rows.flatMap((schedule) => {
    const period = latestEndedPeriod(
      schedule.schedule as ReportSchedule,
      schedule.timezone || DEFAULT_ZONE,
      at,
    );
    const ran = last.get(schedule.srid);
    const done = ran?.period_from === period.from && ran.period_to === period.to;
    return isDue(period, schedule.begins, done) ? [{ schedule, period }] : [];
  });
}

/** Inserts the run row of this period: its id, or null when another process has claimed it. */
async function claim(db: Kysely<Database>, s: Schedule, p: TimedPeriod, at: number) {
  const row = await db
    .insertInto('report_runs')
    .values({
      client_id: s.client_id,
      srid: s.srid,
      period_from: p.from,
      period_to: p.to,
      started: at,
      status: 'running',
      detail: '',
    })
    .onConflict((oc) => oc.columns(['srid', 'period_from', 'period_to']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

const removeFile = (path: string) => fs.rm(path, { force: true });

/** Makes one run's file and queues its mail; a refusal or fault ends the run failed, saying why. */
async function runOne(deps: ScheduledReportDeps, s: Schedule, p: TimedPeriod, runId: number) {
  const { db, services, log } = deps;
  const { config } = services;
  const t0 = performance.now();
  let file: string | null = null;
  try {
    const emails = json.parse<string[]>(s.email, []);
    if (!emails.length) throw new TaskError('email: the schedule has no address');
    const user = await creatorOf(db, s.created_by);
    if (!user) throw new TaskError('the user who made this schedule no longer exists');
    const def = reportById(s.type);
    if (!def) throw new TaskError(`"${s.type}" is no longer a report`);
    const host = new URL(config.publicUrl).hostname;
    const ctx = new TaskContext(db, user, services, {
      requestId: `report-run-${runId}`,
      ip: '',
      userAgent: 'scheduled reports',
      channel: 'scheduler',
      host,
    });
    const schedule = {
      ids: json.parse<number[]>(s.ids, []),
      ids_type: s.ids_type,
      parameters: json.parse<Record<string, unknown>>(s.parameters, {}),
    };
    const doc = await buildReport(ctx, runParams(def, schedule, p), {
      rowCap: null,
      brand: reportBrand(ctx),
      staging: themeForHost(host, config.mapTiles).report_server === 'staging',
    });
    const rendered = renderReport(doc, s.format as ReportFormat);
    const token = randomBytes(24).toString('base64url');
    file = reportFilePath(config.dataDir, token, rendered.filename);
    // Named on the run before it is written: a crash mid-write leaves a file the next pass removes.
    await db
      .updateTable('report_runs')
      .set({ file_token: token, file_name: rendered.filename })
      .where('id', '=', runId)
      .execute();
    await fs.mkdir(reportsDir(config.dataDir), { recursive: true });
    await pipeline(rendered.stream, createWriteStream(file));
    const { size } = await fs.stat(file);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('report_runs')
        .set({
          size,
          duration_ms: Math.round(performance.now() - t0),
          delivery: size <= (deps.attachLimit ?? ATTACH_LIMIT_BYTES) ? 'attachment' : 'link',
          queued: at,
          expires: at + FILE_LIFETIME_MS,
          detail: `sending to ${emails.length === 1 ? emails[0] : `${emails.length} addresses`}`,
        })
        .where('id', '=', runId)
        .execute();
      await trx
        .insertInto('outbox')
        .values(emailRows(s.client_id, emails, 'report', runId, at))
        .execute();
    });
    deps.bus?.publish('outbox_queued', { count: emails.length });
    return true;
  } catch (err) {
    if (file) await removeFile(file).catch(() => undefined);
    const refused = err instanceof TaskError;
    const reason = refused
      ? err.message
      : `the report could not be made: ${err instanceof Error ? err.message : String(err)}`;
    if (!refused) log.error({ err, srid: s.srid, runId }, `scheduled report ${s.srid} failed`);
    await db
      .updateTable('report_runs')
      .set({
        status: 'failed',
        finished: now(),
        duration_ms: Math.round(performance.now() - t0),
        detail: reason.slice(0, 1000),
        file_token: null,
      })
      .where('id', '=', runId)
      .execute();
    return false;
  }
}

/**
 * Runs left "running" by a process that stopped: not yet mailed and older than the lease are
 * failed (their file removed); mailed ones whose every mail has an outcome are finished.
 */
async function catchUp(deps: ScheduledReportDeps, at: number): Promise<void> {
  const { db, services } = deps;
  const staleBefore = at - LEASE_MS * Math.max(1, clock().rate);
  const running = await db
    .selectFrom('report_runs')
    .select(['id', 'client_id', 'started', 'queued', 'file_token', 'file_name'])
    .where('status', '=', 'running')
    .execute();
  for (const r of running) {
    if (r.queued !== null) {
      const givenUp = await reportMailsOutcome(db, r.id, r.client_id);
      if (givenUp) await finishReportRun(db, r.id, r.client_id, givenUp);
      continue;
    }
    if (r.started >= staleBefore) continue;
    if (r.file_token && r.file_name)
      await removeFile(reportFilePath(services.config.dataDir, r.file_token, r.file_name));
    await db
      .updateTable('report_runs')
      .set({
        status: 'failed',
        finished: at,
        detail: 'interrupted: the server stopped while it was making the report',
        file_token: null,
      })
      .where('id', '=', r.id)
      .where('status', '=', 'running')
      .where('queued', 'is', null)
      .execute();
  }
}

/** Removes the files whose links have expired; the runs keep their record. */
async function removeExpired(deps: ScheduledReportDeps, at: number): Promise<number> {
  const { db, services } = deps;
  const expired = await db
    .selectFrom('report_runs')
    .select(['id', 'file_token', 'file_name'])
    .where('expires', '<=', at)
    .where('file_token', 'is not', null)
    .execute();
  for (const r of expired) {
    await removeFile(reportFilePath(services.config.dataDir, r.file_token!, r.file_name ?? ''));
    await db.updateTable('report_runs').set({ file_token: null }).where('id', '=', r.id).execute();
  }
  return expired.length;
}

/** One pass: catch up, clean up, then run every due schedule; how many runs it made and queued. */
export async function runScheduledReports(
  deps: ScheduledReportDeps,
): Promise<{ ran: number; failed: number; removed: number }> {
  const at = now();
  await catchUp(deps, at);
  const removed = await removeExpired(deps, at);
  let ran = 0;
  let failed = 0;
  for (const { schedule, period } of await dueSchedules(deps.db, at)) {
    const runId = await claim(deps.db, schedule, period, at);
    if (runId === null) continue;
    if (await runOne(deps, schedule, period, runId)) ran += 1;
    else failed += 1;
  }
  return { ran, failed, removed };
}

export function scheduledReportsJob(services: Services): JobDefinition {
  return defineJob({
    name: 'scheduled-reports',
    schedule: { everyMs: 60_000 },
    leaseMs: LEASE_MS,
    async run({ db, bus, log, runId }) {
      const r = await runScheduledReports({ db, services, bus, log });
      if (r.ran || r.failed || r.removed)
        log.info({ runId, ...r }, `scheduled reports: ${r.ran} sent, ${r.failed} failed`);
    },
  });
}
