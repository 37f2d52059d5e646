// The fleet's records in Debian's Chromium against the real server (issue 12), at desktop and at
// phone width: a fleet manager recolours a vehicle and the live map draws it in the new colour;
// makes a label, puts it on a vehicle and narrows the live map to it; adds a driver with an
// iButton id, and the driver list shows them in the vehicle whose tracker reads that tag. Every
// fleet page opens (and so is checked by axe) at both widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openLiveMap, openPortal } from './support/session';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll, waitUntil } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

/** Demo units reporting over OsmAnd (server/src/demo/data.ts). */
const UNITS = {
  desktop: { deviceId: 'DF0022', name: 'Isuzu D-Max PRE-22' },
  phone: { deviceId: 'DF0021', name: 'Toyota Hilux JOH-21' },
} as const;

/** One OsmAnd fix through the gateway, a minute ago by the server's clock. */
async function sendFix(deviceId: string, extra: Record<string, string> = {}) {
  const now = await server.now();
  const query = new URLSearchParams({
    id: deviceId,
    lat: '-26.107600',
    lon: '28.056700',
    timestamp: String(Math.floor((now - 60_000) / 1000)),
    speed: '0',
    bearing: '0',
    ignition: 'false',
    ...extra,
  });
  const res = await fetch(`http://127.0.0.1:${server.gateways.osmand}/?${query}`, {
    method: 'POST',
  });
  expect(res.status, 'the gateway acknowledges the fix').toBe(200);
}

/** The unit features the live map holds, from its unit sources (UnitsLayer: <prefix>-fleet/-selected). */
function unitFeatures(page: Page): Promise<{ uid: number; icon: string }[]> {
  return page.evaluate(async () => {
    const maps = (window as unknown as { __fleetMaps: any[] }).__fleetMaps;
    const out: { uid: number; icon: string }[] = [];
    for (const map of maps) {
      const ids = Object.keys(map.getStyle().sources).filter((id) =>
        /^units.*-(fleet|selected)$/.test(id),
      );
      for (const id of ids) {
        const data = await map.getSource(id).getData();
        for (const f of data?.features ?? [])
          if (typeof f.properties?.uid === 'number')
            out.push({ uid: f.properties.uid, icon: String(f.properties.icon) });
      }
    }
    return out.sort((a, b) => a.uid - b.uid);
  });
}

/** The sprite the live map draws for a unit (its icon: style, class, colour, state). */
async function unitIcon(page: Page, uid: number): Promise<string | null> {
  return (await unitFeatures(page)).find((f) => f.uid === uid)?.icon ?? null;
}

async function openVehicle(page: Page, name: string): Promise<number> {
  await page.goto(`${server.url}/#/portal/vehicles/vehicle/index`);
  await page.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor();
  await page.getByRole('searchbox').first().fill(name);
  await page.getByRole('searchbox').first().press('Enter');
  const link = page.getByRole('link', { name }).first();
  await link.waitFor();
  await link.click();
  await waitForHashPath(page, (p) => /^\/portal\/vehicles\/vehicle\/edit\/\d+$/.test(p));
  await page.locator('#vehicle-name').waitFor();
  return Number(/(\d+)$/.exec(page.url())![1]);
}

async function chooseOption(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
  await page.keyboard.press('Escape');
}

