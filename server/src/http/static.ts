// The built web app (web/dist, WEB_DIST). The build writes a Brotli and a gzip copy of every text
// file (web/vite-delivery.ts); a browser that takes one gets it as it is, nothing is compressed
// per request. Files under assets/ carry a hash of their content in their name, so they are
// cached for a year; index.html and the rest are checked with the server on every use, so a new
// release shows at the next load.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file of the build, by its path inside it (a .br or .gz copy counts as the file). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(path.sep)[0] === 'assets' ? IMMUTABLE : REVALIDATE;
}

export const webApp: FastifyPluginAsync<{ webDist: string }> = async (app, { webDist }) => {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    preCompressed: true,
    // The build's stamp (.fingerprint) and other dotfiles are not part of the app.
    dotfiles: 'ignore',
    // Set per file below instead of send's `public, max-age=0` for everything.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(path.relative(webDist, filePath)));
      // Shared caches keep the Brotli, gzip and plain answers apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
};
