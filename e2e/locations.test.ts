// Geofence locations in Debian's Chromium against the real server: a polygon and a circle drawn on
// the editor's map with the mouse, saved, listed, drawn on the live map behind the Locations
// toggle; "Add location here" from the live map's context menu; KML export and import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openLiveMap, openPortal } from './support/session';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { expectAccessible } from './support/axe';
import { expectNoSidewaysScroll, waitUntil } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

const POLYGON = 'E2E Drawn Yard';
const CIRCLE = 'E2E Drawn Circle';

/** The editor's map canvas: its centre in page pixels. */
async function mapCentre(page: Page) {
  const canvas = page.locator('.location-map canvas.maplibregl-canvas');
  await canvas.waitFor();
  const box = (await canvas.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Names of the features the live map's geofence layers draw in view now. */
function geofenceNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const maps = (window as unknown as { __fleetMaps: any[] }).__fleetMaps;
    const names = new Set<string>();
    for (const map of maps) {
      if (!map.style) continue;
      const ids = map
        .getStyle()
        .layers.map((l: { id: string }) => l.id)
        .filter((id: string) => /^geofences-.*-(fill|label)$/.test(id));
      if (!ids.length) continue;
      for (const f of map.queryRenderedFeatures({ layers: ids })) names.add(f.properties.name);
    }
    return [...names].sort();
  });
}

async function openEditor(page: Page, lat: number, lng: number) {
  await page.goto(`${server.url}/#/portal/locations/add/${lat.toFixed(6)}/${lng.toFixed(6)}`);
  await page.getByRole('heading', { level: 1, name: 'Add Location' }).waitFor();
  await page.getByRole('toolbar', { name: 'Drawing tools' }).waitFor();
}

