// The recovery desk (issue 16) in Debian's Chromium against the real server: a panic button pressed
// on a demo bakkie reaches the real OsmAnd gateway, and the chase-up appears on the queue of a
// logged-in support user without a reload, with the top bar's count; the agent takes it, logs a call
// to the client, resolves it, and it is locked. Then every page of the desk (search, client, unit,
// recovery log, border crossing, backup units, live map and trips of any client's unit) at desktop
// and phone width, each checked by axe.
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

/** A panic (OsmAnd alarm=sos) through the gateway; resolves once the gateway stored it. */
async function pressPanic() {
  const time = await server.now();
  const query = new URLSearchParams({
    id: UNIT.deviceId,
    lat: '-25.747900',
    lon: '28.229300',
    timestamp: String(Math.floor(time / 1000)),
    speed: '0',
    bearing: '0',
    alarm: 'sos',
  });
  const res = await fetch(`http://127.0.0.1:${server.gateways.osmand}/?${query}`, {
    method: 'POST',
  });
  expect(res.status, 'the gateway acknowledges the panic').toBe(200);
}

/** One /api/call task as the support user. */
async function task(name: string, parameters: Record<string, unknown> = {}) {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<any>);
  const { token } = await post('/api/login', DEMO_USERS.support);
  const answer = await post('/api/call', { requests: [{ task: name, parameters }] }, token);
  return answer.responses[0] as { result: number; message?: string; data: any };
}

/** The chase-up icon's name carries its badge: 'Chase-ups, 3'. */
const chaseupBadge = async (page: Page) => {
  const label = await page.getByRole('button', { name: /^Chase-ups/ }).getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1] ?? 0);
};

