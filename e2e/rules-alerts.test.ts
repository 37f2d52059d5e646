// Rules and alerts in Debian's Chromium against the real server (issue 11): a fleet manager writes a
// speeding rule for one vehicle, the vehicle's tracker sends fixes over the limit through the real
// OsmAnd gateway, the rule-alert badge counts it without a reload, and the alert opens with its
// evidence on a map. Also the notices, the panic notification settings and the support users'
// notice editor, each opened (and so checked by axe) at desktop and phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { VIEWPORTS } from './support/browser';
import { closePortal, loggedInPage, openPortal } from './support/session';
import { DEMO_USERS, screenshot, waitForHashPath } from './support/portal';
import { expectNoSidewaysScroll, waitUntil } from './support/checks';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

/** A Full demo unit reporting over OsmAnd (server/src/demo/data.ts, unit 22). */
const UNIT = { deviceId: 'DF0022', name: 'Isuzu D-Max PRE-22' };
const RULE = 'E2E speeding over 90';
const KNOTS_PER_KMH = 1 / 1.852;

/** One OsmAnd fix through the gateway; resolves once the gateway acknowledged it (stored). */
async function sendFix(time: number, kmh: number, lat: number) {
  const query = new URLSearchParams({
    id: UNIT.deviceId,
    lat: lat.toFixed(6),
    lon: '28.229300',
    timestamp: String(Math.floor(time / 1000)),
    speed: (kmh * KNOTS_PER_KMH).toFixed(2),
    bearing: '0',
    // Driving with the key on: moving with the ignition off would be towing (a demo rule too).
    ignition: 'true',
  });
  const res = await fetch(`http://127.0.0.1:${server.gateways.osmand}/?${query}`, {
    method: 'POST',
  });
  expect(res.status, 'the gateway acknowledges the fix').toBe(200);
}

/** The rule-alert icon's name carries its badge: 'Rule alerts, 3'. */
const ruleAlertBadge = (page: Page) =>
  page.getByRole('button', { name: /^Rule alerts, / }).getAttribute('aria-label');

async function chooseOption(page: Page, fieldId: string, text: string) {
  await page.locator(`#${fieldId}`).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

describe('Rules and alerts', () => {
  it('a speeding rule fires on fixes from a real gateway and its alert shows the evidence', async () => {
    const { context, page, errors } = await loggedInPage(browser, server);
    await waitUntil(
      'the badge at 0',
      () => ruleAlertBadge(page),
      (v) => v === 'Rule alerts, 0',
    );

    await page.goto(`${server.url}/#/portal/rules/add`);
    await page.getByRole('heading', { level: 1, name: 'Add Rule' }).waitFor();
    await page.locator('#rule-name').fill(RULE);
    await page.locator('#rule-type').click();
    await page.locator('.ant-select-item-option', { hasText: /^Speeding$/ }).click();
    await page.locator('#rule-limit').fill('90');
    await page.locator('#rule-grace').fill('0');
    await page.locator('label.ant-radio-button-wrapper', { hasText: 'Chosen units' }).click();
    await chooseOption(page, 'rule-units', UNIT.name);
    await page.keyboard.press('Escape');
    await screenshot(page, 'desktop-rule-add');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForHashPath(page, (p) => !p.endsWith('/add'));
    await page.goto(`${server.url}/#/portal/rules/index`);
    await page.getByRole('link', { name: RULE }).waitFor();
    await screenshot(page, 'desktop-rules');

    // Over 90 km/h but under the demo's own 120 km/h rule, so this rule alone fires.
    const now = await server.now();
    const speeds = [60, 100, 104, 98, 60];
    for (const [i, kmh] of speeds.entries())
      await sendFix(now - (speeds.length - i) * 10_000, kmh, -25.75 + i * 0.0025);

    // The socket's alert message moves the badge: no reload, no 60 s poll.
    await waitUntil(
      'the badge counts the new alert',
      () => ruleAlertBadge(page),
      (v) => v === 'Rule alerts, 1',
    );
    await page.getByRole('button', { name: 'Rule alerts, 1' }).click();
    await waitForHashPath(page, (p) => p === '/portal/alerts/unit_alert');
    const row = page.getByRole('row').filter({ hasText: 'over the 90 km/h limit' });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain(UNIT.name);
    await screenshot(page, 'desktop-rule-alerts');
    await row.first().getByRole('link').first().click();
    await waitForHashPath(page, (p) => /^\/portal\/alerts\/unit_alert\/\d+$/.test(p));
    await page.getByText('Peak 104 km/h over the 90 km/h limit').first().waitFor();
    await page.locator('canvas.maplibregl-canvas').first().waitFor();
    await page.getByRole('link', { name: /trip/i }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'desktop-rule-alert');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('notices, panic notifications and the support notice editor open at both widths', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      // The lite user has not read the demo's priority notice: it pops up by itself, and Close
      // leaves it unread (SPEC §2, §4).
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        DEMO_USERS.lite,
        VIEWPORTS[size],
        { keepNoticePopup: true },
      );
      const popup = page.getByRole('dialog').filter({ hasText: 'Planned maintenance' });
      await popup.waitFor();
      await screenshot(page, `${size}-notice-popup`);
      await popup.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await popup.waitFor({ state: 'hidden' });
      for (const [path, heading] of [
        ['portal/alerts/notices', 'Notices'],
        ['portal/panic_notification', 'Panic Notifications'],
        ['portal/rules/index', 'Rules'],
        ['portal/alerts/unit_alert', 'Rule Alerts'],
      ]) {
        await page.goto(`${server.url}/#/${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${size}-${path.replace(/\//g, '_')}`);
        await expectNoSidewaysScroll(page, `${path} at ${VIEWPORTS[size].width} px`);
      }
      await page.goto(`${server.url}/#/portal/alerts/notices`);
      await page.getByRole('link', { name: 'Planned maintenance on Sunday night' }).click();
      await waitForHashPath(page, (p) => /^\/portal\/alerts\/notice\/\d+$/.test(p));
      await page.getByText('Sunday from 01:00 to 03:00').waitFor();
      await screenshot(page, `${size}-notice`);
      expect(errors).toEqual([]);
      await context.close();

      const support = await loggedInPage(browser, server, DEMO_USERS.support, VIEWPORTS[size]);
      // Support staff write notices on their dashboard; the old /recovery/notices leads there.
      await support.page.goto(`${server.url}/#/recovery/notices`);
      await waitForHashPath(support.page, (p) => p === '/support');
      await support.page.getByRole('heading', { level: 2, name: 'Notices to clients' }).waitFor();
      await support.page.getByText('Planned maintenance on Sunday night').first().waitFor();
      await screenshot(support.page, `${size}-support_notices`);
      await expectNoSidewaysScroll(
        support.page,
        `the support dashboard at ${VIEWPORTS[size].width} px`,
      );
      expect(support.errors).toEqual([]);
      await support.context.close();
    }
  });
});
