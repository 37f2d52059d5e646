// Reports (issue 14) in Debian's Chromium against the real server, the demo fleet driven by the
// simulator for the last two days: a demo user picks the Trips and stops report for a bakkie,
// downloads it as PDF and as CSV (the PDF's pages are drawn as PNG with pdftoppm when it is
// installed, to look at), opens the Website version and sorts its table, then schedules the report
// weekly and finds it on the scheduled list. The catalogue, the form and the Website view are seen
// at 1440 and 390 px (axe runs on every screenshot).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { REPO_ROOT } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll } from './support/checks';

let server: RunningServer;
let browser: Browser;
const VEHICLE = 'Toyota Hilux JOH-01';
const OUT = path.join(REPO_ROOT, 'test-results/reports');

beforeAll(async () => {
  ({ server, browser } = await openPortal({
    env: { SIM_UNITS: 'all', SIM_BACKFILL_HOURS: '48' },
  }));
  await server.historyWritten();
  fs.mkdirSync(OUT, { recursive: true });
}, 300_000);
afterAll(() => closePortal(server, browser));

async function openTripsForm(page: Page) {
  await page.goto(`${server.url}/#/portal/reports/report`);
  await page.getByRole('heading', { name: 'Single Vehicles' }).waitFor();
  await page.getByRole('link', { name: /Trips and stops/ }).click();
  await page.getByRole('heading', { level: 2, name: 'Trips and stops' }).waitFor();
  await waitForHashPath(page, (p) => p.startsWith('/portal/reports/report/'));
  await page.locator('#report-ids').click();
  await page.keyboard.type(VEHICLE);
  await page.locator('.ant-select-item-option', { hasText: VEHICLE }).first().click();
}

