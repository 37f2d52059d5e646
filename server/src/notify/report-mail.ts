// The e-mail of a scheduled report run (issue 14 item 5), sent by the outbox (outbox.ts, topic
// 'report', ref = report_runs.id): the report's name and period in the client's zone, with the file
// attached, or a download link when the file is too large to attach. When the run's last mail is
// sent or given up, finishReportRun records the run delivered or failed and why.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { REPORT_FORMAT_NAMES, reportById, type ReportFormat } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { dayText } from '../reports/render/format';
import { formatClientTime, render, type Composed } from './compose';
import type { MailAttachment } from './mailer';

/** Where run files live: DATA_DIR/reports/<token>.<ext>. */
export const reportsDir = (dataDir: string) => path.join(dataDir, 'reports');

/** A run file's path from its token and download name (the name's extension is the file's). */
export function reportFilePath(dataDir: string, token: string, fileName: string): string {
  return path.join(reportsDir(dataDir), `${token}${path.extname(fileName)}`);
}

/** The link that downloads a run's file while it has not expired. */
export const reportFileUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/api/report/file/${token}`;

/** "1.2 MB", "340 KB", "512 B". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type ReportMail = Composed & { attachments: MailAttachment[] };

/**
 * The mail of run `runId` of client `clientId`, or why it can never be sent (the run or its file
 * is gone): the outbox gives such a row up at once.
 */
export async function composeReportMail(
  db: Kysely<Database>,
  runId: number,
  clientId: number,
  opts: { dataDir: string; baseUrl: string },
): Promise<ReportMail | { undeliverable: string }> {
  const run = await db
    .selectFrom('report_runs')
    .innerJoin('scheduled_reports', 'scheduled_reports.srid', 'report_runs.srid')
    .innerJoin('clients', 'clients.cid', 'report_runs.client_id')
    .select([
      'report_runs.period_from',
      'report_runs.period_to',
      'report_runs.size',
      'report_runs.delivery',
      'report_runs.file_token',
      'report_runs.file_name',
      'report_runs.expires',
      'scheduled_reports.name',
      'scheduled_reports.type',
      'scheduled_reports.format',
      'clients.timezone',
    ])
    .where('report_runs.id', '=', runId)
    .where('report_runs.client_id', '=', clientId)
    .executeTakeFirst();
  if (!run) return { undeliverable: `report run ${runId} no longer exists` };
  const { file_token: token, file_name: fileName, expires } = run;
  if (!token || !fileName || expires === null || expires <= now())
    return { undeliverable: `the file of report run ${runId} has expired` };
  const file = reportFilePath(opts.dataDir, token, fileName);
  if (!fs.existsSync(file)) return { undeliverable: `the file of report run ${runId} is missing` };
  const attach = run.delivery === 'attachment';

  const report = reportById(run.type)?.name ?? run.type;
  const period =
    run.period_from === run.period_to
      ? dayText(run.period_from)
      : `${dayText(run.period_from)} – ${dayText(run.period_to)}`;
  const title = `${run.name}: ${report}, ${period}`;
  const size = sizeText(Number(run.size ?? 0));
  const rows: [string, string][] = [
    ['Report', report],
    ['Period', `${period} (${run.timezone})`],
    ['Format', REPORT_FORMAT_NAMES[run.format as ReportFormat] ?? run.format],
    [
      'File',
      attach
        ? `${fileName} (${size}), attached`
        : `${fileName} (${size}), too large to attach: download it until ${formatClientTime(expires, run.timezone)}`,
    ],
  ];
  const link = attach
    ? { href: `${opts.baseUrl}/#/portal/reports/scheduled`, label: 'Your scheduled reports' }
    : { href: reportFileUrl(opts.baseUrl, token), label: 'Download the report' };
  const { text, html } = render(title, rows, link);
  return {
    subject: title,
    text,
    html,
    sms: title.slice(0, 160),
    attachments: attach ? [{ filename: fileName, path: file }] : [],
  };
}

/**
 * Records a run whose every mail has an outcome: delivered, or failed naming the addresses that
 * were given up and why. A run already finished is left as it is.
 */
export async function finishReportRun(
  db: Kysely<Database>,
  runId: number,
  clientId: number,
  givenUp: { recipient: string; error: string | null }[],
): Promise<void> {
  const run = await db
    .selectFrom('report_runs')
    .select('delivery')
    .where('id', '=', runId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!run) return;
  const delivered = run.delivery === 'attachment' ? 'attached' : 'download link';
  const detail = givenUp.length
    ? `not delivered to ${givenUp.map((g) => g.recipient).join(', ')}: ${givenUp[0].error ?? 'the mail server refused it'}`
    : delivered;
  await db
    .updateTable('report_runs')
    .set({ status: givenUp.length ? 'failed' : 'delivered', finished: now(), detail })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}
