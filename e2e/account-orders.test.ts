// Quotes and orders in Debian's Chromium against the real server (issue 15), at desktop and at
// phone width: a client requests a quote for a vehicle, a support user prices it, and the client
// sees the price (and the contract) on the quote. The jobs, add-job and work-approval pages open at
// both widths too, so axe checks them and nothing scrolls sideways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

/** Opens an antd select by its control's id, types to narrow it and picks the option. */
async function choose(page: Page, id: string, text: string) {
  await page.locator(`#${id}`).click();
  await page.keyboard.type(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

async function openAccountPage(page: Page, path: string, heading: string) {
  await page.goto(`${server.url}/#/portal/account/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The quote's drawer, from the list. */
async function openQuote(page: Page, reference: string) {
  await page.getByRole('button', { name: `Open ${reference}` }).click();
  const drawer = page.getByRole('dialog', { name: `Quote ${reference}` });
  await drawer.waitFor();
  return drawer;
}

describe('Quotes and orders', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: a client requests a quote, support prices it, the client sees the price`, async () => {
      const viewport = VIEWPORTS[size];
      const client = await loggedInPage(browser, server, DEMO_USERS.full, viewport);
      const page = client.page;
      await openAccountPage(page, 'quotes_orders', 'Quotes & Orders');
      await page.getByRole('button', { name: /Request a quote/ }).click();
      await waitForHashPath(page, (p) => p === '/portal/account/request_quote');
      await page.getByRole('heading', { level: 1, name: 'Request a Quote' }).waitFor();
      await choose(page, 'price_plan', 'Contract');
      await choose(page, 'service_type', 'Full');
      const vehicle = size === 'desktop' ? 'Mercedes Sprinter' : 'Ford Ranger';
      await page.locator('#vehicles_0_description').fill(vehicle);
      await page.locator('#vehicles_0_reg').fill(size === 'desktop' ? 'CA 555-101' : 'ND 77-12');
      await choose(page, 'vehicles_0_vehicle_class', size === 'desktop' ? 'van' : 'bakkie');
      await choose(page, 'vehicles_0_value_band', 'R170000 - R255000');
      await page.getByLabel('Contact phone').fill('082 555 0142');
      await page.getByLabel('Notes').fill('At the Isando depot');
      await screenshot(page, `${size}-request-quote`);
      await expectNoSidewaysScroll(page, `request a quote at ${viewport.width} px`);
      await page.getByRole('button', { name: 'Request quote' }).click();
      const toast = page.locator('.ant-message-notice', { hasText: /requested/ });
      const reference = /Q-\d{4}-\d{4,}/.exec(await toast.innerText())![0];
      await waitForHashPath(page, (p) => p === '/portal/account/quotes_orders');
      await page.getByRole('button', { name: `Open ${reference}` }).waitFor();
      await screenshot(page, `${size}-quotes-list`);
      await expectNoSidewaysScroll(page, `quotes at ${viewport.width} px`);

      // Support prices it.
      const support = await loggedInPage(browser, server, DEMO_USERS.support, viewport);
      await openAccountPage(support.page, 'quotes_orders?status=requested', 'Quotes & Orders');
      const pricing = await openQuote(support.page, reference);
      await pricing.getByText(vehicle).waitFor();
      await pricing.getByLabel('Monthly').fill('299');
      await pricing.getByLabel('Once-off').fill('1 500.50');
      await screenshot(support.page, `${size}-price-quote`);
      await pricing.getByRole('button', { name: 'Send the price' }).click();
      await support.page.locator('.ant-message-notice', { hasText: 'priced' }).waitFor();
      await pricing.getByRole('heading', { name: 'Change the price' }).waitFor();
      await expectNoSidewaysScroll(support.page, `pricing at ${viewport.width} px`);
      expect(support.errors).toEqual([]);
      await support.context.close();

      // The client sees the price, and the contract to print.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Quotes & Orders' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: reference });
      await row.getByText(/R\s299\.00 a month/).waitFor();
      const drawer = await openQuote(page, reference);
      await drawer.getByText(/^R\s299\.00$/).waitFor();
      await drawer.getByText(/^R\s1\s500\.50$/).waitFor();
      await drawer.getByText('36 months').waitFor();
      await drawer.getByRole('button', { name: 'Accept' }).waitFor();
      await screenshot(page, `${size}-quote-priced`);
      await expectNoSidewaysScroll(page, `priced quote at ${viewport.width} px`);
      await drawer.getByRole('button', { name: 'View contract' }).click();
      const contract = page.getByRole('dialog', { name: `Contract for quote ${reference}` });
      await contract
        .getByRole('heading', { name: `Service agreement for quote ${reference}` })
        .waitFor();
      await contract.getByText(/R\s1\s500\.50 once-off, and R\s299\.00 a month/).waitFor();
      await screenshot(page, `${size}-quote-contract`);
      await contract.getByRole('button', { name: 'Back to the quote' }).click();
      await contract.waitFor({ state: 'hidden' });
      expect(client.errors).toEqual([]);
      await client.context.close();
    });

    it(`${size}: jobs, booking a job and work approvals fit and pass axe`, async () => {
      const viewport = VIEWPORTS[size];
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        DEMO_USERS.full,
        viewport,
      );
      await openAccountPage(page, 'jobs?type=installation&status=open', 'Jobs');
      await page.getByRole('row').filter({ hasText: 'Ford Ranger double cab' }).waitFor();
      await screenshot(page, `${size}-jobs`);
      await expectNoSidewaysScroll(page, `jobs at ${viewport.width} px`);
      await openAccountPage(page, 'add_jobs?type=repair', 'Add Job');
      await page
        .getByRole('region', { name: 'Terms and conditions' })
        .getByText(/Booking a job/)
        .waitFor();
      await screenshot(page, `${size}-add-job`);
      await expectNoSidewaysScroll(page, `add job at ${viewport.width} px`);
      await openAccountPage(page, 'work_approvals?status=pending', 'Work Approvals');
      await page.getByText('Replace a damaged harness').waitFor();
      await page.getByText(/R\s1\s250\.00/).waitFor();
      await screenshot(page, `${size}-work-approvals`);
      await expectNoSidewaysScroll(page, `work approvals at ${viewport.width} px`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
