// Every page of the shell at 1440 px and at 390 px: it shows its heading, raises no script error
// and, on a phone, never scrolls sideways. Screenshots land in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext, VIEWPORTS } from './support/browser';
import { DEMO_USERS, logIn, screenshot } from './support/portal';
import { expectNoSidewaysScroll, watchErrors } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal({}, ['--host-resolver-rules=MAP *.test 127.0.0.1']));
});
afterAll(() => closePortal(server, browser));

const PUBLIC_PAGES: [string, string][] = [
  ['login', 'Log in'],
  ['forgot_password', 'Forgot your password?'],
  ['sign_up', 'Create an account'],
  ['forgot_reset/some-ticket', 'Choose a new password'],
  ['new_account/some-ticket', 'Welcome! Choose your password'],
  ['known_login/not-a-token', 'This link cannot log you in'],
  ['iframe_error', 'The portal cannot be opened here'],
];

const SHELL_PAGES: [string, string][] = [
  ['dashboard', 'Dashboard'],
  ['portal/user_settings', 'User Settings'],
  ['portal/password', 'Change Password'],
  ['portal/user/index', 'Users'],
  ['portal/user/edit_user_units', 'My Units'],
  ['portal/user/edit_user_tokens', 'Active Sessions'],
  ['portal/user/edit_user_connection_logs', 'Connection Logs'],
  ['portal/user/edit_user_change_logs', 'Change Logs'],
  ['portal/reports/scheduled', 'Scheduled Reports'],
  ['404', 'Page not found'],
];

type Size = keyof typeof VIEWPORTS;

async function checkPage(page: Page, size: Size, name: string, heading: string, errors: string[]) {
  await page.getByText(heading, { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await screenshot(page, `${size}-${name.replace(/\//g, '_')}`);
  await expectNoSidewaysScroll(page, `${name} at ${VIEWPORTS[size].width} px`);
  expect(errors, `${name}: script errors`).toEqual([]);
}

describe.each(Object.keys(VIEWPORTS) as Size[])('pages at %s size', (size) => {
  it('public pages', async () => {
    const context = await localContext(browser, server, { viewport: VIEWPORTS[size] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(`${server.url}/#/${path}`);
      await checkPage(page, size, path.split('/')[0], heading, errors);
    }
    await context.close();
  });

  it('shell pages of a Full user', async () => {
    const context = await localContext(browser, server, { viewport: VIEWPORTS[size] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await logIn(page, server.url, DEMO_USERS.full);
    for (const [path, heading] of SHELL_PAGES) {
      await page.goto(`${server.url}/#/${path}`);
      await checkPage(page, size, path, heading, errors);
    }
    // Another user's units, reached from the user list.
    await page.goto(`${server.url}/#/portal/user/index`);
    await page.getByRole('row').filter({ hasText: 'lite' }).getByRole('link').click();
    await checkPage(page, size, 'user_edit_units', 'User Units', errors);
    // The shell's pop-ups.
    if (size === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForTimeout(400);
      await screenshot(page, `${size}-menu-open`);
      // The mask shows beside the open menu; tapping it closes the menu.
      await page.locator('.sider-mask').click({ position: { x: 340, y: 400 } });
      await page.locator('[data-testid="side-menu"][data-state="closed"]').waitFor();
    }
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, `${size}-user-menu`);
    await context.close();
  });

  it('the branded theme, chosen by host name', async () => {
    const context = await localContext(browser, server, { viewport: VIEWPORTS[size] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const url = `http://sentinel.test:${server.port}`;
    await page.goto(`${url}/#/login`);
    await checkPage(page, size, 'sentinel-login', 'Log in', errors);
    expect(await page.title()).toBe('Log In - Sentinel Tracking');
    expect(await page.getByRole('link', { name: 'Terms & Conditions' }).count()).toBeGreaterThan(0);
    // The theme asks for SameSite=None, which needs https; over http the login still holds.
    await logIn(page, url, DEMO_USERS.lite);
    await page.goto(`${url}/#/portal/user_settings`);
    await checkPage(page, size, 'sentinel-user_settings', 'User Settings', errors);
    await context.close();
  });
});
