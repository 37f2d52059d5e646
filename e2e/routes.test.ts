// Routes against the real server and simulator on the pinned scene (support/scene.ts), the fleet's
// week written as history first. What a fleet manager does: make a route from a trip the demo
// vehicle drove, find it in the routes list, see it drawn on its page, then follow its progress and
// trips. Every page is checked by axe; screenshots at 1440 and 390 px in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { expectNoSidewaysScroll, renderedFeatures, waitUntil } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal({ env: { SIM_UNITS: 'all' } }));
  await server.historyWritten();
});
afterAll(() => closePortal(server, browser));

type Size = keyof typeof VIEWPORTS;
const UNIT = 'Toyota Hilux JOH-01';
const ROUTE = 'Hilux morning run';
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });
const open = (size: Size) =>
  loggedInPage(browser, server, DEMO_USERS.full, VIEWPORTS[size], { keepMaps: true });

/** Features MapLibre drew for the route lines of RouteLayer. */
const routeLines = (page: Page) => renderedFeatures(page, /^routes-.*-line$/);

let roid = 0;
let uid = 0;

describe('routes', () => {
  it('makes a route from a trip of the demo vehicle and finds it listed and drawn', async () => {
    const { context, page, errors } = await open('desktop');
    await page.goto(`${server.url}/#/portal/trip`);
    await page.getByText('Choose a unit to see its trips, stops and replay.').waitFor();
    await page.locator('.tracking-toolbar .toolbar-unit').click();
    await page.keyboard.type(UNIT);
    await page.locator('.ant-select-item-option', { hasText: UNIT }).first().click();
    const tripPath = await waitForHashPath(page, (p) => /^\/portal\/trip\/\d+$/.test(p));
    uid = Number(tripPath.split('/')[3]);

    // A finished trip of today (history written before the tests began).
    const trip = page
      .locator('.trip-entry[data-kind="trip"]:not(:has-text("In progress"))')
      .first();
    await trip.waitFor({ timeout: 20_000 });
    await trip.getByRole('button', { name: /^More for the trip/ }).click();
    await page.getByRole('menuitem', { name: 'Make a route from this trip' }).click();
    const addPath = await waitForHashPath(page, (p) => p.startsWith('/portal/routes/add/trip?'));
    const query = new URLSearchParams(addPath.split('?')[1]);
    expect(query.get('uid')).toBe(String(uid));
    expect(Date.parse(query.get('to')!)).toBeGreaterThan(Date.parse(query.get('from')!));

    // The trip's line is drawn at once, its ends named after the trip.
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Origin name').inputValue()).toMatch(/^Start \d\d:\d\d$/);
    expect(await page.getByLabel('Destination name').inputValue()).toMatch(/^End \d\d:\d\d$/);
    await waitUntil(
      'the trip drawn as a route',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    await expect
      .poll(() => page.getByTestId('route-summary').innerText())
      .toMatch(/\d+(\.\d)? k?m/);
    const google = page.getByRole('link', { name: /Open in Google Maps/ });
    expect(await google.getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=-?\d+\.\d{6},/,
    );
    expect(await google.getAttribute('target')).toBe('_blank');

    await name.fill(ROUTE);
    await page.getByRole('combobox', { name: 'Assigned units' }).click();
    await page.keyboard.type('JOH-01');
    await page.locator('.ant-select-item-option', { hasText: UNIT }).first().click();
    await page.keyboard.press('Escape');
    await viewShot(page, 'desktop-route-from-trip');
    await page.getByRole('button', { name: /Save route/ }).click();
    const editPath = await waitForHashPath(page, (p) => /^\/portal\/routes\/edit\/\d+$/.test(p));
    roid = Number(editPath.split('/').pop());

    // Listed by name with the unit assigned, and drawn on the list's map.
    await page.goto(`${server.url}/#/portal/routes/index`);
    const row = page.locator('tr', { has: page.getByRole('link', { name: ROUTE }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toMatch(/\d+\.\d km/);
    await waitUntil(
      'routes on the list map',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    await page.getByRole('button', { name: `Show ${ROUTE} alone on the map` }).click();
    await page.getByText(`${ROUTE} alone`).waitFor();
    await viewShot(page, 'desktop-routes');

    // Its own page loads it from the server and draws it.
    await row.getByRole('link', { name: ROUTE }).click();
    await waitForHashPath(page, (p) => p === `/portal/routes/edit/${roid}`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(ROUTE);
    await waitUntil(
      'the saved route drawn',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    await page.getByText(/^Steps \(\d+\)$/).click();
    await page.getByText(/^Arrive at End \d\d:\d\d$/).waitFor();
    await viewShot(page, 'desktop-route-edit');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws a route on the map, point by point, and saves it', async () => {
    const { context, page, errors } = await open('desktop');
    await page.goto(`${server.url}/#/portal/routes/add/draw`);
    await page.getByRole('button', { name: /Draw a new line/ }).waitFor();
    const canvas = page.getByRole('region', { name: 'Route map' }).locator('canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    const clicks = [at(0.3, 0.7), at(0.5, 0.45), at(0.7, 0.3)];
    for (const p of clicks) {
      await page.mouse.click(p.x, p.y);
      await page.waitForTimeout(300);
    }
    // Clicking the last point again finishes the line: its ends become origin and destination.
    await page.mouse.click(clicks[2].x, clicks[2].y);
    await expect
      .poll(() => page.getByLabel('Destination coordinates').inputValue(), { timeout: 10_000 })
      .toMatch(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
    expect(await page.getByLabel('Origin coordinates').inputValue()).toMatch(/^-?\d+\.\d{6}, /);
    await expect.poll(() => page.getByTestId('route-summary').innerText()).toMatch(/ k?m/);
    await viewShot(page, 'desktop-route-draw');
    await page.getByLabel('Name', { exact: true }).fill('Drawn by hand');
    await page.getByRole('button', { name: /Save route/ }).click();
    await waitForHashPath(page, (p) => /^\/portal\/routes\/edit\/\d+$/.test(p));
    await waitUntil(
      'the drawn route saved and drawn',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the route’s progress and trips without errors', async () => {
    expect(roid, 'the route of the first test').toBeGreaterThan(0);
    const { context, page, errors } = await open('desktop');
    await page.goto(`${server.url}/#/portal/routes/realtime`);
    await page.getByRole('heading', { level: 1, name: 'Route Progress' }).waitFor();
    // The demo vehicle is assigned: its row links to its map of the route.
    const link = page.getByRole('link', { name: UNIT }).first();
    await link.waitFor({ timeout: 20_000 });
    expect(await link.getAttribute('href')).toBe(`#/portal/routes/map/${uid}/${roid}`);
    await expect
      .poll(() => page.locator('.ant-table-row', { has: link }).innerText())
      .toMatch(/On route|Off route|No position yet/);
    await waitUntil(
      'routes on the progress map',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    await viewShot(page, 'desktop-route-progress');

    await page.goto(`${server.url}/#/portal/routes/trips?roid=${roid}`);
    await page.getByRole('heading', { level: 1, name: 'Route Trips' }).waitFor();
    await expect
      .poll(() => page.locator('.ant-table-tbody').innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`${UNIT}|No trip followed this route`));
    await viewShot(page, 'desktop-route-trips');

    await page.goto(`${server.url}/#/portal/routes/map/${uid}/${roid}`);
    await page.getByRole('heading', { level: 1, name: 'Route Map' }).waitFor();
    await waitUntil(
      'the route on the unit map',
      () => routeLines(page),
      (n) => n > 0,
      20_000,
    );
    await viewShot(page, 'desktop-route-map');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone on every routes page', async () => {
    expect(roid, 'the route of the first test').toBeGreaterThan(0);
    const { context, page, errors } = await open('phone');
    const pages: [string, string][] = [
      ['/portal/routes/index', 'phone-routes'],
      [`/portal/routes/edit/${roid}`, 'phone-route-edit'],
      ['/portal/routes/add/waypoints', 'phone-route-add-waypoints'],
      ['/portal/routes/realtime', 'phone-route-progress'],
      [`/portal/routes/trips?roid=${roid}`, 'phone-route-trips'],
      [`/portal/routes/map/${uid}/${roid}`, 'phone-route-map'],
    ];
    for (const [path, shot] of pages) {
      await page.goto(`${server.url}/#${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.route-map, .ant-table').first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(800);
      await expectNoSidewaysScroll(page, path);
      await viewShot(page, shot);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
