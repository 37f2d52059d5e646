// The range field shows and gives the user's days (settings.timezone), not the browser's. The user
// zone is Auckland (+13:00 in November), which no test machine is likely to run in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { nowInZone, setUserZone } from '../../../components/zone';
import RangeField, { presetOf } from './RangeField';
import { dayRange, parseDateRange } from './routeParams';

afterEach(() => setUserZone(undefined));

describe('range field in the user time zone', () => {
  it('shows the user days in both layouts', () => {
    setUserZone('Pacific/Auckland');
    const range = parseDateRange('2026-11-20')!;
    const desktop = render(<RangeField value={range} onChange={() => {}} />);
    const inputs = [...desktop.container.querySelectorAll('input')].map((i) => i.value);
    expect(inputs).toEqual(['2026-11-20 00:00', '2026-11-20 23:59']);
    desktop.unmount();

    render(<RangeField mobile value={range} onChange={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('20 Nov 2026');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('20 Nov 2026');
  });

  it("knows the user's today among the presets", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Friday 12:30 UTC is already Saturday 01:30 in Auckland.
      vi.setSystemTime(new Date('2026-11-20T12:30:00Z'));
      setUserZone('Pacific/Auckland');
      expect(presetOf(dayRange(nowInZone()))).toBe('today');
      expect(presetOf(parseDateRange('2026-11-21')!)).toBe('today');
      expect(presetOf(parseDateRange('2026-11-20')!)).toBe('yesterday');
    } finally {
      vi.useRealTimers();
    }
  });
});
