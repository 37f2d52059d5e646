// A logged-in page in a fresh browser context, and steps of the live map and the replay, shared by
// the suites.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, localContext, VIEWPORTS } from './browser';
import { startServer, type RunningServer, type StartServerOptions } from './server';
import { watchErrors } from './checks';
import { DEMO_USERS, logIn } from './portal';

/** A test file's server and browser: `({ server, browser } = await openPortal())` in beforeAll. */
export async function openPortal(
  options: StartServerOptions = {},
  browserArgs: string[] = [],
): Promise<{ server: RunningServer; browser: Browser }> {
  const server = await startServer(options);
  try {
    return { server, browser: await launchBrowser(browserArgs) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Closes what openPortal opened, in afterAll (either may be missing if opening failed). */
export async function closePortal(server?: RunningServer, browser?: Browser): Promise<void> {
  await browser?.close();
  await server?.stop();
}

export interface LoggedIn {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far (support/checks.ts). */
  errors: string[];
}

/**
 * Logs `user` in on a new context of `browser` against `server`. `keepMaps` opts in to the pages'
 * test hook: every MapLibre map they create is kept in window.__fleetMaps.
 */
export async function loggedInPage(
  browser: Browser,
  server: { url: string; now: () => Promise<number> },
  user: { username: string; password: string } = DEMO_USERS.full,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  { keepMaps = false, keepNoticePopup = false } = {},
): Promise<LoggedIn> {
  const context = await localContext(browser, server, { viewport });
  if (keepMaps) await context.addInitScript('window.__fleetMaps = [];');
  const page = await context.newPage();
  const errors = watchErrors(page);
  await logIn(page, server.url, user, '/login', { keepNoticePopup });
  return { context, page, errors };
}

/** Opens the live map (or another live path) and waits for its unit list. */
export async function openLiveMap(page: Page, baseUrl: string, path = '/portal/viewrealtime') {
  await page.goto(`${baseUrl}/#${path}`);
  await page.getByRole('listbox', { name: 'Units' }).getByRole('option').first().waitFor();
}

/** The number on one of the live map's status tiles ('all', 'moving', 'parked', 'offline'). */
export const tileCount = async (page: Page, key: string) =>
  Number(await page.getByTestId(`count-${key}`).locator('.status-tile-count').innerText());

/** Where the replay dock's slider stands (its aria-valuenow). */
export const replaySliderValue = (page: Page) =>
  page
    .locator('[data-testid="replay-dock"] .ant-slider-handle')
    .getAttribute('aria-valuenow')
    .then(Number);
