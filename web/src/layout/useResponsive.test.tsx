// One breakpoint for the phone layout (SPEC §2: mobile mode under 992 px), for the hook every page
// asks and for the style sheets.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MOBILE_BREAKPOINT } from '@fleet/common';
import { useIsMobile } from './useResponsive';

let width = 1440;
const listeners = new Set<() => void>();

/** A window `width` px wide: media queries are answered as a browser would. */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      return max ? width <= Number(max[1]) : false;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
  width = 1440;
});

function resize(to: number) {
  width = to;
  act(() => listeners.forEach((l) => l()));
}

function Probe() {
  return <p>{useIsMobile() ? 'phone layout' : 'desktop layout'}</p>;
}

describe('the phone layout', () => {
  it('starts under 992 px, from the first render', () => {
    width = 991;
    render(<Probe />);
    expect(screen.getByText('phone layout')).toBeTruthy();
  });

  it('follows the window across 992 px both ways', () => {
    width = 992;
    render(<Probe />);
    expect(screen.getByText('desktop layout')).toBeTruthy();
    // 900 px: a tablet, where the live map once kept the desktop layout (its own 768 px).
    resize(900);
    expect(screen.getByText('phone layout')).toBeTruthy();
    resize(1200);
    expect(screen.getByText('desktop layout')).toBeTruthy();
  });

  it('is the only width the style sheets switch at', () => {
    const root = path.resolve(__dirname, '..');
    const sheets = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.css'));
    const widths = sheets.flatMap((f) =>
      [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/@media[^{]*?([\d.]+)px/g)].map(
        (m) => `${f}: ${m[1]}`,
      ),
    );
    expect(widths.length).toBeGreaterThan(0);
    for (const w of widths) expect(w).toMatch(new RegExp(`: ${MOBILE_BREAKPOINT - 0.02}$`));
  });
});
