// The area search against the real server and simulator on the pinned scene (support/scene.ts),
// the fleet's week written as history first: the demo vehicles that passed the main depot are
// found with their arrival and departure, and a visit opens that vehicle's trips of the day.
// Screenshots at 1440 and 390 px in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { expectNoSidewaysScroll } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal({ env: { SIM_UNITS: 'all' } }));
  await server.historyWritten();
});
afterAll(() => closePortal(server, browser));

const DEPOT = 'Johannesburg Main Depot';

describe('area search', () => {
  it('finds the demo vehicles that passed the main depot this week and opens one’s day', async () => {
    const { context, page, errors } = await loggedInPage(
      browser,
      server,
      DEMO_USERS.full,
      VIEWPORTS.desktop,
      { keepMaps: true },
    );
    await page.goto(`${server.url}/#/portal/locations/area_search`);
    await page.getByRole('heading', { level: 1, name: 'Area Search' }).waitFor();
    // The map stands beside the form, most of the page wide.
    const mapBox = await page.locator('.area-search-map canvas').boundingBox();
    expect(mapBox?.width ?? 0).toBeGreaterThan(700);
    expect(mapBox?.height ?? 0).toBeGreaterThan(400);
    await page.getByText('A location').click();
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.keyboard.type('Main Depot');
    await page.locator('.ant-select-item-option', { hasText: DEPOT }).click();
    await page.getByRole('button', { name: 'Search' }).click();

    const results = page.getByRole('region', { name: /^\d+ visits?/ });
    await results.waitFor({ timeout: 20_000 });
    const heading = await results.getByRole('heading').innerText();
    expect(Number.parseInt(heading, 10)).toBeGreaterThan(0);
    const first = results.getByRole('link', { name: /trips of that day$/ }).first();
    const rows = results.locator('tbody tr');
    // Arrived and left are real times, the stay a duration.
    await expect.poll(() => rows.first().innerText()).toMatch(/\d{2}:\d{2}[\s\S]*\d{2}:\d{2}/);
    await screenshot(page, 'desktop-area-search', { fullPage: false });

    await first.click();
    const path = await waitForHashPath(page, (p) => p.startsWith('/portal/trip_day/'));
    expect(path).toMatch(/^\/portal\/trip_day\/\d+\/\d{4}-\d{2}-\d{2}$/);
    await page.locator('.trip-entry').first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone and asks for an area before searching', async () => {
    const { context, page, errors } = await loggedInPage(
      browser,
      server,
      DEMO_USERS.full,
      VIEWPORTS.phone,
    );
    await page.goto(`${server.url}/#/portal/locations/area_search`);
    await page.getByRole('heading', { level: 1, name: 'Area Search' }).waitFor();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Draw the area on the map first.').waitFor();
    await expectNoSidewaysScroll(page, 'area search on a phone');
    await screenshot(page, 'phone-area-search', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
