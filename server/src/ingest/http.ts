// OsmAnd HTTP gateway: decodes a request, refuses unknown ids, answers 200 only once stored.
import http from 'node:http';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { decodeOsmand } from './protocols/osmand';
import { now } from '../clock';

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

function reply(res: http.ServerResponse, status: number, text: string): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

export async function startOsmandServer(opts: OsmandServerOptions): Promise<OsmandServer> {
  const { sink, log } = opts;
  const maxBody = opts.maxBody ?? 1024 * 1024;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const remoteAddress = req.socket.remoteAddress ?? '';
    const decoded = decodeOsmand(
      {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        contentType: req.headers['content-type'],
        body,
      },
      now(),
    );
    if (!decoded.ok) {
      log.debug({ protocol: 'osmand', remoteAddress, error: decoded.error }, 'osmand: bad request');
      return reply(res, 400, decoded.error);
    }
    try {
      for (const id of new Set(decoded.records.map((r) => r.deviceId))) {
        if (!(await sink.identify('osmand', id, remoteAddress))) {
          log.info(
            { protocol: 'osmand', deviceId: id, remoteAddress },
            'osmand: unknown device refused',
          );
          return reply(res, 403, 'unknown device');
        }
      }
    } catch (err) {
      log.error({ protocol: 'osmand', err }, 'osmand: identify failed');
      return reply(res, 503, 'try again later');
    }
    try {
      await sink.submit(decoded.records);
    } catch (err) {
      // Not stored: the app keeps the fix and sends it again.
      log.warn({ protocol: 'osmand', err }, 'osmand: not stored');
      return reply(res, 503, 'try again later');
    }
    reply(res, 200, 'OK');
  }

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      req.resume();
      return reply(res, 405, 'method not allowed');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        if (!tooLarge) reply(res, 413, 'body too large');
        tooLarge = true;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return;
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err) => {
        log.error({ protocol: 'osmand', err }, 'osmand: request failed');
        reply(res, 500, 'internal error');
      });
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = Math.min(opts.idleTimeoutMs, 65_000);
  server.headersTimeout = 30_000;
  server.requestTimeout = 60_000;
  server.setTimeout(opts.idleTimeoutMs, (socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: opts.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ protocol: 'osmand', err }, 'osmand: server error'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
