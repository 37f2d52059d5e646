// How the web app reaches a browser, from the server as `npm start` runs it (bundled, plain node):
// the login page downloads at most 260 KB of JavaScript as sent (Brotli), content-hashed files are
// cached for a year and index.html is checked with the server on every load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext } from './support/browser';

/** The login route's JavaScript budget, as sent; web/vite.config.ts prints the same sum. */
const LOGIN_BUDGET = 260 * 1024;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal({ compiled: true }));
});
afterAll(() => closePortal(server, browser));

interface Sent {
  url: string;
  bytes: number;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

describe('delivery of the web app', () => {
  it('the login page loads at most 260 KB of JavaScript, Brotli-compressed and cached', async () => {
    const context = await localContext(browser, server);
    const page = await context.newPage();
    const scripts: Promise<Sent>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.allHeaders().then((headers) => ({
          url: new URL(response.url()).pathname,
          bytes: Number(headers['content-length']),
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
        })),
      );
    });
    await page.goto(`${server.url}/#/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const sent = await Promise.all(scripts);

    expect(sent.length).toBeGreaterThan(1);
    expect(sent.filter((s) => s.encoding === 'br').length).toBeGreaterThan(sent.length / 2);
    for (const script of sent) {
      expect(script.url, 'scripts come from the hashed assets').toMatch(
        /^\/assets\/.+-[\w-]{8}\.js$/,
      );
      // The build leaves out a compressed copy that would not be smaller (a few tiny chunks).
      if (script.bytes > 1024)
        expect(script.encoding, `${script.url} is sent compressed`).toBe('br');
      expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
      expect(script.bytes, `${script.url} has a length`).toBeGreaterThan(0);
    }
    const total = sent.reduce((sum, s) => sum + s.bytes, 0);
    const list = sent
      .sort((a, b) => b.bytes - a.bytes)
      .map((s) => `${s.url} ${(s.bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(
      total,
      `the login route sends ${(total / 1024).toFixed(1)} KB of JavaScript: ${list}`,
    ).toBeLessThanOrEqual(LOGIN_BUDGET);
    await context.close();
  });

  it('index.html is compressed and checked on every load; an unknown API path is JSON', async () => {
    const page = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // A browser without Brotli gets gzip.
    const gzip = await fetch(`${server.url}/index.html`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('cache-control')).toBe('no-cache');

    const api = await fetch(`${server.url}/api/no_such_call`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ message: 'Unknown API call' });
  });
});
