// The Fastify app: one plugin per area (security headers, health and theme, session calls,
// /api/call, the live socket, share links), one error path, then the static web app.
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { webApp } from './static';
import { RESULT } from '@fleet/common';
import type { Config } from '../config';
import type { Services } from '../services';
import { authRoutes } from '../auth/routes';
import { securityHeaders } from './security';
import { portalErrorHandler } from './errors';
import { healthRoutes } from './health';
import { callRoutes } from './call';
import { reportRoutes } from './report';
import { reportFileRoutes } from './report-files';
import { zodValidatorCompiler } from './zod';

export interface AppOptions {
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Extra plugins (the live socket, share links) registered by server.ts. */
  plugins?: FastifyPluginAsync[];
}

/**
 * The Fastify instance and its logger, before any route: the process logs through it from the
 * start (database included), and every log line of a request carries the request's id.
 */
export function createFastify(config: Config, opts: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    // Off unless configured: otherwise any client could name its own address in X-Forwarded-For
    // (login limits, connection log).
    trustProxy: config.trustProxy,
    // Ids are made here, never taken from a client's header, so a quoted id finds one request.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(portalErrorHandler);
  return app;
}

// Unknown /api paths answer JSON, not the web app.
async function unknownApi(app: FastifyInstance) {
  app.all('/api/*', async (_req, reply) =>
    reply.status(404).send({ result: RESULT.REFUSED, message: 'Unknown API call' }),
  );
}

/** Registers the portal's plugins and the web app on an instance made by createFastify. */
export async function registerPortal(
  app: FastifyInstance,
  services: Services,
  opts: AppOptions = {},
): Promise<FastifyInstance> {
  await app.register(securityHeaders, { config: services.config });
  await app.register(healthRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(callRoutes, { services });
  await app.register(reportRoutes, { services });
  await app.register(reportFileRoutes, { services });
  for (const plugin of opts.plugins ?? []) await app.register(plugin);
  await app.register(unknownApi);

  await app.register(webApp, { webDist: services.config.webDist });
  return app;
}
