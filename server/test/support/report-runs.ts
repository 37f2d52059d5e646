// Driving the scheduled reports job and its mail in a test app (issue 14): one pass of the job as a
// server process on a given connection, the outbox delivering every due mail as .eml files, and
// the runs and mails of a schedule read back. The app's own runner is kept off both jobs by
// holding their leases, so only the test decides when they run.
import fs from 'node:fs';
import path from 'node:path';
import { runScheduledReports, type ScheduledReportDeps } from '../../src/jobs/scheduled-reports';
import { createOutboxSender } from '../../src/notify/outbox';
import type { TestApp } from './test-app';

const silent = { info() {}, warn() {}, error() {} };

export function reportRuns(t: TestApp) {
  const db = () => t.running.services.db.db;
  return {
    /** Keeps the app's own job runner from running the report and outbox jobs. */
    async holdLeases() {
      for (const name of ['scheduled-reports', 'outbox'])
        await db()
          .insertInto('job_leases')
          .values({ name, holder: 'test', leased_until: 8e15, last_run_at: null, last_error: null })
          .onConflict((oc) => oc.column('name').doUpdateSet({ holder: 'test', leased_until: 8e15 }))
          .execute();
    },
    /** One pass of the job (default: on the app's own connection). */
    pass: (opts: Partial<ScheduledReportDeps> = {}) =>
      runScheduledReports({ db: db(), services: t.running.services, log: silent, ...opts }),
    /** The outbox as the app's sender delivers it: every due mail, as DATA_DIR/outbox/<id>.eml. */
    deliver: () =>
      createOutboxSender({
        db: db(),
        mailer: t.running.services.mailer,
        sms: { send: async () => {} },
        baseUrl: t.config.publicUrl,
        dataDir: t.config.dataDir,
        log: silent,
      }).run(),
    runsOf: (srid: number) =>
      db().selectFrom('report_runs').selectAll().where('srid', '=', srid).orderBy('id').execute(),
    /** The .eml files of a run's mails, by recipient. */
    async mailsOf(runId: number): Promise<Map<string, string>> {
      const rows = await db()
        .selectFrom('outbox')
        .select(['id', 'recipient'])
        .where('topic', '=', 'report')
        .where('ref', '=', runId)
        .execute();
      const dir = path.join(t.config.dataDir, 'outbox');
      return new Map(
        rows.map((r) => [r.recipient, fs.readFileSync(path.join(dir, `${r.id}.eml`), 'utf8')]),
      );
    },
  };
}
