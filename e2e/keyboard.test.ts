// The portal with the keyboard alone (WCAG 2.1.1, 2.1.2, 2.4.3): logging in, the live map from
// its unit list to its panel and map controls and out again, and the user and side menus. No
// clicks: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys only. Each step asserts where the
// focus is by the focused element's role and accessible name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './support/server';
import { closePortal, openPortal } from './support/session';
import { localContext, VIEWPORTS } from './support/browser';
import { DEMO_USERS, waitForHashPath } from './support/portal';
import { noteUser } from './support/axe';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openPortal());
});
afterAll(() => closePortal(server, browser));

interface Focus {
  role: string;
  name: string;
  /** Inside which of the page's parts: the map, the unit list, a menu... */
  within: string[];
}

/** The focused element's role and accessible name, as a screen reader would announce them. */
function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { role: 'none', name: '', within: [] };
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const labelledBy = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ||
      (labelledBy && textOf(labelledBy)) ||
      (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
      el.textContent ||
      '';
    const implicit: Record<string, string> = { A: 'link', BUTTON: 'button', INPUT: 'textbox' };
    const parts = [
      ['map', '[data-testid="live-map"]'],
      ['unit list', '[role="listbox"]'],
      ['unit panel', '.unit-panel'],
      ['menu', '.ant-dropdown'],
      ['side menu', '.portal-sider'],
      ['top bar', '.portal-header'],
    ];
    return {
      role: el.getAttribute('role') ?? implicit[el.tagName] ?? el.tagName.toLowerCase(),
      name: label.replace(/\s+/g, ' ').trim(),
      within: parts.filter(([, selector]) => el.closest(selector)).map(([part]) => part),
    };
  });
}

/** Presses `key` until the focus passes `test`; fails after `max` presses, listing where it went. */
async function pressUntil(
  page: Page,
  key: string,
  test: (focus: Focus) => boolean,
  max = 40,
): Promise<Focus[]> {
  const path: Focus[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    // Menus move their focus on the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const focus = await focused(page);
    path.push(focus);
    if (test(focus)) return path;
  }
  throw new Error(
    `${key} ×${max} never reached it; focus went:\n${path.map((f) => `  ${f.role} "${f.name}"`).join('\n')}`,
  );
}

const named = (role: string, name: string | RegExp) => (f: Focus) =>
  f.role === role && (typeof name === 'string' ? f.name === name : name.test(f.name));

async function logInByKeyboard(page: Page, viewport = VIEWPORTS.desktop) {
  await page.setViewportSize(viewport);
  await page.goto(`${server.url}/#/login`);
  await page.getByLabel('Username').waitFor();
  // The page puts the focus in its first field.
  await expect.poll(() => focused(page)).toMatchObject({ role: 'textbox', name: 'Username' });
  await page.keyboard.type(DEMO_USERS.full.username);
  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatchObject({ role: 'textbox', name: 'Password' });
  await page.keyboard.type(DEMO_USERS.full.password);
  await pressUntil(page, 'Tab', named('button', 'Log in'), 3);
  await page.keyboard.press('Enter');
  await waitForHashPath(page, (p) => !p.startsWith('/login'));
  noteUser(page.context(), DEMO_USERS.full.username);
  await page.locator('.portal-header').waitFor();
  // The demo's priority notice pops up once (SPEC §2); its buttons are reached by Tab too.
  const popup = page.getByRole('dialog').filter({ hasText: 'Mark as read' });
  if (
    await popup.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    await pressUntil(page, 'Tab', named('button', 'Mark as read'), 6);
    await page.keyboard.press('Enter');
    await popup.waitFor({ state: 'hidden' });
  }
}

