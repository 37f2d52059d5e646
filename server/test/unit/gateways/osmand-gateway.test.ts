// The OsmAnd HTTP gateway: 200 only once stored, refusals and bad requests.
import { afterEach, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import { FakeSink } from './fakes';

let gateways: RunningGateways | null = null;
afterEach(async () => {
  await gateways?.close();
  gateways = null;
});

async function start(sink: FakeSink) {
  gateways = await startGateways(
    {
      osmandPort: 'ephemeral',
      teltonikaPort: 0,
      gt06Port: 0,
      idleTimeoutMs: 10_000,
      host: '127.0.0.1',
    },
    sink,
    silentLog,
  );
  return `http://127.0.0.1:${gateways.ports.osmand}`;
}

describe('OsmAnd gateway', () => {
  it('stores a GET fix and answers 200', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    const res = await fetch(`${base}/?id=p1&lat=-26.2&lon=28.04&speed=10&timestamp=1763726400`);
    expect(res.status).toBe(200);
    expect(sink.records).toHaveLength(1);
    expect(sink.records[0]).toMatchObject({ deviceId: 'p1', protocol: 'osmand', lat: -26.2 });
  });

  it('stores a JSON POST from Traccar Client', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    const body = {
      device_id: 'p2',
      location: {
        timestamp: '2026-11-21T10:00:00Z',
        coords: { latitude: -29.85, longitude: 31.02, speed: 5 },
      },
    };
    const res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(sink.records[0]).toMatchObject({ deviceId: 'p2', speed: 18 });
  });

  it('refuses an unknown id with 403 and stores nothing', async () => {
    const sink = new FakeSink();
    sink.known = new Set(['p1']);
    const base = await start(sink);
    const res = await fetch(`${base}/?id=stranger&lat=1&lon=1`);
    expect(res.status).toBe(403);
    expect(sink.records).toHaveLength(0);
  });

  it('answers 400 to garbage, 405 to other methods and 413 to huge bodies', async () => {
    const sink = new FakeSink();
    const base = await start(sink);
    expect((await fetch(`${base}/?lat=1&lon=1`)).status).toBe(400);
    expect((await fetch(base, { method: 'POST', body: '{"broken' })).status).toBe(400);
    expect((await fetch(base, { method: 'PUT', body: 'x' })).status).toBe(405);
    const huge = await fetch(base, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }).catch(
      () => null,
    );
    if (huge) expect(huge.status).toBe(413);
    expect(sink.records).toHaveLength(0);
  });

  it('answers 503 (not 200) while the sink cannot store, so the app retries', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const base = await start(sink);
    expect((await fetch(`${base}/?id=p1&lat=1&lon=1`)).status).toBe(503);
    sink.failing = false;
    expect((await fetch(`${base}/?id=p1&lat=1&lon=1`)).status).toBe(200);
    expect(sink.records).toHaveLength(1);
  });
});
