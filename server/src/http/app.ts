// The Fastify app: /api/* routes, the static web app, security headers, one error path.
import fs from 'node:fs';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MAX_BATCH_REQUESTS, RESULT, type CallRequest } from '@fleet/common';
import type { Services } from '../services';
import { authRoutes, requestMeta } from '../auth/routes';
import { bearerToken, resolveSession } from '../auth/sessions';
import { runBatch } from '../tasks/dispatch';
import { themeForHost } from '../themes';
import { version } from '../version';
import { now } from '../clock';
import { iso } from '../tasks/paging';

export interface AppOptions {
  logger?: boolean | { level: string };
  /** Extra plugins (the live socket, device HTTP routes) registered by main.ts. */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
}

export async function buildApp(
  services: Services,
  opts: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });

  // One error path: a clear message, never a stack trace.
  app.setErrorHandler((err: any, req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ result: RESULT.REFUSED, message: 'The request is too large' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ result: RESULT.REFUSED, message: 'Send the request as JSON' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err instanceof SyntaxError || /JSON/i.test(err.message)
          ? 'The request body is not valid JSON'
          : 'The request is not valid';
      return reply.status(err.statusCode).send({ result: RESULT.REFUSED, message });
    }
    req.log.error({ err, reqId: req.id }, 'request failed');
    return reply
      .status(500)
      .send({ result: RESULT.REFUSED, message: 'Server error', error: req.id });
  });

  const ready = { value: false };
  app.get('/api/health', async (_req, reply) => {
    if (!ready.value) return reply.status(503).send({ status: 'starting', version });
    // The server's time, so operators and browser tests see the clock it runs on (CLOCK_START).
    const body: Record<string, unknown> = { status: 'ok', version, time: iso(now()) };
    const history = services.simulatorHistory?.();
    if (history)
      body.simulator = {
        history: {
          from: iso(history.from),
          until: iso(history.until),
          positions: history.positions,
          done: history.done,
        },
      };
    return body;
  });
  app.addHook('onReady', async () => {
    ready.value = true;
  });

  const theme = async (req: { headers: { host?: string } }) => ({
    result: RESULT.OK,
    theme: themeForHost(req.headers.host, services.config.mapTiles),
  });
  app.get('/api/theme', theme);
  app.post('/api/theme', theme);

  await authRoutes(app, services);

  app.post('/api/call', async (req) => {
    const body = req.body as { requests?: unknown } | null;
    const user = await resolveSession(
      services.db.db,
      bearerToken(req.headers.authorization),
      services.config.sessionTtlMs,
    );
    if (!user) return { result: RESULT.NO_SESSION, message: 'You have been logged out' };
    if (!body || typeof body !== 'object' || !Array.isArray(body.requests)) {
      return {
        result: RESULT.REFUSED,
        message: 'requests must be a list of {task, ref, parameters}',
      };
    }
    if (body.requests.length > MAX_BATCH_REQUESTS) {
      return { result: RESULT.REFUSED, message: `At most ${MAX_BATCH_REQUESTS} requests per call` };
    }
    const requests = body.requests.map((r) =>
      r && typeof r === 'object' ? r : { task: undefined },
    ) as CallRequest[];
    const responses = await runBatch(services, user, requestMeta(req), requests, req.log);
    return { result: RESULT.OK, responses };
  });

  for (const plugin of opts.plugins ?? []) await plugin(app);

  // Unknown /api paths answer JSON, not the web app.
  app.all('/api/*', async (_req, reply) =>
    reply.status(404).send({ result: RESULT.REFUSED, message: 'Unknown API call' }),
  );

  if (fs.existsSync(services.config.webDist)) {
    await app.register(fastifyStatic, { root: services.config.webDist, index: ['index.html'] });
  } else {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build`.'),
    );
  }
  return app;
}