describe('keyboard only', () => {
  it('logs in, and the first Tab on a page offers to skip to its content', async () => {
    const context = await localContext(browser, server);
    const page = await context.newPage();
    await logInByKeyboard(page);
    expect(await waitForHashPath(page, (p) => p === '/dashboard')).toBe('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ role: 'button', name: 'Skip to content' });
    await page.keyboard.press('Enter');
    expect((await focused(page)).role).toBe('main');
    await context.close();
  });

  it('reaches the unit list, opens a unit, its map controls, and leaves the map by Tab', async () => {
    const context = await localContext(browser, server);
    const page = await context.newPage();
    await logInByKeyboard(page);
    await page.goto(`${server.url}/#/portal/viewrealtime`);
    await page.getByRole('listbox', { name: 'Units' }).getByRole('option').first().waitFor();

    // Search, status tiles, then the list: one Tab stop, the arrows move inside it.
    await pressUntil(page, 'Tab', named('textbox', 'Search units'));
    await pressUntil(page, 'Tab', (f) => f.role === 'option');
    const first = await focused(page);
    await page.keyboard.press('ArrowDown');
    const second = await focused(page);
    expect(second.role).toBe('option');
    expect(second.name).not.toBe(first.name);
    const unitName = await page.evaluate(
      () => document.activeElement!.querySelector('.unit-row-name')!.textContent!,
    );
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: `Unit ${unitName}` });
    await panel.waitFor();
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-selected')),
    ).resolves.toBe('true');

    // Tab leaves the list at once (it is one stop) for the map canvas; its arrows pan the map
    // and keep the focus.
    const toCanvas = await pressUntil(page, 'Tab', (f) => f.within.includes('map'));
    expect(toCanvas).toHaveLength(1);
    expect(toCanvas[0]).toMatchObject({ role: 'region', name: 'Map' });
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).name).toBe('Map');
    // Then its controls, all buttons with names.
    await pressUntil(page, 'Tab', named('button', 'Zoom in'), 3);
    await page.keyboard.press('Enter');
    await pressUntil(page, 'Tab', named('button', 'Map display'), 6);
    await page.keyboard.press('Enter');
    const toggles = page.getByRole('group', { name: 'Map display' });
    await toggles.waitFor();
    await page.keyboard.press('Escape');
    await toggles.waitFor({ state: 'hidden' });
    // And out of the map to the unit's panel beside it: no trap.
    const out = await pressUntil(page, 'Tab', (f) => !f.within.includes('map'), 6);
    expect(out.at(-1)!.within).toContain('unit panel');
    await pressUntil(page, 'Shift+Tab', (f) => f.within.includes('map'), 2);

    // The panel's own controls: the unit's panel closes from the keyboard.
    await pressUntil(page, 'Tab', named('button', 'Close unit panel'));
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('opens and closes the user menu, and the side menu on a desktop and on a phone', async () => {
    const context = await localContext(browser, server);
    const page = await context.newPage();
    await logInByKeyboard(page);

    const trigger = named('button', /user menu$/);
    await pressUntil(page, 'Tab', trigger);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu').filter({ hasText: 'Log Out' });
    await menu.waitFor();
    await expect.poll(async () => (await focused(page)).within).toContain('menu');
    await pressUntil(page, 'ArrowDown', named('menuitem', 'Change Password'), 10);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatchObject({
      role: 'button',
      name: expect.stringMatching(/user menu$/),
    });
    // Enter on an item follows it.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await pressUntil(page, 'ArrowDown', named('menuitem', 'Change Password'), 10);
    await page.keyboard.press('Enter');
    await waitForHashPath(page, (p) => p === '/portal/password');

    // The side menu: the button beside it shuts and opens it.
    const sider = page.getByTestId('side-menu');
    await pressUntil(page, 'Shift+Tab', named('button', 'Close menu'));
    await page.keyboard.press('Enter');
    await expect(sider.getAttribute('data-state')).resolves.toBe('closed');
    expect(await focused(page)).toMatchObject({ role: 'button', name: 'Open menu' });
    await page.keyboard.press('Space');
    await expect(sider.getAttribute('data-state')).resolves.toBe('open');

    // On a phone the open menu covers the page: focus goes in, Escape closes it and comes back.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.locator('[data-testid="side-menu"][data-state="closed"]').waitFor();
    await page.keyboard.press('Escape');
    await pressUntil(page, 'Shift+Tab', named('button', 'Open menu'));
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="side-menu"][data-state="open"]').waitFor();
    expect((await focused(page)).within).toContain('side menu');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="side-menu"][data-state="closed"]').waitFor();
    expect(await focused(page)).toMatchObject({ role: 'button', name: 'Open menu' });
    // Shut, its links are out of the Tab order: Tab goes from the button to the top bar.
    const next = await pressUntil(page, 'Tab', () => true, 1);
    expect(next[0].within).not.toContain('side menu');
    await context.close();
  });
});