/** Generates the report in this format and answers the downloaded file's path. */
async function download(page: Page, format: 'PDF' | 'CSV'): Promise<string> {
  await page.getByRole('radio', { name: format }).check();
  const arrived = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: /Generate/ }).click();
  const file = await arrived;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^trips-.+\\.${format.toLowerCase()}$`));
  const saved = path.join(OUT, file.suggestedFilename());
  await file.saveAs(saved);
  await page.getByText(`The ${format} is downloaded`).waitFor();
  return saved;
}

/** The PDF's pages as PNG files beside it (pdftoppm, poppler-utils), when it is installed. */
function pdfPages(pdf: string): string[] {
  try {
    execFileSync('pdftoppm', ['-png', '-r', '60', '-l', '3', pdf, pdf.replace(/\.pdf$/, '')]);
  } catch {
    return [];
  }
  const base = path.basename(pdf, '.pdf');
  return fs.readdirSync(OUT).filter((f) => f.startsWith(base) && f.endsWith('.png'));
}

describe('Reports', () => {
  it('desktop: a trips report as PDF, CSV and Website, then scheduled weekly', async () => {
    const { context, page, errors } = await loggedInPage(browser, server, undefined, {
      ...VIEWPORTS.desktop,
    });
    await page.goto(`${server.url}/#/portal/reports/report`);
    await page.getByRole('heading', { name: 'Single Vehicles' }).waitFor();
    await screenshot(page, 'desktop-reports-catalogue');
    await openTripsForm(page);
    await screenshot(page, 'desktop-reports-form');

    const pdf = await download(page, 'PDF');
    const bytes = fs.readFileSync(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
    const pages = pdfPages(pdf);
    console.log(`trips PDF ${bytes.length} bytes; pages drawn: ${pages.join(', ') || 'none'}`);
    await page
      .getByRole('link', { name: /Back to the form/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Trips and stops' }).waitFor();

    const csv = fs.readFileSync(await download(page, 'CSV'), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Type,Start,End,/);
    // Two days of simulated driving: trips, stops and the total.
    expect(lines.filter((l) => l.startsWith('Trip,')).length).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: /Back to the form/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Trips and stops' }).waitFor();

    await page.getByRole('radio', { name: 'Website' }).check();
    await page.getByRole('button', { name: /Generate/ }).click();
    await waitForHashPath(page, (p) => p.startsWith('/portal/reports/generate/'));
    const view = page.locator('.report-view');
    await view.waitFor({ timeout: 60_000 });
    await expect(view.getByText(VEHICLE).count()).resolves.toBeGreaterThan(0);
    const table = view.locator('table').filter({ hasText: 'Distance' }).first();
    const firstDistance = () => table.locator('tbody tr').first().innerText();
    const before = await firstDistance();
    await table
      .getByRole('columnheader', { name: /Distance/ })
      .first()
      .click();
    await table
      .getByRole('columnheader', { name: /Distance/ })
      .first()
      .click();
    await expect.poll(firstDistance).not.toBe(before);
    await screenshot(page, 'desktop-reports-website');
    // A day's route map draws when it is scrolled to (maps far from view keep no WebGL context).
    const map = view.locator('.report-map').first();
    await map.scrollIntoViewIfNeeded();
    await map.locator('canvas').waitFor();
    await page.waitForTimeout(1500);
    await map.screenshot({ path: path.join(OUT, 'website-route-map.png') });
    await expectNoSidewaysScroll(page, 'the Website report at 1440 px');

    // Schedule it from the form: weekly, as a PDF, to the demo user.
    await openTripsForm(page);
    await page.getByRole('button', { name: /Schedule/ }).click();
    await page.getByLabel('Name').fill('Weekly trips of the Hilux');
    await page.getByRole('radio', { name: 'Weekly' }).check();
    const email = page.locator('#schedule-email');
    if (!(await page.locator('.ant-select-selection-item', { hasText: '@' }).count())) {
      await email.click();
      await page.keyboard.type('fleet@example.com');
      await page.keyboard.press('Enter');
    }
    await screenshot(page, 'desktop-reports-schedule');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForHashPath(page, (p) => p === '/portal/reports/scheduled');
    const row = page.locator('tr', { hasText: 'Weekly trips of the Hilux' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Weekly/);
    // The demo's own schedules, with the run each has made.
    await page.locator('tr', { hasText: 'Monthly fleet summary' }).waitFor();
    await screenshot(page, 'desktop-reports-scheduled');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the downloadable Website file renders on its own, sorts, and asks for nothing', async () => {
    const post = async (url: string, body: unknown, token?: string) =>
      fetch(`${server.url}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const { token } = (await (await post('/api/login', DEMO_USERS.full)).json()) as {
      token: string;
    };
    const units = (await (
      await post('/api/call', { requests: [{ task: 'get_unit_list_full' }] }, token)
    ).json()) as { responses: { data: { units: { uid: number; name: string }[] } }[] };
    const uid = units.responses[0].data.units.find((u) => u.name === VEHICLE)!.uid;
    const res = await post(
      '/api/report',
      {
        requests: [
          {
            task: 'get_report',
            parameters: {
              report: 'trips',
              format: 'html',
              ids: [uid],
              ids_type: 'units',
              date_range: ['2026-11-23', '2026-11-25'],
            },
          },
        ],
      },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    fs.writeFileSync(path.join(OUT, 'trips.html'), html);

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.setContent(html);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const table = page.locator('table').filter({ hasText: 'Distance' }).first();
    const header = table.getByRole('button', { name: /Distance/ });
    const firstRow = () => table.locator('tbody tr').first().innerText();
    const before = await firstRow();
    await header.click();
    await header.click();
    await expect.poll(firstRow).not.toBe(before);
    await expect(table.locator('th[aria-sort]').first().getAttribute('aria-sort')).resolves.toBe(
      'descending',
    );
    await screenshot(page, 'desktop-reports-html-file');
    expect(requests).toEqual([]);
    await context.close();
  });

  it('phone: the catalogue, the form and a Website report fit 390 px', async () => {
    const { context, page, errors } = await loggedInPage(browser, server, undefined, {
      ...VIEWPORTS.phone,
    });
    await page.goto(`${server.url}/#/portal/reports/report`);
    await page.getByRole('heading', { name: 'Single Vehicles' }).waitFor();
    await screenshot(page, 'phone-reports-catalogue');
    await expectNoSidewaysScroll(page, 'the catalogue at 390 px');
    await openTripsForm(page);
    await screenshot(page, 'phone-reports-form');
    await expectNoSidewaysScroll(page, 'the report form at 390 px');
    await page.getByRole('radio', { name: 'Website' }).check();
    await page.getByRole('button', { name: /Generate/ }).click();
    await page.locator('.report-view').waitFor({ timeout: 60_000 });
    await screenshot(page, 'phone-reports-website');
    await expectNoSidewaysScroll(page, 'the Website report at 390 px');
    await page.goto(`${server.url}/#/portal/reports/scheduled`);
    await page.locator('tr', { hasText: 'Daily speeding' }).first().waitFor();
    await screenshot(page, 'phone-reports-scheduled');
    await expectNoSidewaysScroll(page, 'the scheduled list at 390 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});
