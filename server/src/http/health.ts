// /api/health (for load balancers, operators and the browser tests) and /api/theme (API.md §2).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RESULT } from '@fleet/common';
import type { Services } from '../services';
import { themeForHost } from '../themes';
import { version } from '../version';
import { now } from '../clock';
import { iso } from '../domain/iso';
import { jsonBody, type ZodTypeProvider } from './zod';

// Monitors add cache-busting parameters; they are allowed and ignored.
const noQuery = z.object({});

export async function healthRoutes(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  let ready = false;
  app.addHook('onReady', async () => {
    ready = true;
  });

  app.get('/api/health', { schema: { querystring: noQuery } }, async (_req, reply) => {
    if (!ready) return reply.status(503).send({ status: 'starting', version });
    // The server's time, so operators and browser tests see the clock it runs on (CLOCK_START).
    const body: Record<string, unknown> = { status: 'ok', version, time: iso(now()) };
    const gateways = services.gatewayStats?.();
    if (gateways && Object.keys(gateways).length) body.gateways = gateways;
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

  const theme = async (req: { headers: { host?: string } }) => ({
    result: RESULT.OK,
    theme: themeForHost(req.headers.host, services.config.mapTiles),
  });
  app.get('/api/theme', { schema: { querystring: noQuery } }, theme);
  app.post('/api/theme', { schema: { body: jsonBody({}) } }, theme);
}