describe('Fleet records', () => {
  for (const size of ['desktop', 'phone'] as const) {
    const unit = UNITS[size];

    it(`${size}: a new icon colour reaches the live map without a reload`, async () => {
      await sendFix(unit.deviceId);
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
        { keepMaps: true },
      );
      const uid = await openVehicle(page, unit.name);
      await screenshot(page, `${size}-vehicle-edit`);
      await expectNoSidewaysScroll(page, `vehicle edit at ${VIEWPORTS[size].width} px`);

      // The live map in a second tab, drawing the unit in its current colour.
      const live = await context.newPage();
      await openLiveMap(live, server.url);
      const before = await waitUntil(
        'the unit on the live map',
        () => unitIcon(live, uid),
        (v) => v !== null,
      );

      const colour = size === 'desktop' ? '#eb2f96' : '#13c2c2';
      await page.getByRole('radio', { name: size === 'desktop' ? 'Magenta' : 'Cyan' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/saved/i).first().waitFor();

      const after = await waitUntil(
        'the live map draws the new colour',
        () => unitIcon(live, uid),
        (v) => v !== null && v !== before && v.includes(colour.slice(1)),
      );
      expect(after).toContain(colour.slice(1));
      await screenshot(live, `${size}-live-recoloured`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${size}: a new label, put on a vehicle, narrows the live map to it`, async () => {
      const label = `E2E ${size} label`;
      // Both vehicles report, so the map has more than the labelled one to leave out.
      for (const u of Object.values(UNITS)) await sendFix(u.deviceId);
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
        { keepMaps: true },
      );
      await page.goto(`${server.url}/#/portal/tag/add`);
      await page.getByRole('heading', { level: 1, name: 'Add Label' }).waitFor();
      await page.locator('#tag-name').fill(label);
      await chooseOption(page, '#tag-uids', unit.name);
      await screenshot(page, `${size}-label-add`);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForHashPath(page, (p) => p === '/portal/tag/index');
      await page.getByText(label).first().waitFor();
      await screenshot(page, `${size}-labels`);
      await expectNoSidewaysScroll(page, `labels at ${VIEWPORTS[size].width} px`);

      await openLiveMap(page, server.url);
      // On a phone the list and the map take turns (the List | Map switch).
      const view = async (which: 'List' | 'Map') => {
        if (size === 'phone')
          await page.getByRole('radiogroup', { name: 'Show' }).getByText(which).click();
      };
      await view('Map');
      await waitUntil(
        'the map draws both reporting vehicles',
        () => unitFeatures(page),
        (features) => features.length >= 2,
      );
      await view('List');
      const units = page.getByRole('listbox', { name: 'Units' }).getByRole('option');
      expect(await units.count()).toBeGreaterThan(1);
      await page.getByRole('combobox', { name: 'Filter units by label' }).click();
      await page.keyboard.type(label);
      await page.locator('.ant-select-item-option', { hasText: label }).first().click();
      await waitUntil(
        'the list shows the labelled vehicle alone',
        () => units.allInnerTexts(),
        (rows) => rows.length === 1 && rows[0].includes(unit.name),
      );
      await screenshot(page, `${size}-live-list-by-label`);
      await view('Map');
      const drawn = await waitUntil(
        'the map draws the labelled vehicle alone',
        () => unitFeatures(page),
        (features) => features.length === 1,
      );
      expect(drawn).toHaveLength(1);
      await screenshot(page, `${size}-live-by-label`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a driver added with an iButton id is named in the vehicle whose tracker reads it', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const unit = UNITS[size];
      const tag = size === 'desktop' ? '01A4F3000E2E' : '01A4F3000F2F';
      const name = size === 'desktop' ? 'Thandi' : 'Pieter';
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
      );
      await page.goto(`${server.url}/#/portal/drivers/add_driver/1`);
      await page.locator('#person-first_name').waitFor();
      await page.locator('#person-first_name').fill(name);
      await page.locator('#person-surname').fill('Testing');
      await page.locator('#person-driver_tag').fill(tag);
      await screenshot(page, `${size}-driver-add`);
      await expectNoSidewaysScroll(page, `driver add at ${VIEWPORTS[size].width} px`);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForHashPath(page, (p) => p === '/portal/drivers/index');

      // The tracker reads the key fob: the vehicle now carries the driver, and the driver's page
      // (opened from the list) names it.
      await sendFix(unit.deviceId, { driverUniqueId: tag });
      const row = page.getByRole('row').filter({ hasText: 'Testing' }).filter({ hasText: name });
      await row.getByRole('link').first().click();
      await waitForHashPath(page, (p) => /^\/portal\/drivers\/edit_driver\/\d+$/.test(p));
      await waitUntil(
        'the driver page names the vehicle',
        async () => {
          await page.reload();
          await page.getByText('Current vehicle:').first().waitFor();
          return page.getByText('Current vehicle:').first().innerText();
        },
        (text) => text.includes(unit.name),
        20_000,
      );
      await screenshot(page, `${size}-driver-edit`);
      await expectNoSidewaysScroll(page, `driver page at ${VIEWPORTS[size].width} px`);
      await page.goto(`${server.url}/#/portal/drivers/index`);
      await row.first().waitFor();
      await screenshot(page, `${size}-drivers`);
      await expectNoSidewaysScroll(page, `drivers at ${VIEWPORTS[size].width} px`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('every fleet page opens at both widths', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
      );
      for (const [path, heading] of [
        ['portal/vehicles/vehicle/index', 'Vehicles'],
        ['portal/vehicles/vehicle/fleet_list', 'Fleets'],
        ['portal/tag/index', 'Labels'],
        ['portal/drivers/index', 'Drivers'],
        ['portal/drivers/remotes/index', 'Remotes'],
        ['portal/account/contact_list', 'Contacts'],
        ['portal/vehicles/mobile/index', 'Mobile Units'],
        ['portal/vehicles/unit/issues', 'Unit Issues'],
      ]) {
        await page.goto(`${server.url}/#/${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${size}-${path.replace(/\//g, '_')}`);
        await expectNoSidewaysScroll(page, `${path} at ${VIEWPORTS[size].width} px`);
        if (path === 'portal/drivers/remotes/index') {
          // A remote's row opens to its latest presses.
          await page
            .getByRole('button', { name: /^Show the presses of remote / })
            .first()
            .click();
          await page
            .getByText(/Latest presses|No presses yet/)
            .first()
            .waitFor();
          await screenshot(page, `${size}-remote-presses`);
          await expectNoSidewaysScroll(page, `remote presses at ${VIEWPORTS[size].width} px`);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("support staff see every client's unit issues, each naming its client", async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        DEMO_USERS.support,
        VIEWPORTS[size],
      );
      await page.goto(`${server.url}/#/portal/vehicles/unit/issues`);
      await page.getByRole('heading', { level: 2, name: 'Unknown devices' }).waitFor();
      // The demo's units stand silent in the pinned scene: the clients' vehicles are listed.
      await page.getByRole('heading', { level: 2, name: 'Vehicles' }).waitFor();
      await page.getByText('Demo Fleet').first().waitFor();
      await screenshot(page, `${size}-support-unit-issues`);
      await expectNoSidewaysScroll(page, `support unit issues at ${VIEWPORTS[size].width} px`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
