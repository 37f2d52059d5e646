// /api/report (SPEC §7, API.md §4): one get_report request whose parameters name the report and
// its format; the answer is the file's bytes with its type and name. Bad parameters, an unknown
// report or a refusal of its task answer HTTP 400 with the JSON envelope, a fault HTTP 500; no
// valid session answers result 2, as /api/call does.
//
// Catalogue reports (issue 14) are built by reports/run.ts and streamed as they are drawn: the
// status and headers go out once the figures are read, and a fault while drawing cuts the
// connection, so a partial file never arrives looking whole. The user cancelling (the request
// closing) aborts the build. The account files (statement, contract) are made whole first.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESULT, reportById, type CallRequest, type ReportFormat } from '@fleet/common';
import type { Services } from '../services';
import { requestMeta } from '../auth/routes';
import { bearerToken, resolveSession, type SessionUser } from '../auth/sessions';
import { runBatch } from '../tasks/dispatch';
import { TaskContext } from '../tasks/context';
import { TaskError } from '../tasks/errors';
import { reportBrand } from '../tasks/reports';
import { clock } from '../clock';
import { REPORTS } from '../reports/catalogue';
import { buildReport } from '../reports/run';
import { progressReporter } from '../reports/progress';
import { renderReport } from '../reports/render';
import { reportBody } from './call';
import type { ZodTypeProvider } from './zod';

const FORMATS: readonly ReportFormat[] = ['pdf', 'csv', 'html'];
const FORMAT_WORDS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV', html: 'Website' };
const DEFAULT_ZONE = 'Africa/Johannesburg';

/** `attachment; filename="..."` with the name kept to characters every browser reads the same. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

export async function reportRoutes(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const users = new WeakMap<FastifyRequest, SessionUser>();

  /** A catalogue report: built for the caller, then streamed in the asked format. */
  async function catalogueReport(
    req: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    parameters: Record<string, unknown>,
    format: ReportFormat,
    staging: boolean,
  ) {
    const ctx = new TaskContext(services.db.db, user, services, requestMeta(req));
    const cancel = new AbortController();
    // The user cancelled or went away: stop reading.
    const onClose = () => {
      if (!reply.raw.writableFinished) cancel.abort(new Error('The report was cancelled'));
    };
    reply.raw.once('close', onClose);
    const progress = progressReporter(
      user.nid,
      typeof parameters.progress_id === 'string' ? parameters.progress_id : undefined,
    );
    try {
      const doc = await buildReport(ctx, parameters, {
        rowCap: null,
        signal: cancel.signal,
        progress: (done, stage) => progress.report(done * 0.8, stage),
        brand: reportBrand(ctx),
        staging,
      });
      progress.report(0.8, `Drawing the ${FORMAT_WORDS[format]}`);
      const file = renderReport(doc, format);
      file.stream.on('end', () => progress.finish());
      file.stream.on('error', (err) => {
        progress.finish('Failed');
        req.log.error({ err, report: doc.report }, 'report failed while it was drawn');
      });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', disposition(file.filename))
        .header('Cache-Control', 'no-store')
        .header('X-Report-Server', staging ? 'staging' : 'live')
        .send(file.stream);
    } catch (err) {
      progress.finish('Failed');
      if (err instanceof TaskError)
        return reply.status(400).send({ result: err.result, message: err.message });
      if (cancel.signal.aborted) return reply.status(400).send({ result: 1, message: 'Cancelled' });
      req.log.error({ err, report: parameters.report }, 'report failed');
      return reply
        .status(500)
        .send({ result: RESULT.REFUSED, message: 'Server error', error: req.id });
    }
  }

  app.post(
    '/api/report',
    {
      schema: { body: reportBody },
      preValidation: async (req, reply) => {
        const user = await resolveSession(
          services.db.db,
          bearerToken(req.headers.authorization),
          services.config.sessionTtlMs,
        );
        if (!user)
          return reply.send({ result: RESULT.NO_SESSION, message: 'You have been logged out' });
        users.set(req, user);
      },
    },
    async (req, reply) => {
      const refuse = (message: string, result: number = RESULT.REFUSED) =>
        reply.status(400).send({ result, message });
      const user = users.get(req)!;
      const [request, ...more] = req.body.requests as Partial<CallRequest>[];
      if (!request || more.length || request.task !== 'get_report')
        return refuse('A report request is one get_report task');
      const raw = request.parameters ?? {};
      if (typeof raw !== 'object' || Array.isArray(raw))
        return refuse('parameters must be an object');
      const { report, format, ...parameters } = raw as Record<string, unknown>;
      // SPEC §7: the web client adds a staging flag when its theme's report server is staging.
      const staging = req.body.staging === true;

      const catalogued = typeof report === 'string' ? reportById(report) : undefined;
      if (catalogued) {
        const wanted = (format ?? catalogued.formats[0]) as ReportFormat;
        if (!FORMATS.includes(wanted) || !catalogued.formats.includes(wanted))
          return refuse(
            `format: this report comes as ${catalogued.formats.map((f) => FORMAT_WORDS[f]).join(' or ')}`,
          );
        return catalogueReport(req, reply, user, { report, ...parameters }, wanted, staging);
      }

      const def = typeof report === 'string' ? REPORTS[report] : undefined;
      if (!def)
        return refuse(
          typeof report === 'string' && report
            ? `report: "${report.slice(0, 40)}" is not a report`
            : 'report: required',
        );
      const wanted = (format ?? def.formats[0]) as ReportFormat;
      if (!FORMATS.includes(wanted) || !def.formats.includes(wanted))
        return refuse(`format: this report comes as ${def.formats.join(' or ')}`);
      const [data, settings] = await runBatch(
        services,
        user,
        requestMeta(req),
        [
          { task: def.task, ref: 'data', parameters },
          { task: 'get_user_settings', ref: 'settings', parameters: {} },
        ],
        req.log,
      );
      if (data.result !== RESULT.OK) return refuse(data.message ?? 'Refused', data.result);
      const zone =
        (settings.data as { settings?: { timezone?: string } } | undefined)?.settings?.timezone ||
        DEFAULT_ZONE;
      const file = await def.render(data.data as never, wanted, {
        zone,
        now: new Date(clock().now()).toISOString(),
      });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