async function chooseOption(page: Page, fieldId: string, text: string) {
  await page.locator(`#${fieldId}`).click();
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

describe('The recovery desk', () => {
  it('a panic through a real gateway reaches the queue live; taken, called, resolved, locked', async () => {
    const { context, page, errors } = await loggedInPage(browser, server, DEMO_USERS.support);
    await page.goto(`${server.url}/#/recovery/chase_up`);
    await page.getByRole('heading', { level: 1, name: 'Chase-ups' }).waitFor();
    const queue = page.getByRole('table');
    await queue.waitFor();
    const before = await chaseupBadge(page);
    expect(await queue.getByRole('row', { name: new RegExp(UNIT.name) }).count()).toBe(0);

    await pressPanic();
    // No reload: the socket's push (or at worst the 15 s poll) brings it.
    const row = queue.getByRole('row', { name: new RegExp(`${UNIT.name}.*Panic wired`) });
    await row.waitFor({ timeout: 20_000 });
    await waitUntil(
      'the badge counts the new chase-up',
      () => chaseupBadge(page),
      (n) => n === before + 1,
    );
    await expect(row.getByText(/Waiting|waited/i).count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'recovery-queue-desktop');

    await row.getByRole('button', { name: /^Take chase-up \d+$/ }).click();
    const path = await waitForHashPath(page, (p) => p.startsWith('/recovery/chase_up_detail/'));
    const id = Number(path.split('/').pop());
    await page.getByRole('heading', { level: 1, name: `Chase-up ${id}: Panic wired` }).waitFor();
    await waitUntil(
      'the badge drops once it is taken',
      () => chaseupBadge(page),
      (n) => n === before,
    );

    // The agent calls the client's emergency contact and logs the call.
    const form = page.getByRole('form', { name: 'Log a call' });
    await form.getByLabel('Who').fill('Anita Naidoo');
    await form.getByLabel('Number').fill('082 555 0101');
    const outcomeId = await form.getByLabel('Outcome').getAttribute('id');
    await chooseOption(page, outcomeId!, 'Answered');
    await form.getByLabel('Notes').fill('Client confirms the driver pressed it by mistake.');
    await form.getByRole('button', { name: 'Save call log' }).click();
    const calls = page.getByRole('list', { name: 'Calls made, newest first' });
    await calls.getByText('Anita Naidoo').waitFor();
    await screenshot(page, 'recovery-chaseup-detail-desktop');

    await page
      .getByRole('group', { name: 'Chase-up actions' })
      .getByRole('button', { name: 'Resolve' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: /locked/ })
      .waitFor();
    expect(await page.getByRole('group', { name: 'Chase-up actions' }).count()).toBe(0);

    // Locked on the server too: a later change is refused and nothing is stored.
    const refused = await task('set_chaseup_event', { id, state: 2 });
    expect(refused.result).toBe(1);
    expect(refused.message).toMatch(/resolved/i);
    const stored = await task('get_chaseup_event', { id });
    expect(stored.data.chaseup_event.state).toBe(3);
    expect(stored.data.timeline.map((t: any) => t.kind)).toEqual(
      expect.arrayContaining(['event', 'state', 'call']),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the queue and a chase-up at phone width', async () => {
    const { context, page, errors } = await loggedInPage(
      browser,
      server,
      DEMO_USERS.support,
      VIEWPORTS.phone,
    );
    await page.goto(`${server.url}/#/recovery/chase_up`);
    await page.getByRole('tab', { name: 'Closed' }).click();
    const row = page.getByRole('row', { name: new RegExp(UNIT.name) }).first();
    await row.waitFor();
    await expectNoSidewaysScroll(page, 'the queue at 390 px');
    await screenshot(page, 'recovery-queue-phone');
    await row.getByRole('link').first().click();
    await waitForHashPath(page, (p) => p.startsWith('/recovery/chase_up_detail/'));
    await page.getByRole('heading', { level: 1, name: /^Chase-up \d+/ }).waitFor();
    await expectNoSidewaysScroll(page, 'a chase-up at 390 px');
    await screenshot(page, 'recovery-chaseup-detail-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`search, client, unit, recovery log, border crossing, backup units, live map and trips (${width})`, async () => {
      const { context, page, errors } = await loggedInPage(
        browser,
        server,
        DEMO_USERS.support,
        viewport,
      );
      const shot = async (name: string) => {
        await expectNoSidewaysScroll(page, `${name} at ${width}`);
        await screenshot(page, `recovery-${name}-${width}`);
      };
      // Search answers as you type; Enter opens the first unit.
      await page.goto(`${server.url}/#/recovery/search`);
      const box = page.getByLabel('Search units, clients and people');
      await box.fill('PRE-22');
      await page
        .getByRole('link', { name: new RegExp(UNIT.name) })
        .first()
        .waitFor();
      await shot('search');
      await page
        .getByRole('link', { name: new RegExp(UNIT.name) })
        .first()
        .click();
      await waitForHashPath(page, (p) => p.startsWith('/recovery/unit/'));
      await page.getByRole('heading', { level: 1, name: new RegExp(UNIT.name) }).waitFor();
      // The live state reads as it should: the town above its coordinates, a space before the
      // time since (the item's content is a flex box, which once set them side by side unspaced).
      const fact = (label: string) =>
        page
          .locator('.recovery-facts .ant-descriptions-item')
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator('.ant-descriptions-item-content');
      const coords = fact('Position').locator('.recovery-muted');
      expect(await coords.innerText()).toMatch(/^-?\d+\.\d+, -?\d+\.\d+$/);
      const townBox = await coords.locator('xpath=preceding-sibling::div[1]').boundingBox();
      const coordsBox = await coords.boundingBox();
      expect(coordsBox!.y).toBeGreaterThanOrEqual(townBox!.y + townBox!.height - 1);
      expect(await fact('Last data').innerText()).toMatch(/\d \(.+ ago\)$/);
      await shot('unit');

      // Its client, then back to a recovery log of the unit.
      const uid = Number(
        (await waitForHashPath(page, (p) => p.startsWith('/recovery/unit/'))).split('/').pop(),
      );
      const unit = await task('get_recovery_unit', { uid });
      await page.goto(`${server.url}/#/recovery/client/${unit.data.unit.cid}`);
      await page
        .getByRole('heading', { level: 1, name: new RegExp(unit.data.unit.client_name) })
        .waitFor();
      await shot('client');
      await page.goto(`${server.url}/#/recovery/add/recovery_log/${uid}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByLabel(/Recovery team/).waitFor();
      await shot('log-add');

      // The demo's finished recovery log from last week.
      const logs = await task('get_recovery_logs', { state: 1 });
      expect(logs.data.recovery_logs.length).toBeGreaterThan(0);
      await page.goto(
        `${server.url}/#/recovery/edit/recovery_log/${logs.data.recovery_logs[0].id}`,
      );
      // The form fills in once the log is read.
      await waitUntil(
        'the police case number',
        () => page.getByLabel(/Police case number/).inputValue(),
        (v) => v !== '',
      );
      await shot('log-edit');

      // The demo bus that drove to Zimbabwe and back 24 days ago.
      const bus = (await task('search', { q: 'JOH-17' })).data.search.units[0];
      await page.goto(
        `${server.url}/#/recovery/bordercrossing/${bus.uid}/${encodeURIComponent(bus.name)}`,
      );
      await page.getByRole('table').getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      await shot('border');

      // The Amarok and its hidden second tracker.
      const amarok = (await task('search', { q: 'CAP-12' })).data.search.units[0];
      await page.goto(
        `${server.url}/#/recovery/backup_units/${amarok.uid}/${encodeURIComponent(amarok.name)}`,
      );
      await page
        .getByText(/Isuzu NPR CAP-28/)
        .first()
        .waitFor();
      await shot('backup');

      // Any client's unit on the tracking pages.
      // (At phone width the live map shows the map first and its unit list behind a button.)
      await page.goto(`${server.url}/#/recovery/realtime/unit/${uid}`);
      await page.getByText(UNIT.name).first().waitFor({ state: 'attached' });
      await page.locator('.maplibregl-canvas').first().waitFor();
      await shot('realtime');
      await page.goto(`${server.url}/#/recovery/trips/${uid}`);
      await page.getByText(UNIT.name).first().waitFor({ state: 'attached' });
      await shot('trips');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
