// /api/call (API.md §3): a batch of tasks for the session's user. The outer shape is checked here;
// each request's parameters are checked by its task's schema in the dispatcher.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CALL_BODY_LIMIT, MAX_BATCH_REQUESTS, RESULT, type CallRequest } from '@fleet/common';
import type { Services } from '../services';
import { requestMeta } from '../auth/routes';
import { bearerToken, resolveSession, type SessionUser } from '../auth/sessions';
import { runBatch } from '../tasks/dispatch';
import { jsonBody, type ZodTypeProvider } from './zod';

const REQUESTS_SHAPE = 'requests must be a list of {task, ref, parameters}';

const requestsField = {
  requests: z
    .array(z.unknown(), { error: REQUESTS_SHAPE })
    .max(MAX_BATCH_REQUESTS, { error: `At most ${MAX_BATCH_REQUESTS} requests per call` }),
};

export const callBody = jsonBody(requestsField);

/** /api/report's body: a call, with the staging flag of SPEC §7. */
export const reportBody = jsonBody({ ...requestsField, staging: z.boolean().optional() });

export async function callRoutes(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const users = new WeakMap<FastifyRequest, SessionUser>();

  app.post(
    '/api/call',
    {
      // A KML import is the one big request (common/constants.ts); the rest keep the 1 MB default.
      bodyLimit: CALL_BODY_LIMIT,
      schema: { body: callBody },
      // The session is checked before the body, so a stale token answers result 2 whatever it sent.
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
    async (req) => {
      const user = users.get(req)!;
      const requests = req.body.requests.map((r) =>
        r && typeof r === 'object' ? r : { task: undefined },
      ) as CallRequest[];
      const responses = await runBatch(services, user, requestMeta(req), requests, req.log);
      return { result: RESULT.OK, responses };
    },
  );
}
