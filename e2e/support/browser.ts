// Debian's Chromium driven by playwright-core (never a downloaded browser). Playwright gives each
// launch a fresh temporary profile.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

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

/** A context that fails the test on any request leaving the machine (no CDN, no tile server). */
export async function localContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...options });
  await context.route(
    /^(?!https?:\/\/(localhost|127\.0\.0\.1|[^/]*\.test)(:\d+)?\/)(https?|wss?):/,
    (route) => route.abort('blockedbyclient'),
  );
  return context;
}
