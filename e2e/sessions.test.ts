// Active Sessions: revoking a session from one browser sends the other browser to login on its
// next call (SPEC §2, API.md §2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext } from './support/browser';
import { DEMO_USERS, logIn, waitForHashPath } from './support/portal';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('revoking a session', () => {
  it('logs the other browser out on its next call', async () => {
    const office = await localContext(browser, server);
    const laptop = await localContext(browser, server, { userAgent: FIREFOX_ON_WINDOWS });
    const officePage = await office.newPage();
    const laptopPage = await laptop.newPage();
    await logIn(laptopPage, server.url, DEMO_USERS.full);
    await logIn(officePage, server.url, DEMO_USERS.full);

    await officePage.goto(`${server.url}/#/portal/user/edit_user_tokens`);
    const mine = officePage.getByRole('row').filter({ hasText: 'This browser' });
    await mine.waitFor();
    const other = officePage.getByRole('row').filter({ hasText: 'Firefox on Windows' });
    await other.getByRole('button', { name: 'Revoke' }).click();
    await officePage
      .locator('.ant-popconfirm-buttons')
      .getByRole('button', { name: 'Revoke' })
      .click();
    await other.waitFor({ state: 'detached' });
    expect(await mine.count()).toBe(1);

    // The laptop's next call is refused; it lands on the login page and is told why.
    await laptopPage.goto(`${server.url}/#/portal/user/edit_user_change_logs`);
    expect(await waitForHashPath(laptopPage, (p) => p.startsWith('/login'))).toMatch(/^\/login/);
    await laptopPage.getByText('You have been logged out').waitFor();
    expect((await laptop.cookies()).find((c) => c.name === 'token')).toBeUndefined();

    // The office browser is still logged in.
    await officePage.goto(`${server.url}/#/portal/user/edit_user_change_logs`);
    await officePage.getByRole('heading', { name: 'Change Logs' }).waitFor();
    await office.close();
    await laptop.close();
  });
});