describe('Locations', () => {
  it('draws a polygon and a circle, lists them and shows them on the live map', async () => {
    const { context, page, errors } = await loggedInPage(
      browser,
      server,
      DEMO_USERS.full,
      VIEWPORTS.desktop,
      { keepMaps: true },
    );

    // A polygon: four clicks, then the first corner again closes it.
    await openEditor(page, -25.95, 27.9);
    await page.getByLabel('Name').fill(POLYGON);
    await page.getByText('Polygon', { exact: true }).click();
    await page.getByRole('button', { name: 'Draw polygon', pressed: true }).waitFor();
    const c = await mapCentre(page);
    const corners = [
      [-120, -90],
      [110, -100],
      [130, 80],
      [-100, 100],
    ];
    for (const [dx, dy] of corners) {
      await page.mouse.click(c.x + dx, c.y + dy);
      await page.waitForTimeout(150);
    }
    await page.mouse.click(c.x + corners[0][0], c.y + corners[0][1]);
    // Finished: the shape is selected for editing and the form counts its corners.
    await page.getByRole('button', { name: 'Edit', pressed: true }).waitFor();
    await page.getByText(/^4 corners\./).waitFor();
    // A corner dragged outwards stays a corner: still 4, and the polygon is saved as drawn.
    await page.mouse.move(c.x + 130, c.y + 80);
    await page.mouse.down();
    await page.mouse.move(c.x + 170, c.y + 120, { steps: 8 });
    await page.mouse.up();
    await page.getByText(/^4 corners\./).waitFor();
    await screenshot(page, 'locations-add-polygon');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForHashPath(page, (p) => p.startsWith('/portal/locations/index_list'));
    await page.getByText(`Location ${POLYGON} saved`).waitFor();

    // A circle: the editor starts with a 100 m point; a circle drawn anew sets centre and radius.
    await openEditor(page, -25.9, 28.0);
    await page.getByLabel('Name').fill(CIRCLE);
    await expect(page.getByLabel('Radius').inputValue()).resolves.toBe('100');
    await page.getByRole('button', { name: 'Draw circle' }).click();
    const m = await mapCentre(page);
    await page.mouse.click(m.x, m.y);
    await page.mouse.move(m.x + 120, m.y, { steps: 6 });
    await page.mouse.click(m.x + 120, m.y);
    await page.getByRole('button', { name: 'Edit', pressed: true }).waitFor();
    // 120 px at the editor's zoom: some tens of metres, no longer the 100 m it started with.
    const radius = Number(await page.getByLabel('Radius').inputValue());
    expect(radius).toBeGreaterThan(10);
    expect(radius).not.toBe(100);
    // Typed degrees-minutes-seconds move the centre; a wrong pair is named as such.
    const coordinates = page.getByLabel('Coordinates (centre)');
    await coordinates.fill('north of here');
    await page.getByText('Not a coordinate pair').waitFor();
    await coordinates.fill(`25°54'0"S 28°0'36"E`);
    await page.getByText('Reads as -25.900000, 28.010000').waitFor();
    await page.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('Now -25.900000, 28.010000', { exact: false }).waitFor();
    await screenshot(page, 'locations-add-circle');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForHashPath(page, (p) => p.startsWith('/portal/locations/index_list'));

    // Both listed, with their shapes.
    await page.getByPlaceholder('Search by name').fill('E2E Drawn');
    await page.getByPlaceholder('Search by name').press('Enter');
    const polygonRow = page.getByRole('row').filter({ hasText: POLYGON });
    const circleRow = page.getByRole('row').filter({ hasText: CIRCLE });
    await polygonRow.waitFor();
    await expect(polygonRow.innerText()).resolves.toContain('4 corners');
    await expect(circleRow.innerText()).resolves.toContain(`${radius} m radius`);
    await expectAccessible(page, 'location list with the drawn shapes');
    await expectNoSidewaysScroll(page, 'location list');

    // The live map draws them once the Locations toggle is on.
    await openLiveMap(page, server.url);
    await page.getByRole('button', { name: 'Map display' }).click();
    const toggle = page.getByRole('switch', { name: 'Locations' });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      const maps = (window as unknown as { __fleetMaps: any[] }).__fleetMaps;
      maps.at(-1).jumpTo({ center: [27.95, -25.93], zoom: 11 });
    });
    const names = await waitUntil(
      'the drawn locations on the live map',
      () => geofenceNames(page),
      (n) => n.includes(POLYGON) && n.includes(CIRCLE),
    );
    expect(names).toEqual(expect.arrayContaining([POLYGON, CIRCLE]));
    await screenshot(page, 'locations-live-map');

    // Right-click on the live map: "Add location here" opens the editor at that spot.
    const live = page.locator('.live-map-view canvas.maplibregl-canvas');
    const box = (await live.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    const item = page.getByRole('menuitem', { name: 'Add location here' });
    await item.waitFor();
    await expect(item.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expectAccessible(page, 'live map context menu');
    await screenshot(page, 'locations-context-menu');
    await page.keyboard.press('Escape');
    await item.waitFor({ state: 'detached' });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
    await item.click();
    const path = await waitForHashPath(page, (p) => p.startsWith('/portal/locations/add/'));
    const [, lat, lng] = /add\/(-?\d+\.\d{6})\/(-?\d+\.\d{6})$/.exec(path) ?? [];
    expect(Number(lat)).toBeCloseTo(-25.93, 1);
    expect(Number(lng)).toBeCloseTo(27.95, 1);
    await page.getByRole('heading', { level: 1, name: 'Add Location' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('exports KML, previews an import with what is refused, and imports', async () => {
    const { context, page, errors } = await loggedInPage(browser, server);
    await page.goto(`${server.url}/#/portal/locations/index_list`);
    await page.getByRole('link').filter({ hasText: /\w/ }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export KML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('locations.kml');
    const exported = await (await download.createReadStream()).toArray();
    const kml = Buffer.concat(exported).toString('utf8');
    expect(kml).toContain('<kml');
    expect(kml).toContain('<Placemark>');

    const file = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>KML Fuel Stop</name><Point><coordinates>28.2,-25.8,0</coordinates></Point></Placemark>
<Placemark><name>KML Yard</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
28.30,-25.80 28.32,-25.80 28.32,-25.82 28.30,-25.82 28.30,-25.80</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
<Placemark><name>KML Bow Tie</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
28.40,-25.80 28.42,-25.82 28.42,-25.80 28.40,-25.82 28.40,-25.80</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
</Document></kml>`;
    await page.getByRole('button', { name: 'Import KML' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import locations from KML' });
    await dialog.getByLabel('KML file').setInputFiles({
      name: 'places.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(file),
    });
    await dialog.getByText('Will be created (2)').waitFor();
    await dialog.getByText('Refused (1)').waitFor();
    await expect(dialog.innerText()).resolves.toMatch(/KML Bow Tie: .*cross/);
    await expectAccessible(page, 'KML import preview');
    await screenshot(page, 'locations-kml-preview');
    await dialog.getByRole('button', { name: 'Import 2 locations' }).click();
    await page.getByText('2 locations imported').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByPlaceholder('Search by name').fill('KML');
    await page.getByPlaceholder('Search by name').press('Enter');
    await page.getByRole('link', { name: 'KML Yard' }).waitFor();
    await expect(page.getByRole('link', { name: 'KML Fuel Stop' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'KML Bow Tie' }).count()).resolves.toBe(0);

    // A malformed file: the server's message, and nothing stored.
    await page.getByRole('button', { name: 'Import KML' }).click();
    await dialog.getByLabel('KML file').setInputFiles({
      name: 'broken.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from('<kml><Document><Placemark><name>Half'),
    });
    await dialog.getByText('Nothing was imported').waitFor();
    await expect(
      dialog.getByRole('button', { name: 'Import 0 locations' }).isDisabled(),
    ).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('lays out the pages on a phone', async () => {
    const { context, page, errors } = await loggedInPage(
      browser,
      server,
      DEMO_USERS.full,
      VIEWPORTS.phone,
    );
    for (const path of ['index_list', 'index', 'add/-26.200000/28.040000']) {
      await page.goto(`${server.url}/#/portal/locations/${path}`);
      await page.locator('h1').waitFor();
      await page.waitForTimeout(500);
      await expectNoSidewaysScroll(page, `locations ${path}`);
      await screenshot(page, `locations-phone-${path.split('/')[0]}`);
    }
    // The map page on a phone: List | Map; a row opens the map on its location.
    await page.goto(`${server.url}/#/portal/locations/index`);
    await page.getByRole('button', { name: /Johannesburg Main Depot/ }).click();
    await page.locator('.location-map-card').getByText('Johannesburg Main Depot').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
