// Security headers on every answer, and a server error's id that support can find in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer, type Running } from '../../src/server';
import { createFastify } from '../../src/http/app';
import { securityHeaders } from '../../src/http/security';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase;
let running: Running;
const logLines: string[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: tdb.dataDir,
    ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
    DEMO: '1',
    SIM_UNITS: '0',
    OSMAND_PORT: '0',
    TELTONIKA_PORT: '0',
    GT06_PORT: '0',
    H02_PORT: '0',
    MEITRACK_PORT: '0',
    QUECLINK_PORT: '0',
    MAP_TILES: 'online',
    LOG_LEVEL: 'error',
  });
  running = await startServer(config, {
    listen: false,
    logger: { stream: { write: (line) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await running.close();
  await tdb.drop();
});

/** The CSP as a map of directive → sources. */
function policy(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('the page and the API carry a CSP that MapLibre and the live socket work under', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await running.app.inject({
        method: 'GET',
        url,
        headers: { host: 'portal.test:8080' },
      });
      const csp = policy(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      // No inline scripts, no eval.
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['worker-src']).toContain('blob:');
      expect(csp['child-src']).toContain('blob:');
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp['font-src']).toEqual(["'self'", 'data:']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(
        expect.arrayContaining(["'self'", 'ws://portal.test:8080', 'wss://portal.test:8080']),
      );
      // The themes' tile servers, for the tiles (img) and MapLibre's fetches (connect).
      for (const host of ['https://tile.openstreetmap.org', 'https://server.arcgisonline.com']) {
        expect(csp['img-src']).toContain(host);
        expect(csp['connect-src']).toContain(host);
      }
      // Share links and the iframe mode may be embedded by other sites (FRAME_ANCESTORS narrows).
      expect(csp['frame-ancestors']).toEqual(['*']);
    }
  });

  it('sends the other helmet headers, and no HSTS over plain http', async () => {
    const res = await running.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Ignored on plain http, where Chromium logs an error for it.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('adds HSTS and the opener policy when the portal is served over https', async () => {
    const config = { ...running.services.config, publicUrl: 'https://portal.example' };
    const app = createFastify(config);
    await app.register(securityHeaders, { config });
    app.get('/', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    await app.close();
  });

  it('a Host header that is not a host name adds nothing to the policy', async () => {
    const res = await running.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: "evil.test; script-src 'unsafe-inline'" },
    });
    const csp = policy(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src'].some((s) => s.includes('evil'))).toBe(false);
  });
});

describe('request ids', () => {
  it("a server error's envelope quotes the request id, which the response header and log line carry", async () => {
    const limits = running.services.limits.username;
    const original = limits.retryAfter;
    limits.retryAfter = async () => {
      throw new Error('the disk is on fire');
    };
    try {
      const res = await running.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'demo', password: 'demo' },
      });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ result: 1, message: 'Server error', error: expect.any(String) });
      expect(res.body).not.toMatch(/disk is on fire|at .*\.ts/);
      expect(res.headers['x-request-id']).toBe(body.error);
      const line = logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === body.error);
      expect(line).toMatchObject({ level: 50, msg: 'request failed' });
      expect(line.err.message).toBe('the disk is on fire');
    } finally {
      limits.retryAfter = original;
    }
  });

  it('ids are made by the server, not taken from the client', async () => {
    const a = await running.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged', 'request-id': 'forged' },
    });
    const b = await running.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
