// The account pages of issue 15 in Debian's Chromium at desktop and phone width: a client reads
// its statement with the running balance and what is overdue, downloads it as CSV, opens its
// client details with what is missing, and reads the monthly deals; the site-alert icon leads to
// billing and the statement as PDF; support staff land on their operations view and open a client's billing from it.
import fs from 'node:fs';
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
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

describe('account pages', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`a client reads its statement, details and deals (${size})`, async () => {
      const { page, context, errors } = await loggedInPage(
        browser,
        server,
        DEMO_USERS.full,
        VIEWPORTS[size],
      );
      // The site-alert icon lists the overdue account and leads to billing.
      await page.getByRole('button', { name: /^Site alerts, [1-9]/ }).click();
      await page.getByRole('menuitem', { name: /Account overdue/ }).click();
      await waitForHashPath(page, (p) => p === '/portal/account/billing');
      await page
        .getByText(/days overdue/)
        .first()
        .waitFor();
      await page.getByRole('table').getByRole('row').nth(3).waitFor();
      if (size === 'phone') await expectNoSidewaysScroll(page, 'billing on a phone');
      await screenshot(page, `account-billing-${size}`);
      if (size === 'desktop') {
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /CSV/ }).click();
        const file = await (await download).path();
        const csv = fs.readFileSync(file!, 'utf8');
        expect(csv.split('\n')[0]).toMatch(/Date.*Balance/);
        expect(csv).toMatch(/\d+\.\d{2}/);
        const pdfDownload = page.waitForEvent('download');
        await page.getByRole('button', { name: /Download PDF/ }).click();
        const pdf = await pdfDownload;
        expect(pdf.suggestedFilename()).toMatch(/^statement-demo-fleet-\d{4}-\d{2}-\d{2}\.pdf$/);
        expect(
          fs
            .readFileSync((await pdf.path())!)
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      }

      await page.goto(`${server.url}/#/portal/account/client_detail`);
      await page.getByRole('heading', { level: 1, name: 'Client Details' }).waitFor();
      await page.getByLabel(/Registered name/).waitFor();
      if (size === 'phone') await expectNoSidewaysScroll(page, 'client details on a phone');
      await screenshot(page, `account-client-detail-${size}`);

      await page.goto(`${server.url}/#/portal/deals`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByText(/R\s?\d/)
        .first()
        .waitFor();
      await screenshot(page, `account-deals-${size}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('support staff land on the operations view and open an overdue account', async () => {
    const { page, context, errors } = await loggedInPage(browser, server, DEMO_USERS.support);
    await waitForHashPath(page, (p) => p === '/support');
    await page.getByRole('heading', { level: 2, name: 'Overdue accounts' }).waitFor();
    await page.getByRole('link', { name: 'Demo Fleet' }).waitFor();
    await page.getByRole('heading', { name: /Monthly deals/ }).waitFor();
    await screenshot(page, 'support-dashboard-desktop');
    await page.getByRole('link', { name: 'Demo Fleet' }).click();
    await waitForHashPath(page, (p) => /^\/portal\/account\/billing\/\d+$/.test(p));
    await page
      .getByText(/days overdue/)
      .first()
      .waitFor();
    await screenshot(page, 'support-billing-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
