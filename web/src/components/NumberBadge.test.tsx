import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NumberBadge, NumberTab, ZERO_COLOUR } from './NumberBadge';

function badgeOf(container: HTMLElement) {
  return container.querySelector('.ant-badge-count, .ant-scroll-number') as HTMLElement | null;
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

  it('shows 0 in gray and other counts in the alert colour', () => {
    const zero = render(<NumberBadge value={0}>x</NumberBadge>);
    expect(badgeOf(zero.container)?.style.background).toBe('rgb(191, 191, 191)');
    zero.unmount();
    const three = render(<NumberBadge value={3}>x</NumberBadge>);
    expect(badgeOf(three.container)?.style.background).toBe('');
    expect(ZERO_COLOUR).toBe('#bfbfbf');
  });

  it('number tabs use gray for 0 and "off" when unknown', () => {
    const zero = render(<NumberTab label="Open" value={0} />);
    expect(badgeOf(zero.container)?.style.background).toBe('rgb(191, 191, 191)');
    zero.unmount();
    render(<NumberTab label="Open" value={undefined} />);
    expect(screen.getByText('off')).toBeTruthy();
  });
});
