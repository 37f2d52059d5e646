// OsmAnd HTTP gateway: decodes a request, refuses unknown ids, answers 200 only once stored.
// A Fastify app of its own on the gateway port: any path, GET or POST, the body kept as text for
// the decoder; every refusal is a short plain-text answer with the status a device understands.
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { decodeOsmand } from './protocols/osmand';
import { now } from '../clock';
import { zodValidatorCompiler, type ZodTypeProvider } from '../http/zod';

export interface OsmandServerOptions {
  port: number;
  host?: string;
  idleTimeoutMs: number;
  sink: IngestSink;
  log: IngestLog;
  /** Largest request body accepted (a Traccar Client batch stays far below). */
  maxBody?: number;
}

export interface OsmandServer {
  readonly port: number;
  close(): Promise<void>;
}

// Bounds only: the decoder reads the fields themselves (and names what is missing or wrong).
const field = z.string().max(2048);
const querystring = z.record(z.string().max(100), z.union([field, z.array(field).max(50)]));
const body = z.string().nullish();

export async function startOsmandServer(opts: OsmandServerOptions): Promise<OsmandServer> {
  const { sink, log } = opts;
  const app = Fastify({
    logger: false,
    bodyLimit: opts.maxBody ?? 1024 * 1024,
    keepAliveTimeout: Math.min(opts.idleTimeoutMs, 65_000),
    requestTimeout: 60_000,
    connectionTimeout: opts.idleTimeoutMs,
    forceCloseConnections: true,
    // HEAD is not part of the protocol: it gets 405 like any other method.
    exposeHeadRoutes: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = 30_000;
  app.setValidatorCompiler(zodValidatorCompiler);

  // Apps send query strings, forms, JSON or nothing, with or without a content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setNotFoundHandler((_req, reply) =>
    reply.status(405).header('allow', 'GET, POST').type('text/plain').send('method not allowed'),
  );
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const remoteAddress = req.socket.remoteAddress ?? '';
    if (err.code === 'FST_ERR_VALIDATION') {
      log.debug({ protocol: 'osmand', remoteAddress, error: err.message }, 'osmand: bad request');
      return reply.status(400).type('text/plain').send(err.message);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).type('text/plain').send('body too large');
    if (err.statusCode && err.statusCode < 500)
      return reply.status(err.statusCode).type('text/plain').send('bad request');
    log.error({ protocol: 'osmand', err }, 'osmand: request failed');
    return reply.status(500).type('text/plain').send('internal error');
  });

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const remoteAddress = req.socket.remoteAddress ?? '';
    const answer = (status: number, text: string) =>
      reply.status(status).type('text/plain; charset=utf-8').send(text);
    const decoded = decodeOsmand(
      {
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        body: typeof req.body === 'string' ? req.body : '',
      },
      now(),
    );
    if (!decoded.ok) {
      log.debug({ protocol: 'osmand', remoteAddress, error: decoded.error }, 'osmand: bad request');
      return answer(400, decoded.error);
    }
    try {
      for (const id of new Set(decoded.records.map((r) => r.deviceId))) {
        if (!(await sink.identify('osmand', id, remoteAddress))) {
          log.info(
            { protocol: 'osmand', deviceId: id, remoteAddress },
            'osmand: unknown device refused',
          );
          return answer(403, 'unknown device');
        }
      }
    } catch (err) {
      log.error({ protocol: 'osmand', err }, 'osmand: identify failed');
      return answer(503, 'try again later');
    }
    try {
      await sink.submit(decoded.records);
    } catch (err) {
      // Not stored: the app keeps the fix and sends it again.
      log.warn({ protocol: 'osmand', err }, 'osmand: not stored');
      return answer(503, 'try again later');
    }
    return answer(200, 'OK');
  }
  app.get('/*', { schema: { querystring } }, handle);
  app.post('/*', { schema: { querystring, body } }, handle);

  await app.listen({ port: opts.port, host: opts.host ?? '0.0.0.0' });
  app.server.on('error', (err) => log.error({ protocol: 'osmand', err }, 'osmand: server error'));
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => app.close(),
  };
}
