// The web app shell against the real server in Debian's Chromium: login, access rules, the menu by
// role, mobile mode and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext, VIEWPORTS } from './support/browser';
import { DEMO_USERS, hashPath, logIn, menuLabels, waitForHashPath } from './support/portal';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

async function freshPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await localContext(browser, server, { viewport });
  return { context, page: await context.newPage() };
}

describe('login', () => {
  it('shows "Incorrect Username or Password" for a wrong password', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'Incorrect Username or Password',
    );
    expect(hashPath(page)).toBe('/login');
    await context.close();
  });

  it('sends a visitor to login with `redirect` and returns there, query kept, after logging in', async () => {
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/#/portal/user/edit_user_connection_logs?from=mail`);
    const login = await waitForHashPath(page, (p) => p.startsWith('/login'));
    expect(login).toBe('/login?redirect=%2Fportal%2Fuser%2Fedit_user_connection_logs&from=mail');
    await logIn(page, server.url, DEMO_USERS.full);
    expect(hashPath(page)).toBe('/portal/user/edit_user_connection_logs?from=mail');
    await page.getByRole('heading', { name: 'Connection Logs' }).waitFor();
    // The server logged that very login; the page shows it.
    await page.getByRole('cell', { name: 'Logged in' }).first().waitFor();
    expect(await page.title()).toBe('Connection Logs - Fleet Portal');
    await context.close();
  });

  it('sends a logged-in user from /login to the dashboard and unknown paths to /404', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, DEMO_USERS.full);
    await page.goto(`${server.url}/#/login`);
    expect(await waitForHashPath(page, (p) => p === '/dashboard')).toBe('/dashboard');
    await page.goto(`${server.url}/#/portal/no_such_page`);
    expect(await waitForHashPath(page, (p) => p === '/404')).toBe('/404');
    await page.getByText('Page not found').waitFor();
    await context.close();
  });
});

describe('menu by role', () => {
  async function menuFor(user: { username: string; password: string }) {
    const { context, page } = await freshPage();
    await logIn(page, server.url, user);
    const labels = await menuLabels(page);
    return { context, page, labels };
  }

  it('gives a Full user more than a Lite user, and the guard agrees', async () => {
    const full = await menuFor(DEMO_USERS.full);
    expect(full.labels).toEqual(
      expect.arrayContaining(['Dashboard', 'Tracking', 'Reports', 'Routes', 'Users', 'Account']),
    );
    await full.context.close();

    const lite = await menuFor(DEMO_USERS.lite);
    expect(lite.labels).toEqual(expect.arrayContaining(['Dashboard', 'Tracking', 'Reports']));
    for (const fullOnly of ['Routes', 'Users', 'Account'])
      expect(lite.labels).not.toContain(fullOnly);
    // A Lite user typing a Full user's page is refused.
    await lite.page.goto(`${server.url}/#/portal/user/index`);
    expect(await waitForHashPath(lite.page, (p) => p === '/404')).toBe('/404');
    await lite.context.close();
  });

  it('gives recovery and support users their own menus', async () => {
    const recovery = await menuFor(DEMO_USERS.recovery);
    expect(recovery.labels).not.toContain('Reports');
    expect(recovery.labels).toContain('Tracking');
    await recovery.context.close();

    const support = await menuFor(DEMO_USERS.support);
    expect(support.labels).toContain('Recovery');
    expect(support.labels).not.toContain('Tracking');
    await support.context.close();
  });
});

describe('mobile mode at 390 px', () => {
  it('starts with the menu closed and closes it again after navigating', async () => {
    const { context, page } = await freshPage(VIEWPORTS.phone);
    await logIn(page, server.url, DEMO_USERS.full);
    const menu = page.getByTestId('side-menu');
    expect(await menu.getAttribute('data-state')).toBe('closed');
    // Closed from the first paint, not animated shut after it.
    expect((await menu.boundingBox())?.width ?? 0).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await menu.getAttribute('data-state')).toBe('open');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="side-menu"]')!.getBoundingClientRect().width === 210,
    );

    await page.getByRole('navigation', { name: 'Main menu' }).getByText('Labels').click();
    await waitForHashPath(page, (p) => p === '/portal/tag/index');
    await page.waitForFunction(() => document.title.startsWith('Labels'));
    await page.locator('[data-testid="side-menu"][data-state="closed"]').waitFor({ timeout: 5000 });
    // The automatic close is not the user's choice: nothing remembered.
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBeNull();
    await context.close();
  });

  it('remembers a desktop user’s own choice as 0 across visits', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, DEMO_USERS.full);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');
    await page.reload();
    await page.locator('.portal-header').waitFor();
    expect(await page.getByTestId('side-menu').getAttribute('data-state')).toBe('closed');
    await context.close();
  });
});

describe('top bar menus', () => {
  // A CI run on a loaded machine clicked beside Log Out: the browser scrolled the page to bring the
  // item into view, and the menu, placed in the page's coordinates, slid up with the page.
  it('stay under their button when the page scrolls', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, DEMO_USERS.full);
    await page.getByRole('button', { name: 'User menu' }).click();
    const logOut = page.getByRole('menuitem', { name: 'Log Out' });
    await logOut.waitFor();
    // Wait out the opening animation.
    const settled = async () => {
      let last = '';
      for (;;) {
        const box = JSON.stringify(await logOut.boundingBox());
        if (box === last) return JSON.parse(box) as { x: number; y: number };
        last = box;
        await page.waitForTimeout(100);
      }
    };
    const before = await settled();
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight > innerHeight)).toBe(
      true,
    );
    // Where the item is the moment the page has scrolled, before any realignment could run.
    const during = await logOut.evaluate((item) => {
      window.scrollTo(0, 300);
      return { scrolled: window.scrollY, y: item.getBoundingClientRect().y };
    });
    expect(during).toEqual({ scrolled: 300, y: before.y });
    expect(await logOut.boundingBox()).toMatchObject({ x: before.x, y: before.y });
    await context.close();
  });
});

describe('logout', () => {
  it('ends the session on the server and goes to the login page', async () => {
    const { context, page } = await freshPage();
    await logIn(page, server.url, DEMO_USERS.full);
    const token = (await context.cookies()).find((c) => c.name === 'token')?.value;
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    expect(await waitForHashPath(page, (p) => p === '/login')).toBe('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();

    const answer = await fetch(`${server.url}/api/call`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ requests: [{ task: 'who_am_i', ref: 1, parameters: {} }] }),
    }).then((r) => r.json());
    expect(answer.result).toBe(2);

    await page.goto(`${server.url}/#/dashboard`);
    expect(await waitForHashPath(page, (p) => p.startsWith('/login'))).toBe(
      '/login?redirect=%2Fdashboard',
    );
    await context.close();
  });
});
