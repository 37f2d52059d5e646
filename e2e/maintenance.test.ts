// Service logs, odometer readings and reminders (issue 13 items 1-3) in Debian's Chromium against
// the real server with the demo data, at 1440 and 390 px: a demo user opens the reminders and sees
// each state, opens the vehicle whose service is due soon, logs a service at its odometer and sees
// the reminder become ok. Every page built for it opens (so axe checks it) at both widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

async function openReminders(page: Page) {
  await page.goto(`${server.url}/#/portal/alerts/reminders`);
  await page.getByRole('heading', { level: 1, name: 'Reminders' }).waitFor();
  await page.locator('.reminder-state').first().waitFor();
}

/** The row of the service index whose next service reads `left`. */
async function openVehicleDue(page: Page, left: string): Promise<string> {
  await page.goto(`${server.url}/#/portal/vehicles/service/index`);
  await page.getByRole('heading', { level: 1, name: 'Service Logs' }).waitFor();
  const row = page.locator('tr', { hasText: left }).filter({ hasText: 'Due soon' }).first();
  await row.waitFor();
  const link = row.getByRole('link').first();
  const name = (await link.innerText()).trim();
  await link.click();
  await waitForHashPath(page, (p) => /^\/portal\/vehicles\/service\/index\/\d+$/.test(p));
  await page.getByRole('heading', { level: 1, name: `Service Logs: ${name}` }).waitFor();
  return name;
}

describe('Maintenance', () => {
  for (const size of ['desktop', 'phone'] as const) {
    const width = VIEWPORTS[size].width;

    it(`${size}: the reminders show each state, most urgent first`, async () => {
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
      );
      await openReminders(page);
      const states = await page.locator('.reminder-state').allInnerTexts();
      expect(states.map((s) => s.trim())[0]).toBe('Overdue');
      for (const s of ['Overdue', 'Due soon', 'OK'])
        expect(states.map((x) => x.trim())).toContain(s);
      await expect(page.getByText('overdue by 1,200 km').count()).resolves.toBeGreaterThan(0);
      await screenshot(page, `${size}-reminders`);
      await expectNoSidewaysScroll(page, `reminders at ${width} px`);

      await page
        .locator('tr', { hasText: 'Vehicle service by km' })
        .filter({ hasText: 'Overdue' })
        .locator('td a')
        .first()
        .click();
      await waitForHashPath(page, (p) => /^\/portal\/alerts\/reminder\/\d+$/.test(p));
      await page.getByLabel('Remind me ... km before').waitFor();
      await screenshot(page, `${size}-reminder-edit`);
      await expectNoSidewaysScroll(page, `reminder edit at ${width} px`);

      await page.goto(`${server.url}/#/portal/alerts/reminder`);
      await page.getByRole('heading', { level: 1, name: 'Add Reminder' }).waitFor();
      await screenshot(page, `${size}-reminder-add`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`${size}: the service pages and the odometer readings open`, async () => {
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        undefined,
        VIEWPORTS[size],
      );
      await page.goto(`${server.url}/#/portal/vehicles/service/index`);
      await page.getByRole('heading', { level: 1, name: 'Service Logs' }).waitFor();
      await page.getByText('Due soon').first().waitFor();
      await screenshot(page, `${size}-service-index`);
      await expectNoSidewaysScroll(page, `service index at ${width} px`);

      await openVehicleDue(page, '600 km');
      await page.getByRole('cell', { name: 'Service' }).first().waitFor();
      await screenshot(page, `${size}-service-vehicle`);
      await expectNoSidewaysScroll(page, `vehicle service at ${width} px`);
      await page.getByRole('tab', { name: 'Odometer readings' }).click();
      await page.getByLabel('Odometer (km)').waitFor();
      await screenshot(page, `${size}-service-odometer`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('desktop: logging a service for a vehicle whose service is due makes its reminder ok', async () => {
    const { context, page, errors } = await loggedInPage(browser, server);
    const name = await openVehicleDue(page, '600 km');
    const now = await page.locator('.service-vehicle-facts').getByText(/ km$/).first().innerText();
    const km = Number(now.replace(/[^\d]/g, ''));
    expect(km).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Log a service/ }).click();
    await waitForHashPath(page, (p) => p.startsWith('/portal/vehicles/service/add/'));
    await page.getByLabel('Odometer (km)').fill(String(km));
    await page.getByLabel('Cost (R)').fill('2 450.50');
    await page.getByLabel('Workshop').fill('Midas Centurion');
    await screenshot(page, 'desktop-service-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/service reminder starts again/)
      .first()
      .waitFor();
    await waitForHashPath(page, (p) => /^\/portal\/vehicles\/service\/index\/\d+$/.test(p));
    const facts = page.locator('.service-vehicle-facts');
    await facts.getByText('OK').waitFor();
    await expect(facts.getByText(/^1[45],\d{3} km$/).count()).resolves.toBe(1);
    await page.getByRole('cell', { name: /R.2.450\.50/ }).waitFor();

    await openReminders(page);
    const row = page.locator('tr', { hasText: name }).filter({ hasText: 'Vehicle service by km' });
    await expect(row.locator('.reminder-state').innerText()).resolves.toBe('OK');

    await page.goto(`${server.url}/#/dashboard`);
    await page.getByRole('link', { name: /Reminders due/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
