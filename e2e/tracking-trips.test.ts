// The trip pages against the real server and simulator on the pinned scene (support/scene.ts), the
// fleet's week written as history first. What a fleet manager sees: trips with km, lines drawn, a
// replay tied to a speed chart, the summary's blinking row, fleet trips, coverage, driver trips, a
// CSV of the list; screenshots of every page at 1440 and 390 px in test-results/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS, pauseSoon } from './support/browser';
import fs from 'node:fs';
import { DEMO_USERS, hashPath, screenshot, waitForHashPath } from './support/portal';
import {
  loggedInPage,
  replaySliderValue as sliderValue,
  closePortal,
  openPortal,
} from './support/session';
import { lastDays, sceneDay } from './support/scene';
import { expectAccessible } from './support/axe';
import { expectNoSidewaysScroll, renderedFeatures, waitUntil } from './support/checks';

let server: RunningServer;
let browser: Browser;
/** The server's time when the tests began: "today" is its day in the scene's zone. */
let sceneNow = 0;

beforeAll(async () => {
  // SIM_UNITS=all: the simulator drives every demo unit (support/server turns it off by default).
  ({ server, browser } = await openPortal({ env: { SIM_UNITS: 'all' } }));
  await server.historyWritten();
  sceneNow = await server.now();
});
afterAll(() => closePortal(server, browser));

type Size = keyof typeof VIEWPORTS;
/** What the user sees: the viewport, not the whole scrolled page, which is tall on a phone. */
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });
const UNIT = 'Toyota Hilux JOH-01';

/** Logged in as the Full demo user, with the pages' maps kept for the checks. */
const open = (size: Size) =>
  loggedInPage(browser, server, DEMO_USERS.full, VIEWPORTS[size], { keepMaps: true });

let uid = 0;
let tripPath = '';

