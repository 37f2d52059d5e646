// What the browser suites check on every page they open: no script errors, no sideways scrolling,
// and maps that really drew something.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Collects the page's uncaught errors and console errors from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** The page fits the window's width: nothing to scroll sideways to. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Features MapLibre really rendered in layers whose id matches, across the page's maps (those the
 * pages keep in window.__fleetMaps once a test opts in with an init script).
 */
export function renderedFeatures(page: Page, layer: RegExp): Promise<number> {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    // MapLibre's own types are not loaded in the page's context: the map is used as it comes.
    const maps = (window as unknown as { __fleetMaps: any[] }).__fleetMaps;
    let n = 0;
    for (const map of maps) {
      const ids = map
        .getStyle()
        .layers.map((l: { id: string }) => l.id)
        .filter((id: string) => pattern.test(id));
      if (ids.length) n += map.queryRenderedFeatures({ layers: ids }).length;
    }
    return n;
  }, layer.source);
}

/** Reads `read` every 250 ms until `ok` says yes; fails with the last value after `timeout` ms. */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeout = 15000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}
