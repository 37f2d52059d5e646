// The OsmAnd gateway's request schema and protocol answers: bounded query strings, forms on any
// path, and a plain-text refusal (never a crash or a JSON envelope) for whatever a device sends.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startOsmandServer, type OsmandServer } from '../../../src/ingest/http';
import { silentLog } from '../../../src/ingest/log';
import { FakeSink } from './fakes';

let server: OsmandServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(sink: FakeSink, maxBody?: number) {
  server = await startOsmandServer({
    port: 0,
    host: '127.0.0.1',
    idleTimeoutMs: 10_000,
    sink,
    log: silentLog,
    maxBody,
  });
  return `http://127.0.0.1:${server.port}`;
}

describe('OsmAnd gateway requests', () => {
  it('takes a form POST on any path, as trackers configured with a path send it', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    const res = await fetch(`${base}/gps/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=f1&lat=-33.9&lon=18.4&timestamp=1763726400',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('OK');
    expect(sink.records[0]).toMatchObject({ deviceId: 'f1', lat: -33.9 });
  });

  it('refuses an oversized query field with 400 in plain text before decoding', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    const res = await fetch(`${base}/?id=p1&lat=1&lon=1&note=${'x'.repeat(3000)}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/note/);
    expect(sink.identified).toHaveLength(0);
  });

  it('answers 405 with Allow to HEAD and DELETE, and 413 to a body over the limit', async () => {
    const sink = new FakeSink();
    const base = await start(sink, 1000);
    for (const method of ['HEAD', 'DELETE']) {
      const res = await fetch(`${base}/?id=p1&lat=1&lon=1`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, POST');
    }
    const big = await fetch(base, { method: 'POST', body: `id=p1&x=${'y'.repeat(2000)}` });
    expect(big.status).toBe(413);
    expect(sink.records).toHaveLength(0);
  });

  it('survives a malformed request line and keeps serving', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/?id=p1&lat=1&lon=1&bad=%E0%A4%A`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBeLessThan(500);
    expect((await fetch(`${base}/?id=p1&lat=1&lon=1`)).status).toBe(200);
  });
});
