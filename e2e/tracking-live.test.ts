// The live map against the real server with the demo fleet simulator on, in Debian's Chromium:
// units on the map, live movement, the unit panel, saved display toggles, share links opened by a
// logged-out visitor, the phone layout, stealth units and who may open them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { localContext, VIEWPORTS } from './support/browser';
import {
  loggedInPage,
  openLiveMap as openLiveMapAt,
  tileCount,
  closePortal,
  openPortal,
} from './support/session';
import { DEMO_USERS, hashPath, screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll, renderedFeatures, waitUntil, watchErrors } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // SIM_UNITS=all: every demo unit has a simulated tracker talking to the real gateways, from
  // two hours of history on; the scene's morning rush has units on the move.
  ({ server, browser } = await openPortal({ env: { SIM_UNITS: 'all', SIM_BACKFILL_HOURS: '2' } }));
  await server.historyWritten();
});
afterAll(() => closePortal(server, browser));

const loggedIn = (
  user: { username: string; password: string } = DEMO_USERS.full,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) => loggedInPage(browser, server, user, viewport, { keepMaps: true });
const openLiveMap = (page: Page, path?: string) => openLiveMapAt(page, server.url, path);

/** Waits until the simulator has at least one unit on the move; returns how many. */
async function waitForMovingUnits(page: Page): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const moving = await tileCount(page, 'moving');
    if (moving > 0) return moving;
    if (Date.now() > deadline) throw new Error('no unit started moving within 60 s');
    await page.waitForTimeout(1000);
  }
}

/** Size of a PNG of the map: a canvas that drew nothing compresses to almost nothing. */
async function mapImageBytes(page: Page): Promise<number> {
  const shot = await page.getByTestId('map-canvas').screenshot();
  return shot.length;
}

describe('live map of a Full user', () => {
  it('shows the 40 demo units in the list and on a rendered map, counted by status', async () => {
    const { context, page, errors } = await loggedIn();
    await openLiveMap(page);
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
    expect(await tileCount(page, 'all')).toBe(40);
    const byStatus =
      (await tileCount(page, 'moving')) +
      (await tileCount(page, 'parked')) +
      (await tileCount(page, 'offline'));
    expect(byStatus).toBeLessThanOrEqual(40);
    expect(byStatus).toBeGreaterThan(30);
    // The list is sorted by name.
    const names = await page.locator('.unit-row-name').allInnerTexts();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    // The map drew its basemap and units: a WebGL canvas of real size with plenty in it.
    const canvas = await page.locator('.maplibregl-canvas').boundingBox();
    expect(canvas?.width).toBeGreaterThan(800);
    expect(canvas?.height).toBeGreaterThan(700);
    await page.waitForTimeout(1500);
    expect(await mapImageBytes(page)).toBeGreaterThan(40_000);
    await page.getByRole('status', { name: 'Connection: Live' }).waitFor();
    await screenshot(page, 'live-desktop-map');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves a unit within 15 s of live updates, and selecting it opens its panel', async () => {
    const { context, page, errors } = await loggedIn();
    await openLiveMap(page);
    await waitForMovingUnits(page);
    await page.getByTestId('count-moving').click();
    const row = page.getByRole('listbox', { name: 'Units' }).getByRole('option').first();
    const name = await row.locator('.unit-row-name').innerText();
    await row.click();

    const panel = page.getByRole('region', { name: `Unit ${name}` });
    await panel.getByRole('heading', { name }).waitFor();
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');
    for (const label of ['Nearest town', 'Position', 'Speed', 'Heading', 'Driver', 'Ignition'])
      await panel.getByText(label, { exact: true }).waitFor();
    // Readings from get_unit: odometer in km, and the device's latest events.
    await panel.getByText(/^[\d,]+(\.\d)? km$/).waitFor();
    await panel.getByText('Latest events').waitFor();
    await expect(panel.getByText(/^(In |[\d.]+ km [NESW]{1,2} of )/).count()).resolves.toBe(1);

    const position = panel.getByTestId('unit-position');
    const before = await position.innerText();
    expect(before).toMatch(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    const started = Date.now();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="unit-position"]')?.textContent !== text,
      before,
      { timeout: 15_000 },
    );
    expect(Date.now() - started).toBeLessThan(15_000);

    // Follow mode and today's trail are switches on the panel.
    await panel.getByRole('switch', { name: 'Follow' }).click();
    await expect(panel.getByRole('switch', { name: 'Follow' }).isChecked()).resolves.toBe(true);
    await page.mouse.move(700, 300);
    // Its tail of recent live fixes (SPEC §9 realtime trip depth) is drawn behind it.
    await waitUntil(
      'a recent-trail tail drawn',
      () => renderedFeatures(page, /recent-trails/),
      (n) => n > 0,
    );
    await screenshot(page, 'live-desktop-unit-panel');
    const trail = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/call') && (r.request().postData() ?? '').includes('get_trip_points'),
    );
    await panel.getByRole('switch', { name: "Today's trail" }).click();
    await trail;
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(1500);
    await screenshot(page, 'live-desktop-trail');
    await panel.getByRole('button', { name: 'Close unit panel' }).click();
    await expect(panel.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens /realtime/unit/{id} on that unit, and /viewrealtime/fleet/{ids} on those units', async () => {
    const { context, page } = await loggedIn();
    await openLiveMap(page);
    const second = page.getByRole('listbox', { name: 'Units' }).getByRole('option').nth(1);
    const uid = await second.getAttribute('data-uid');
    const name = await second.locator('.unit-row-name').innerText();
    await openLiveMap(page, `/portal/realtime/unit/${uid}`);
    await page.getByRole('region', { name: `Unit ${name}` }).waitFor();

    const first = await page
      .getByRole('listbox', { name: 'Units' })
      .getByRole('option')
      .first()
      .getAttribute('data-uid');
    await openLiveMap(page, `/portal/viewrealtime/fleet/${uid},${first}`);
    await page.getByText('2 linked units').waitFor();
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('2 units');
    await context.close();
  });

  it('saves the display toggles with the user and restores them on the next visit', async () => {
    const { context, page } = await loggedIn();
    await openLiveMap(page);
    await page.getByRole('button', { name: 'Map display' }).click();
    const tags = page.getByRole('switch', { name: 'Unit tags' });
    const arrows = page.getByRole('switch', { name: 'Trip arrows' });
    // SPEC §4 defaults: trip arrows on, unit tags off (unless an earlier run saved otherwise).
    const wasOn = await tags.isChecked();
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/call') && (r.request().postData() ?? '').includes('set_user_ui_'),
    );
    await tags.click();
    await saved;
    await expect(arrows.isChecked()).resolves.toBe(true);

    // A new browser, a new login: the setting comes back from the server.
    const other = await loggedIn();
    await openLiveMap(other.page);
    await other.page.getByRole('button', { name: 'Map display' }).click();
    await expect(other.page.getByRole('switch', { name: 'Unit tags' }).isChecked()).resolves.toBe(
      !wasOn,
    );
    await other.context.close();
    await context.close();
  });
});

