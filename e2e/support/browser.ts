// Debian's Chromium driven by playwright-core (never a downloaded browser). Playwright gives each
// launch a fresh temporary profile.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { SCENE_ZONE } from './scene';
import { watchAccessibility } from './axe';
import { watchContentSecurityPolicy } from './csp';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
}

/**
 * A context on the server's scene: its clock starts at the server's time and runs with it, in the
 * demo fleet's zone unless told otherwise; and any request leaving the machine (a CDN, a tile
 * server) fails the test; and every screen its pages reach is checked by axe (support/axe.ts), and
 * any Content Security Policy violation fails the test (support/csp.ts).
 */
export async function localContext(
  browser: Browser,
  server: { now: () => Promise<number> },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    timezoneId: SCENE_ZONE,
    ...options,
  });
  await context.clock.install({ time: await server.now() });
  await context.route(
    /^(?!https?:\/\/(localhost|127\.0\.0\.1|[^/]*\.test)(:\d+)?\/)(https?|wss?):/,
    (route) => route.abort('blockedbyclient'),
  );
  watchAccessibility(context);
  await watchContentSecurityPolicy(context);
  return context;
}

/**
 * Stops the page's clock (installed by localContext) a moment from now: from then on its timers
 * fire only as the test moves time on (page.clock.runFor), so that what a test times does not
 * depend on how busy the machine is. The moment is far enough ahead not to have passed by the
 * time the browser hears of it.
 */
export async function pauseSoon(page: Page): Promise<void> {
  for (let ahead = 500; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (err) {
      if (ahead >= 8000) throw err;
    }
  }
}
