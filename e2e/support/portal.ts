// Steps through the portal as a user would, shared by the e2e suites.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';
import { expectAccessible, noteUser } from './axe';

export const DEMO_USERS = {
  full: { username: 'demo', password: 'demo' },
  lite: { username: 'lite', password: 'lite' },
  recovery: { username: 'recovery', password: 'recovery' },
  support: { username: 'support', password: 'support' },
  other: { username: 'other', password: 'other' },
} as const;

/** The hash path of the page, e.g. '/login?redirect=%2Fdashboard'. */
export function hashPath(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** Waits until the hash path passes `test`; returns it. */
export async function waitForHashPath(
  page: Page,
  test: (path: string) => boolean,
  timeout = 15000,
): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    // Read from the page itself: page.url() can lag behind a history.replaceState.
    const current = (await page.evaluate(() => location.hash)).replace(/^#/, '');
    if (test(current)) return current;
    if (Date.now() > deadline) throw new Error(`still at #${current} after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

export async function logIn(
  page: Page,
  baseUrl: string,
  user: { username: string; password: string },
  hash = '/login',
  { keepNoticePopup = false } = {},
) {
  if (!hashPath(page).startsWith('/login')) await page.goto(`${baseUrl}/#${hash}`);
  // The login page is left by a click, never a goto: check it here.
  await page.getByLabel('Username').waitFor();
  await expectAccessible(page);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  const notices = page
    .waitForResponse(
      (r) =>
        r.url().endsWith('/api/call') && (r.request().postData() ?? '').includes('get_notices'),
      { timeout: 10_000 },
    )
    .catch(() => null);
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForHashPath(page, (p) => !p.startsWith('/login'));
  noteUser(page.context(), user.username);
  await page.locator('.portal-header').waitFor();
  // The landing page is there once it has its heading (every page has one h1).
  await page.locator('h1').first().waitFor();
  if (!keepNoticePopup && (await notices)) await markPriorityNoticeRead(page);
}

/**
 * The demo's priority notice pops up for every user until it is marked read (SPEC §2); a suite
 * about something else marks it read once, as a user would, so it never covers their pages.
 */
export async function markPriorityNoticeRead(page: Page) {
  const popup = page.getByRole('dialog').filter({
    has: page.getByRole('button', { name: 'Mark as read' }),
  });
  try {
    await popup.waitFor({ timeout: 2000 });
  } catch {
    return; // None for this user, or already read.
  }
  await popup.getByRole('button', { name: 'Mark as read' }).click();
  await popup.waitFor({ state: 'hidden' });
}

/** Visible labels of the side menu's top-level entries and open sections. */
export async function menuLabels(page: Page): Promise<string[]> {
  const labels = await page.locator('.side-menu .ant-menu-title-content').allInnerTexts();
  return labels.map((l) => l.trim()).filter(Boolean);
}

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');

/**
 * A screenshot of the page as it is, checked by axe first: what a test looks at is settled.
 * `axe: false` leaves the check to the test (axe waits on the page's timers, which do not run
 * while a test holds the page's clock, see pauseSoon).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, axe = true } = {},
): Promise<string> {
  if (axe) await expectAccessible(page, name);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
