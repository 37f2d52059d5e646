// /api/report (SPEC §7, API.md §4): one get_report request whose parameters name the report and
// its format; the answer is the file's bytes with its type and name. Bad parameters, an unknown
// report or a refusal of its task answer HTTP 400 with the JSON envelope, a fault HTTP 500; no
// valid session answers result 2, as /api/call does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESULT, type CallRequest } from '@fleet/common';
import type { Services } from '../services';
import { requestMeta } from '../auth/routes';
import { bearerToken, resolveSession, type SessionUser } from '../auth/sessions';
import { runBatch } from '../tasks/dispatch';
import { clock } from '../clock';
import { REPORTS, type ReportFormat } from '../reports/catalogue';
import { callBody } from './call';
import type { ZodTypeProvider } from './zod';

const FORMATS: readonly ReportFormat[] = ['pdf', 'csv', 'html'];
const DEFAULT_ZONE = 'Africa/Johannesburg';

export async function reportRoutes(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const users = new WeakMap<FastifyRequest, SessionUser>();

  app.post(
    '/api/report',
    {
      schema: { body: callBody },
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
      const { report, format, ...parameters } = (request.parameters ?? {}) as Record<
        string,
        unknown
      >;
      const def = typeof report === 'string' ? REPORTS[report] : undefined;
      if (!def) return refuse(`report: must be one of ${Object.keys(REPORTS).join(', ')}`);
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
