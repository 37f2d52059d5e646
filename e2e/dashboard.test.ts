// The first screen after login (issue 15) in Debian's Chromium against the real server with the
// simulated fleet's week of history, at desktop and at phone width: the dashboard's counts, cards
// and charts of the days; a total opens the vehicles it counts and one of them its trips; a count
// filters today's units; the period switch redraws the charts; nothing scrolls sideways on a phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

type Size = keyof typeof VIEWPORTS;
const open = (size: Size) => loggedInPage(browser, server, DEMO_USERS.full, VIEWPORTS[size]);

/** The number a total's tile shows. */
async function totalOf(page: Page, label: string): Promise<number> {
  const text = await page
    .getByRole('button', { name: new RegExp(`^${label} [\\d]`) })
    .locator('.total-value')
    .innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

/** ECharts canvases drawn on the page with something on them. */
const charts = (page: Page) =>
  page
    .locator('[data-testid="day-chart"] canvas')
    .evaluateAll((canvases) => canvases.filter((c) => (c as HTMLCanvasElement).width > 0).length);

describe('dashboard', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`lands on the dashboard and every number opens its list (${size})`, async () => {
      const { page, context, errors } = await open(size);
      await waitForHashPath(page, (p) => p === '/dashboard');
      await page.getByRole('heading', { level: 2, name: 'Driving totals' }).waitFor();
      await page.getByRole('button', { name: /^Trips \d/ }).waitFor();
      // A week of the simulated fleet's driving: trips, kilometres and a chart of 7 days each.
      expect(await totalOf(page, 'Trips')).toBeGreaterThan(0);
      expect(await totalOf(page, 'Distance')).toBeGreaterThan(0);
      await expect.poll(() => charts(page)).toBe(7);
      const fleet = page.getByRole('list', { name: 'Your fleet now' });
      await expect
        .poll(() => fleet.getByRole('button', { name: /Active vehicles/ }).innerText())
        .toMatch(/\d+/);
      if (size === 'phone') await expectNoSidewaysScroll(page, 'the dashboard on a phone');
      await screenshot(page, `dashboard-${size}`);

      // A total opens the vehicles it counts, and a vehicle its trips of the period.
      await page.getByRole('button', { name: /^Trips \d/ }).click();
      const drawer = page.getByRole('dialog', { name: /Trips, 7 days/ });
      await drawer.getByRole('row').nth(1).waitFor();
      await screenshot(page, `dashboard-trips-by-vehicle-${size}`, { fullPage: false });
      const vehicle = drawer.getByRole('row').nth(1).getByRole('link');
      expect(await vehicle.getAttribute('href')).toMatch(/^#\/portal\/trip_range\/\d+\//);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // The period switch: 30 days, 30 bars.
      await page.locator('.ant-segmented-item', { hasText: '30 days' }).click();
      await expect
        .poll(() => page.getByRole('table', { name: 'Trips per day' }).getByRole('row').count())
        .toBe(30);

      // A count filters today's units.
      await fleet.getByRole('button', { name: /Deactivated vehicles/ }).click();
      const units = page.getByRole('table', { name: "Today's units" });
      await expect
        .poll(async () => {
          const tags = await units.locator('tbody .ant-tag').allInnerTexts();
          return tags.length > 0 && tags.every((t) => t === 'Deactivated');
        })
        .toBe(true);

      // An alert card opens its page, and a vehicle of a total its trips.
      await page.getByRole('link', { name: /Work approvals/ }).click();
      await waitForHashPath(page, (p) => p.startsWith('/portal/account/work_approvals'));
      await page.goBack();
      await page.getByRole('button', { name: /^Speeding \d/ }).click();
      await page.getByRole('dialog').getByRole('link').first().click();
      await waitForHashPath(page, (p) => p.startsWith('/portal/alerts/unit_alert'));
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
