// The live map's unit settings against the real server (demo data, no simulator), in Debian's
// Chromium: ghost and disabled units, and the realtime menu (the unit list beside the map), each
// saved with the user (SPEC §3, §4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { DEMO_USERS, screenshot } from './support/portal';
import { expectNoSidewaysScroll } from './support/checks';
import {
  loggedInPage,
  openLiveMap as openLiveMapAt,
  tileCount,
  closePortal,
  openPortal,
} from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

const loggedIn = (
  user: { username: string; password: string } = DEMO_USERS.full,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) => loggedInPage(browser, server, user, viewport);
const openLiveMap = (page: Page) => openLiveMapAt(page, server.url);

describe('unit settings of the live map', () => {
  /** The demo seeds one disabled unit (server/src/demo/seed.ts: the eighth, active 2). */
  const DISABLED_DEMO_UNITS = 1;

  const saveOf = (page: Page, key: string) =>
    page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/call') &&
        (r.request().postData() ?? '').includes('set_user_ui_settings') &&
        (r.request().postData() ?? '').includes(key),
    );

  it('turns disabled units off, leaving them out of the list and its counts, and keeps that with the user', async () => {
    const { context, page, errors } = await loggedIn();
    await openLiveMap(page);
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
    await page.getByRole('button', { name: 'Units shown' }).click();
    const disabled = page.getByRole('switch', { name: 'Disabled units' });
    const ghosts = page.getByRole('switch', { name: 'Ghost units (disconnected)' });
    // SPEC §3 defaults: both on.
    await expect(disabled.isChecked()).resolves.toBe(true);
    await expect(ghosts.isChecked()).resolves.toBe(true);
    const saved = saveOf(page, 'show_disabled_units');
    await disabled.click();
    await saved;
    const left = 40 - DISABLED_DEMO_UNITS;
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe(`${left} units`);
    expect(await tileCount(page, 'all')).toBe(left);
    await page.waitForTimeout(800);
    await screenshot(page, 'live-desktop-units-shown');

    // Saved with the user: a reload reads it back from the server.
    await page.reload();
    await page.getByRole('listbox', { name: 'Units' }).getByRole('option').first().waitFor();
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe(`${left} units`);
    await page.getByRole('button', { name: 'Units shown' }).click();
    await expect(disabled.isChecked()).resolves.toBe(false);
    await expect(ghosts.isChecked()).resolves.toBe(true);

    // Back on, for the other tests of this user.
    const again = saveOf(page, 'show_disabled_units');
    await disabled.click();
    await again;
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the unit list with the realtime menu button, keeps it hidden after a reload, and shows it again', async () => {
    const { context, page, errors } = await loggedIn();
    await openLiveMap(page);
    const list = page.getByRole('listbox', { name: 'Units' });
    const saved = saveOf(page, 'realtime_menu');
    await page.getByRole('button', { name: 'Hide unit list' }).click();
    await saved;
    await expect(list.count()).resolves.toBe(0);
    // The map takes the full width of the content area.
    const show = page.getByRole('button', { name: 'Show unit list' });
    await show.waitFor();
    const map = await page.getByTestId('live-map').boundingBox();
    const side = await page.locator('.portal-content').boundingBox();
    expect(map!.width).toBeGreaterThanOrEqual(side!.width - 1);
    await page.waitForTimeout(800);
    await screenshot(page, 'live-desktop-list-hidden');

    await page.reload();
    await show.waitFor();
    await expect(list.count()).resolves.toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Live Map' }).waitFor({ state: 'attached' });

    const shown = saveOf(page, 'realtime_menu');
    await show.click();
    await shown;
    await list.getByRole('option').first().waitFor();
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
    await expect(show.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone keeps the list/map switch, with the unit settings on the map', async () => {
    const { context, page, errors } = await loggedIn(DEMO_USERS.full, VIEWPORTS.phone);
    await openLiveMap(page);
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.getByText('Map').click();
    await page.getByRole('button', { name: 'Units shown' }).click();
    await page.getByRole('switch', { name: 'Disabled units' }).waitFor();
    await expect(page.getByRole('button', { name: 'Hide unit list' }).count()).resolves.toBe(0);
    await page.waitForTimeout(800);
    await screenshot(page, 'live-phone-units-shown');
    await expectNoSidewaysScroll(page, 'the live map’s unit settings on a phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
