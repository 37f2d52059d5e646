// The track_token cookie of SPEC §3 and §4, in Debian's Chromium against the real server: a fleet
// link opened by a logged-out visitor is kept, so a bare /track_all (a wall display, a phone
// bookmark) opens it again showing every unit; once the link is revoked the bare page says it has
// expired, asks for a new link and the cookie is gone. A logged-in user opening the link keeps
// their session, and logging out leaves the kept link alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext, VIEWPORTS } from './support/browser';
import { DEMO_USERS, hashPath, logIn, screenshot, waitForHashPath } from './support/portal';
import { watchErrors } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

const EXPIRED = 'This tracking link has expired or was revoked';

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies(server.url)).find((c) => c.name === name);
  return found?.value;
}

/** Every /api/track request of the page, with whether it carried an Authorization header. */
function watchTrackCalls(page: Page): { authorized: number; calls: number } {
  const seen = { authorized: 0, calls: 0 };
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/track')) return;
    seen.calls += 1;
    if (request.headers()['authorization'] !== undefined) seen.authorized += 1;
  });
  return seen;
}

/** Waits for the fleet page to list its units; returns "N units". */
async function fleetShown(page: Page): Promise<string> {
  await page.getByText('Link expires in', { exact: false }).waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.getByTestId('unit-count').innerText(), { timeout: 15_000 })
    .toMatch(/^[1-9]\d* units?$/);
  return page.getByTestId('unit-count').innerText();
}

describe('the kept fleet link (track_token)', () => {
  it('reopens at a bare /track_all until the link is revoked, then asks for a new one', async () => {
    // The fleet manager makes a fleet link in the UI and keeps the dialog open to revoke it later.
    const maker = await localContext(browser, server);
    const page = await maker.newPage();
    await logIn(page, server.url, DEMO_USERS.full);
    await page.goto(`${server.url}/#/portal/viewrealtime`);
    await page.getByRole('listbox', { name: 'Units' }).getByRole('option').first().waitFor();
    await page.getByRole('button', { name: 'Share fleet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share the fleet view' });
    await dialog.getByText('1 hour', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    const sendToken = /#\/track_all\/([A-Za-z0-9_-]{20,})\//.exec(url)?.[1];
    expect(sendToken, url).toBeTruthy();

    // A logged-out visitor opens it: the link is kept in its own cookie, no session is made.
    const visitor = await localContext(browser, server);
    const visit = await visitor.newPage();
    const errors = watchErrors(visit);
    const calls = watchTrackCalls(visit);
    await visit.goto(url);
    const count = await fleetShown(visit);
    await expect.poll(() => cookie(visitor, 'track_token')).toBe(sendToken);
    expect(await cookie(visitor, 'token')).toBeUndefined();
    const kept = (await visitor.cookies(server.url)).find((c) => c.name === 'track_token')!;
    expect(kept.path).toBe('/');
    // 30 days, give or take the seconds the test took.
    const days = (kept.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);

    // A dead one-unit link opened next in the same tab (the fleet map may still be settling: it
    // must not pull the address back) does not touch the kept fleet link.
    await visit.goto(`${server.url}/#/track/no-such-link-at-all-000000`);
    await visit.getByText(EXPIRED).waitFor();
    expect(hashPath(visit)).toBe('/track/no-such-link-at-all-000000');
    expect(await cookie(visitor, 'track_token')).toBe(sendToken);

    // The wall display: a bare /track_all in a new tab opens the kept link, every unit shown.
    const wall = await visitor.newPage();
    const wallErrors = watchErrors(wall);
    const wallCalls = watchTrackCalls(wall);
    await wall.goto(`${server.url}/#/track_all`);
    await waitForHashPath(wall, (p) => p.startsWith(`/track_all/${sendToken}/`));
    expect(await fleetShown(wall)).toBe(count);
    expect(hashPath(wall)).toMatch(
      new RegExp(`^/track_all/${sendToken}/-?\\d+\\.\\d{5},-?\\d+\\.\\d{5}/[\\d.]+/1$`),
    );
    await expect(wall.getByLabel('Tracking link').count()).resolves.toBe(0);
    await wall.waitForTimeout(1000);
    await screenshot(wall, 'track-all-reopened-desktop');
    await wall.close();

    // The phone bookmark: the same cookie in a phone's browser.
    const phone = await localContext(browser, server, { viewport: VIEWPORTS.phone });
    await phone.addCookies(await visitor.cookies(server.url));
    const bookmark = await phone.newPage();
    const phoneErrors = watchErrors(bookmark);
    await bookmark.goto(`${server.url}/#/track_all`);
    await waitForHashPath(bookmark, (p) => p.startsWith(`/track_all/${sendToken}/`));
    await bookmark.getByText('Link expires in', { exact: false }).waitFor({ timeout: 20_000 });
    await bookmark.waitForTimeout(1500);
    await screenshot(bookmark, 'track-all-reopened-phone');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    // A logged-in user opens the link too: their session is untouched, the link is kept beside
    // it, and logging out of the portal leaves the kept link alone.
    const user = await localContext(browser, server);
    const portal = await user.newPage();
    await logIn(portal, server.url, DEMO_USERS.full);
    const session = await cookie(user, 'token');
    expect(session).toBeTruthy();
    const tab = await user.newPage();
    const userCalls = watchTrackCalls(tab);
    await tab.goto(url);
    await fleetShown(tab);
    await expect.poll(() => cookie(user, 'track_token')).toBe(sendToken);
    expect(await cookie(user, 'token')).toBe(session);
    await tab.close();
    await portal.goto(`${server.url}/#/portal/viewrealtime`);
    await portal.getByTestId('unit-count').waitFor();
    expect(hashPath(portal)).toBe('/portal/viewrealtime');
    await portal.goto(`${server.url}/#/logout`);
    await waitForHashPath(portal, (p) => p.startsWith('/login'));
    await expect.poll(() => cookie(user, 'token')).toBeUndefined();
    expect(await cookie(user, 'track_token')).toBe(sendToken);
    await user.close();

    // Revoked: the bare /track_all says so, asks for a new link, and the cookie is gone.
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).waitFor();
    const later = await visitor.newPage();
    const laterErrors = watchErrors(later);
    await later.goto(`${server.url}/#/track_all`);
    await later.getByText(EXPIRED).waitFor({ timeout: 20_000 });
    await later.getByLabel('Tracking link').waitFor();
    expect(hashPath(later)).toBe('/track_all');
    await expect.poll(() => cookie(visitor, 'track_token')).toBeUndefined();
    await screenshot(later, 'track-all-expired');
    // And stays the paste form when opened again.
    await later.reload();
    await later.getByLabel('Tracking link').waitFor();
    expect(hashPath(later)).toBe('/track_all');

    // The track token is a request body, never an Authorization header.
    for (const seen of [calls, wallCalls, userCalls]) {
      expect(seen.calls).toBeGreaterThan(0);
      expect(seen.authorized).toBe(0);
    }
    expect([...errors, ...wallErrors, ...laterErrors]).toEqual([]);
    await visitor.close();
    await maker.close();
  }, 180_000);
});
