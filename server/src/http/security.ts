// Security headers on every answer (helmet), with a Content Security Policy the web app and
// MapLibre work under, and the request id that support can look up in the log.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import { themeForHost } from '../themes';

/** The origins of the map tile sources the themes offer (none with MAP_TILES=offline). */
export function tileOrigins(mapTiles: Config['mapTiles']): string[] {
  // Every theme offers the same sources; the default theme lists them.
  const urls = themeForHost(undefined, mapTiles).map_sources.flatMap((s) => s.tiles);
  return [...new Set(urls.map((u) => new URL(u.replace(/[{}]/g, '')).origin))];
}

// A Host header as browsers send it: name or [IPv6], optional port.
const HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/** The live socket on the page's own host (older Safari does not count ws: as 'self'). */
function liveSocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

export function contentSecurityPolicy(config: Config) {
  const tiles = tileOrigins(config.mapTiles);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // Only the built bundles: index.html has no inline script.
      scriptSrc: ["'self'"],
      // antd (CSS-in-JS) and MapLibre insert <style> elements and style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // MapLibre starts its workers from blob: URLs.
      workerSrc: ["'self'", 'blob:'],
      childSrc: ["'self'", 'blob:'],
      imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
      connectSrc: ["'self'", (req: IncomingMessage) => liveSocketSources(req), ...tiles],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The spec's iframe mode (/known_login/.../{iframe}) and share links are shown inside other
      // sites; FRAME_ANCESTORS narrows who may frame the portal.
      frameAncestors: config.frameAncestors,
    },
  };
}

async function security(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // frame-ancestors decides framing; X-Frame-Options cannot name a list of sites.
    xFrameOptions: false,
    referrerPolicy: { policy: 'same-origin' },
    // Browsers honour these two only over https (COOP on plain http is ignored with a console
    // error), so they are sent only when the portal is served over https.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
    crossOriginOpenerPolicy: https ? { policy: 'same-origin' } : false,
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
}

/** Not encapsulated: the headers apply to every route of the app. */
export const securityHeaders = fp(security, { name: 'security-headers' });