describe('trip pages', () => {
  it("lists a unit's trips of today with km and draws them on the map", async () => {
    const { context, page, errors } = await open('desktop');
    await page.goto(`${server.url}/#/portal/trip`);
    await page.getByText('Choose a unit to see its trips, stops and replay.').waitFor();
    // Choose the unit as a user does; the URL then names it.
    await page.locator('.tracking-toolbar .toolbar-unit').click();
    await page.keyboard.type(UNIT);
    await page.locator('.ant-select-item-option', { hasText: UNIT }).first().click();
    const path = await waitForHashPath(page, (p) => /^\/portal\/trip\/\d+$/.test(p));
    uid = Number(path.split('/')[3]);

    // The history was written before the tests began: the morning's trips are listed at once.
    const trips = page.locator('.trip-entry[data-kind="trip"]');
    await trips.first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => trips.first().locator('.trip-entry-distance').innerText(), { timeout: 15000 })
      .toMatch(/^\d+\.\d\d km$/);
    const distance = await page.locator('[data-total="distance"]').innerText();
    expect(distance).toMatch(/^\d+\.\d\d km$/);
    expect(Number.parseFloat(distance)).toBeGreaterThan(0);
    expect(await page.locator('[data-total="driving"]').innerText()).toMatch(/minute|hour|second/);

    // The line is really on the map: MapLibre rendered features of the trip line layer, and the
    // legend (shown only with lines drawn) gives their speeds.
    await waitUntil(
      'rendered trip line features',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n > 0,
      20000,
    );
    await expect
      .poll(() => page.getByTestId('legend-speeds').innerText(), { timeout: 15000 })
      .toMatch(/km\/h$/);
    await page.waitForTimeout(500);
    await viewShot(page, 'desktop-trip');

    // SPEC §4 display flags: Hide all takes every line off the map and leaves the list alone;
    // Show all brings them back; the eye of one trip hides that trip.
    const listed = await page.locator('.trip-entry').count();
    await page.getByRole('button', { name: 'Hide all' }).click();
    await waitUntil(
      'trip lines after Hide all',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n === 0,
    );
    expect(await page.locator('.trip-entry').count()).toBe(listed);
    await page.getByRole('button', { name: 'Show all' }).click();
    // The count once it has settled: MapLibre draws the lines over several frames, and a count
    // read mid-way made 'one trip hidden' look like no change (seen under load).
    let previous = -1;
    const all = await waitUntil(
      'trip lines after Show all, settled',
      async () => {
        await page.waitForTimeout(400);
        const [before, n] = [previous, await renderedFeatures(page, /^trip-.*-line$/)];
        previous = n;
        return n > 0 && n === before ? n : 0;
      },
      (n) => n > 0,
    );
    await trips.first().getByRole('button', { name: 'Hide on map' }).click();
    await trips.first().getByRole('button', { name: 'Show on map' }).waitFor();
    if ((await trips.count()) > 1) {
      await waitUntil(
        'trip lines with one trip hidden',
        () => renderedFeatures(page, /^trip-.*-line$/),
        (n) => n > 0 && n < all,
      );
    } else {
      await waitUntil(
        'the only trip hidden',
        () => renderedFeatures(page, /^trip-.*-line$/),
        (n) => n === 0,
      );
    }
    await trips.first().getByRole('button', { name: 'Show on map' }).click();
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('replays a chosen trip by time, and the speed chart follows and seeks it', async () => {
    expect(uid, 'the first test found a unit').toBeGreaterThan(0);
    const { context, page, errors } = await open('desktop');
    await page.goto(`${server.url}/#/portal/trip/${uid}`);
    const trip = page.locator('.trip-entry[data-kind="trip"]').last();
    await trip.waitFor();
    await trip.click();
    tripPath = await waitForHashPath(page, (p) =>
      new RegExp(`^/portal/trip/${uid}/\\d{4}-\\d\\d-\\d\\d/\\d+$`).test(p),
    );
    await page.getByTestId('replay-dock').waitFor();
    await waitUntil(
      'the chosen trip drawn',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n > 0,
    );
    const readout = page.getByTestId('replay-readout');
    const chart = page.getByTestId('speed-chart');
    const before = await sliderValue(page);
    const timeBefore = await readout.innerText();
    const cursorBefore = await chart.getAttribute('data-cursor');
    expect(before).toBe(0);

    await page
      .getByTestId('replay-dock')
      .getByRole('button', { name: 'Play', exact: true })
      .click();
    await page.waitForTimeout(3000);
    const during = await sliderValue(page);
    expect(during, 'the replay slider moved within 3 s').toBeGreaterThan(before);
    expect(await readout.innerText()).not.toBe(timeBefore);
    expect(Number(await chart.getAttribute('data-cursor'))).toBeGreaterThan(Number(cursorBefore));
    // The marker moved with it on the map.
    expect(await renderedFeatures(page, /^replay-.*-marker$/)).toBeGreaterThan(0);
    await viewShot(page, 'desktop-trip-replay');
    await page
      .getByTestId('replay-dock')
      .getByRole('button', { name: 'Pause', exact: true })
      .click();

    // Pressing the chart three quarters along its grid moves the replay there. Once paused, the
    // dock and chart render again; on a loaded CI machine a press during that render was lost
    // (the slider stayed where the replay had stopped), so the press waits for the paused state
    // and is made again if the replay has not moved.
    await page
      .getByTestId('replay-dock')
      .getByRole('button', { name: 'Play', exact: true })
      .waitFor();
    // The chart is measured again before each press: it may still be settling when first read.
    await waitUntil(
      'the replay after pressing the chart at 75 %',
      async () => {
        if ((await sliderValue(page)) <= 700) {
          const box = (await chart.boundingBox())!;
          const gridLeft = box.x + 44;
          const gridWidth = box.width - 44 - 14;
          await page.mouse.click(gridLeft + gridWidth * 0.75, box.y + box.height / 2);
        }
        await page.waitForTimeout(500);
        return sliderValue(page);
      },
      (v) => v > 700,
    );
    expect(await sliderValue(page)).toBeLessThan(800);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('blinks the unit of trip_summary_date/{uid} for 5 s after scrolling to it', async () => {
    const { context, page, errors } = await open('desktop');
    const today = sceneDay(sceneNow);
    // Watch the row's class from inside the page, so the blink is timed where it happens, in the
    // page's time.
    await page.evaluate((id) => {
      const w = window as unknown as { __blink: { on?: number; off?: number } };
      w.__blink = {};
      new MutationObserver(() => {
        const on = !!document.getElementById(id)?.classList.contains('is-blinking');
        if (on && w.__blink.on === undefined) w.__blink.on = Date.now();
        if (!on && w.__blink.on !== undefined && w.__blink.off === undefined)
          w.__blink.off = Date.now();
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
    }, `trip_summary_${uid}`);
    await page.evaluate(
      (hash) => (location.hash = hash),
      `#/portal/trip_summary_date/${uid}/${today}_${today}`,
    );
    const row = page.locator(`#trip_summary_${uid}`);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('class'), { timeout: 15000 }).toContain('is-blinking');
    // From here the page's time moves only when the test moves it: the blink ends when its timer
    // says, however busy the machine is (a late timer once failed this test at night in CI).
    await pauseSoon(page);
    const blinking = () =>
      page.evaluate(() => {
        const w = window as unknown as { __blink: { on: number; off?: number } };
        return { elapsed: Date.now() - w.__blink.on, off: w.__blink.off };
      });
    // Scrolled smoothly into view, clear of the sticky top bar.
    await expect
      .poll(
        () =>
          row.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 56 && r.bottom <= window.innerHeight;
          }),
        { timeout: 5000 },
      )
      .toBe(true);
    const animation = await row
      .locator('td')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe('tracking-blink');
    await screenshot(page, 'desktop-trip_summary', { fullPage: false, axe: false });
    const { elapsed } = await blinking();
    expect(elapsed).toBeLessThan(4800);
    // Still blinking 4.8 s in; over by 5.2 s.
    await page.clock.runFor(4800 - elapsed);
    expect(await row.getAttribute('class')).toContain('is-blinking');
    expect((await blinking()).off).toBeUndefined();
    await page.clock.runFor(400);
    await expect
      .poll(() => row.getAttribute('class'), { timeout: 8000 })
      .not.toContain('is-blinking');
    const blink = await page.evaluate(
      () => (window as unknown as { __blink: { on: number; off: number } }).__blink,
    );
    // SPEC §9: the blink lasts 5000 ms.
    expect(blink.off - blink.on).toBeGreaterThanOrEqual(5000);
    expect(blink.off - blink.on).toBeLessThanOrEqual(5200);
    await page.clock.resume();
    await expectAccessible(page, 'desktop-trip_summary');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('fleet trips as CSV (SPEC §7)', () => {
  it('downloads the trips listed, one line each, without a call', async () => {
    for (const size of Object.keys(VIEWPORTS) as Size[]) {
      const { context, page, errors } = await open(size);
      await page.goto(`${server.url}/#/portal/fleet_trips/all/${lastDays(sceneNow, 2)}`);
      const entries = page.locator('.trip-list .trip-entry');
      await entries.first().waitFor({ timeout: 20_000 });
      const button = page.getByRole('button', { name: 'Download CSV' });
      await expect(button.isEnabled()).resolves.toBe(true);
      await expectNoSidewaysScroll(page, 'fleet_trips with Download CSV');
      await viewShot(page, `${size}-fleet_trips-csv`);
      const shown = await entries.count();
      const firstUnit = (await entries.first().locator('.trip-entry-time').innerText())
        .split(' · ')[0]
        .trim();

      // The file is made in the page: no request leaves it while it downloads.
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) calls.push(r.url());
      });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(
        /^trips-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
      );
      const text = fs.readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe(
        'Unit,Registration,Start,End,Duration,Distance (km),Max speed (km/h),Driver',
      );
      expect(lines.length - 1, 'one data row per trip listed').toBe(shown);
      expect(lines[1].startsWith(`${firstUnit},`)).toBe(true);
      expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d,/);
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);
});

describe.each(Object.keys(VIEWPORTS) as Size[])('tracking pages at %s size', (size) => {
  it('every page, with its map drawn and its controls on screen', async () => {
    expect(uid).toBeGreaterThan(0);
    const { context, page, errors } = await open(size);
    const phone = size === 'phone';
    const showList = async () => {
      // A phone keeps the pane it showed last when the trip page moves to another route.
      if (phone) await page.locator('.split-switch .ant-segmented-item').first().click();
    };
    const showMap = async () => {
      if (!phone) return;
      await page.locator('.split-switch').getByText('Map').click();
      // The page brings the map up under the top bar.
      await page.waitForTimeout(700);
    };
    const controlsOnScreen = async (name: string) => {
      for (const box of await page
        .locator('.tracking-toolbar > *')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
        expect(box.right, `${name}: a control runs off the screen`).toBeLessThanOrEqual(
          VIEWPORTS[size].width,
        );
      }
    };

    // trip with a trip chosen: list, then map with replay.
    await page.goto(`${server.url}/#${tripPath}`);
    await page.locator('.trip-entry.is-selected').waitFor();
    await controlsOnScreen('trip');
    await expectNoSidewaysScroll(page, 'trip');
    // On a phone the page itself scrolls to bring the chosen entry into view, which can leave the
    // toolbar half under the sticky top bar (how far depends on the demo data): audit and picture
    // the page as the user finds it on scrolling back up to the controls.
    if (phone) await page.evaluate(() => window.scrollTo(0, 0));
    await viewShot(page, `${size}-trip-list`);
    await showMap();
    await page.getByTestId('replay-dock').waitFor();
    await waitUntil(
      'trip line',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n > 0,
    );
    await page.waitForTimeout(400);
    await viewShot(page, `${size}-trip-map`);

    // trip_range over the last 7 days with a lower maximum speed: more speeding.
    await page.goto(`${server.url}/#/portal/trip_range/${uid}/${lastDays(sceneNow, 7)}/80`);
    await showList();
    await page.locator('.trip-entry').first().waitFor();
    await expect
      .poll(() => page.locator('.tracking-toolbar').innerText(), { timeout: 15000 })
      .toContain('80 km/h');
    await controlsOnScreen('trip_range');
    await expectNoSidewaysScroll(page, 'trip_range');
    await viewShot(page, `${size}-trip_range`);

    // trip_day: the day of the chosen trip.
    const day = tripPath.split('/')[4];
    await page.goto(`${server.url}/#/portal/trip_day/${uid}/${day}`);
    await page.locator('.trip-entry').first().waitFor({ state: 'attached' });
    await showMap();
    await waitUntil(
      'trip_day lines',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n > 0,
    );
    await viewShot(page, `${size}-trip_day`);

    // Trip summary of today.
    await page.goto(`${server.url}/#/portal/trip_summary`);
    await page.locator(`#trip_summary_${uid}`).waitFor();
    await controlsOnScreen('trip_summary');
    await expectNoSidewaysScroll(page, 'trip_summary');
    await viewShot(page, `${size}-trip_summary_list`);

    // Fleet trips of every unit, lines on one map.
    await page.goto(`${server.url}/#/portal/fleet_trips/all/${lastDays(sceneNow, 1)}`);
    await page.locator('.trip-entry').first().waitFor();
    await controlsOnScreen('fleet_trips');
    await expectNoSidewaysScroll(page, 'fleet_trips');
    await viewShot(page, `${size}-fleet_trips-list`);
    await showMap();
    await waitUntil(
      'fleet lines',
      () => renderedFeatures(page, /^trip-.*-line$/),
      (n) => n > 0,
    );
    await viewShot(page, `${size}-fleet_trips-map`);

    // Fleet coverage: the heat map of the unit's moving fixes.
    await page.goto(`${server.url}/#/portal/fleet_coverage_area/${uid}/${lastDays(sceneNow, 1)}`);
    await expect
      .poll(() => page.getByTestId('coverage-stats').innerText(), { timeout: 20000 })
      .toMatch(/Positions\s*[1-9]/);
    if (phone) await page.locator('.split-switch').getByText('Map').click();
    await waitUntil(
      'heat map',
      () => renderedFeatures(page, /^heatmap-/),
      (n) => n > 0,
    );
    await controlsOnScreen('fleet_coverage_area');
    await expectNoSidewaysScroll(page, 'fleet_coverage_area');
    await viewShot(page, `${size}-fleet_coverage_area`);

    // Driver trips: choose the first driver in the picker.
    await page.goto(`${server.url}/#/portal/driver_trips`);
    await page.getByText('Choose one or more drivers to see their trips.').waitFor();
    await page.locator('.trip-panel-empty .ant-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await waitForHashPath(page, (p) => /^\/portal\/driver_trips\/\d+\//.test(p));
    await page.keyboard.press('Escape');
    await page.locator('.trip-entry, .trip-panel .ant-empty').first().waitFor();
    await controlsOnScreen('driver_trips');
    await expectNoSidewaysScroll(page, 'driver_trips');
    await viewShot(page, `${size}-driver_trips`);

    expect(errors).toEqual([]);
    expect(hashPath(page)).toMatch(/^\/portal\/driver_trips\//);
    await context.close();
  }, 180_000);
});