describe('share links', () => {
  it('a unit link made in the UI opens in a logged-out browser, and does not log its maker out', async () => {
    const { context, page } = await loggedIn();
    await openLiveMap(page);
    const row = page.getByRole('listbox', { name: 'Units' }).getByRole('option').first();
    const name = await row.locator('.unit-row-name').innerText();
    await row.click();
    await page
      .getByRole('region', { name: `Unit ${name}` })
      .getByRole('button', { name: 'Share' })
      .click();
    const dialog = page.getByRole('dialog', { name: `Share ${name}` });
    for (const label of ['1 hour', '8 hours', '24 hours', '7 days'])
      await dialog.getByText(label, { exact: true }).waitFor();
    await dialog.getByText('24 hours', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/#/track/[A-Za-z0-9_-]{20,}$`));
    await dialog.getByRole('button', { name: /Cop(y|ied)/ }).click();

    // A visitor with nothing but the link.
    const visitor = await localContext(browser, server);
    const visit = await visitor.newPage();
    const visitErrors = watchErrors(visit);
    await visit.goto(url);
    await visit.getByRole('region', { name: `Vehicle ${name}` }).waitFor();
    // 24 hours less the seconds since it was made: from 23 h 59 min 30 s it reads as a day.
    await visit.getByText(/^Link expires in (23 hours|1 day)/).waitFor();
    expect(hashPath(visit)).toMatch(/^\/track\//);
    expect(await mapImageBytes(visit)).toBeGreaterThan(20_000);
    await screenshot(visit, 'track-desktop');
    await visit.setViewportSize(VIEWPORTS.phone);
    await visit.waitForTimeout(800);
    await screenshot(visit, 'track-phone');
    expect(visitErrors).toEqual([]);
    await visitor.close();

    // The maker opens it too, and a dead link, in the logged-in browser: still logged in after.
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.getByRole('region', { name: `Vehicle ${name}` }).waitFor();
    await tab.goto(`${server.url}/#/track/no-such-link-at-all-000000`);
    await tab.getByText('This tracking link has expired or was revoked').waitFor();
    await tab.close();

    // Revoked: the visitor is told so.
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).waitFor();
    const after = await localContext(browser, server);
    const gone = await after.newPage();
    await gone.goto(url);
    await gone.getByText('This tracking link has expired or was revoked').waitFor();
    await after.close();

    await page.goto(`${server.url}/#/portal/trip`);
    await page.waitForTimeout(1000);
    await page.goto(`${server.url}/#/portal/viewrealtime`);
    await page.getByTestId('unit-count').waitFor();
    expect(hashPath(page)).toBe('/portal/viewrealtime');
    await context.close();
  });

  it('a fleet link opens at the view it was made from and lists every unit', async () => {
    const { context, page } = await loggedIn();
    await openLiveMap(page);
    await page.getByRole('button', { name: 'Share fleet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share the fleet view' });
    await dialog.getByText('1 hour', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(/#\/track_all\/[A-Za-z0-9_-]{20,}\/-?\d+\.\d+,-?\d+\.\d+\/\d+(\.\d)?$/);
    await context.close();

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const visitor = await localContext(browser, server, { viewport });
      const visit = await visitor.newPage();
      const errors = watchErrors(visit);
      await visit.goto(`${url}/1`);
      await visit.getByText('Link expires in', { exact: false }).waitFor();
      if (size === 'phone') {
        await visit.waitForTimeout(1000);
        await screenshot(visit, 'track-all-phone-map');
        await visit.getByText('List', { exact: true }).click();
      }
      await expect(visit.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
      await visit.getByRole('option').first().click();
      await visit.locator('.track-card').waitFor();
      await visit.waitForTimeout(1000);
      await screenshot(visit, `track-all-${size}`);
      // The address follows the map so a reload opens the same view.
      expect(hashPath(visit)).toMatch(/^\/track_all\/[^/]+\/-?\d+\.\d{5},-?\d+\.\d{5}\/[\d.]+\/1$/);
      expect(errors).toEqual([]);
      await visitor.close();
    }
  });
});

describe('phone at 390 px', () => {
  it('switches between the list and a full-height map, with every control in reach', async () => {
    const { context, page, errors } = await loggedIn(DEMO_USERS.full, VIEWPORTS.phone);
    await openLiveMap(page);
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.waitFor();
    await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('40 units');
    await screenshot(page, 'live-phone-list');
    // The map alone fills the screen under the switch.
    await show.getByText('Map').click();
    const full = await page.getByTestId('live-map').boundingBox();
    expect(full?.width).toBe(390);
    expect(full?.height).toBeGreaterThan(700);
    await page.waitForTimeout(800);
    await screenshot(page, 'live-phone-map');
    await show.getByText('List').click();

    const row = page.getByRole('listbox', { name: 'Units' }).getByRole('option').first();
    const name = await row.locator('.unit-row-name').innerText();
    await row.click();
    // The map comes back with the unit's panel under it.
    const panel = page.getByRole('region', { name: `Unit ${name}` });
    await panel.waitFor();
    const map = await page.getByTestId('live-map').boundingBox();
    const sheet = await panel.boundingBox();
    expect(map?.width).toBe(390);
    expect(map?.height).toBeGreaterThan(400);
    expect(sheet!.y).toBeGreaterThanOrEqual(map!.y + map!.height - 1);
    await expect(page.getByRole('listbox', { name: 'Units' }).isVisible()).resolves.toBe(false);
    for (const control of ['Map display', 'Unit icons'])
      await expect(page.getByRole('button', { name: control }).isVisible()).resolves.toBe(true);
    for (const control of ['Close unit panel', 'Share', 'Trips'])
      await expect(panel.getByRole('button', { name: control }).isVisible()).resolves.toBe(true);
    await panel.getByRole('switch', { name: 'Follow' }).click();
    await panel.getByRole('button', { name: 'Position, readings and events' }).click();
    await panel.getByText('Nearest town').waitFor();
    await page.mouse.move(200, 300);
    await page.waitForTimeout(800);
    await screenshot(page, 'live-phone-unit-panel');

    await show.getByText('List').click();
    await page.getByRole('listbox', { name: 'Units' }).waitFor();
    await expectNoSidewaysScroll(page, 'the live map on a phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('stealth units', () => {
  it('lists a Full user’s stealth units beside the map', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page, errors } = await loggedIn(DEMO_USERS.full, viewport);
      await openLiveMap(page, '/portal/stealth_units');
      await page.getByRole('heading', { name: 'Stealth Units' }).waitFor();
      // Every tenth demo unit is a stealth unit.
      await expect(page.getByTestId('unit-count').innerText()).resolves.toBe('4 units');
      await page.waitForTimeout(1000);
      await screenshot(page, `stealth-units-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('is refused to a Lite user, who lands on the not-found page', async () => {
    const { context, page } = await loggedIn(DEMO_USERS.lite);
    await page.goto(`${server.url}/#/portal/stealth_units`);
    expect(await waitForHashPath(page, (p) => p === '/404')).toBe('/404');
    await page.getByText('Page not found').waitFor();
    // The live map itself is theirs.
    await openLiveMap(page);
    expect(hashPath(page)).toBe('/portal/viewrealtime');
    await context.close();
  });
});
