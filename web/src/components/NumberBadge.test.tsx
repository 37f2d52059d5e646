import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NumberBadge, NumberTab, ZERO_COLOUR, badgeText } from './NumberBadge';
import { contrastRatio } from '../theme/contrast';

function badgeOf(container: HTMLElement) {
  return container.querySelector('.ant-badge-count, .ant-scroll-number') as HTMLElement | null;
}

/** #rrggbb as the DOM reports an inline background. */
function cssRgb(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('number badges (SPEC §2)', () => {
  it('shows "off" with a no-connection icon when the value is not numeric', () => {
    for (const value of [undefined, null, 'n/a', NaN, '']) {
      const { container, unmount } = render(<NumberBadge value={value}>x</NumberBadge>);
      expect(screen.getByText('off')).toBeTruthy();
      expect(container.querySelector('[aria-label="no connection"]')).toBeTruthy();
      unmount();
    }
  });

  it('shows a count, numeric strings included', () => {
    render(<NumberBadge value="7">x</NumberBadge>);
    expect(screen.getByTitle('7')).toBeTruthy();
    expect(screen.queryByText('off')).toBeNull();
  });

  it('shows 0 in a gray its white digits read on (4.5:1) and other counts in the alert colour', () => {
    const zero = render(<NumberBadge value={0}>x</NumberBadge>);
    const gray = badgeOf(zero.container)?.style.background;
    expect(gray).toBe(cssRgb(ZERO_COLOUR));
    expect(contrastRatio('#ffffff', ZERO_COLOUR)).toBeGreaterThanOrEqual(4.5);
    zero.unmount();
    const three = render(<NumberBadge value={3}>x</NumberBadge>);
    expect(badgeOf(three.container)?.style.background).toBe('');
  });

  it('"off" sits on the same readable gray', () => {
    const { container } = render(<NumberBadge value={undefined}>x</NumberBadge>);
    const off = container.querySelector('.badge-off') as HTMLElement;
    const zero = render(<NumberBadge value={0}>x</NumberBadge>);
    expect(off.style.background).toBe(badgeOf(zero.container)?.style.background);
  });

  it('gives the text a badge shows, for the name of the button that carries it', () => {
    expect(badgeText(4)).toBe('4');
    expect(badgeText('0')).toBe('0');
    expect(badgeText(120)).toBe('99+');
    expect(badgeText(undefined)).toBe('off');
    expect(badgeText('n/a')).toBe('off');
  });

  it('number tabs use gray for 0 and "off" when unknown', () => {
    const zero = render(<NumberTab label="Open" value={0} />);
    expect(badgeOf(zero.container)?.style.background).toBe(cssRgb(ZERO_COLOUR));
    zero.unmount();
    render(<NumberTab label="Open" value={undefined} />);
    expect(screen.getByText('off')).toBeTruthy();
  });
});
