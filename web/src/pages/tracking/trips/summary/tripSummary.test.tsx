// Trip summary against a fake of get_trip_summary: totals per unit, links to the unit's trips,
// and the SPEC §2 highlight of the unit in the route (scrolled into view, blinking 5 s).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BLINK_MS } from '@fleet/common';
import { renderApp } from '../../../../test/renderApp';
import { mockApi } from '../../../../test/mockApi';
import { userOf } from '../../../../test/fixtures';
import type { TripSummaryRow } from '@fleet/common';
import { speedBands, secondsAtOrAbove } from '../../common/speedBands';
import { summaryTotals } from './summaryTotals';

const originalScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Element.prototype.scrollIntoView = originalScroll;
});

function row(id: number, name: string, extra: Partial<TripSummaryRow> = {}): TripSummaryRow {
  return {
    id,
    uid: id,
    name,
    reg: `REG ${id}`,
    trips: 3,
    distance: 42.5,
    driving_time: 5400,
    parked_time: 3600,
    max_speed: 110,
    first_start: '2026-11-20T06:10:00.000Z',
    last_end: '2026-11-20T15:20:00.000Z',
    speed_histogram: { low: 1800, '60s': 1800, '80s': 900, '100s': 600, '120s': 300, high: 0 },
    ...extra,
  };
}

const rows = [
  row(1, 'Alpha Hilux'),
  row(2, 'Bravo Canter', { trips: 0, distance: 0, driving_time: 0, max_speed: 0 }),
  row(3, 'Charlie Actros', { max_speed: 134, distance: 310.257 }),
];

describe('Trip summary', () => {
  it('lists every unit with its totals and asks for the range in the route', async () => {
    const api = mockApi({ get_trip_summary: () => ({ data: { trips: rows, count: 3 } }) });
    renderApp('/portal/trip_summary_date/all/2026-11-20_2026-11-20', { user: userOf('full') });
    const charlie = (await screen.findByText('Charlie Actros')).closest('tr')!;
    expect(charlie.id).toBe('trip_summary_3');
    expect(charlie.textContent).toContain('310.26 km');
    expect(charlie.textContent).toContain('1 hour 30 minutes');
    expect(within(charlie).getByText('Charlie Actros').getAttribute('href')).toBe(
      '/portal/trip_range/3/2026-11-20_2026-11-20',
    );
    const totals = screen.getByTestId('summary-totals').textContent;
    expect(totals).toContain('Trips6');
    expect(totals).toContain('Distance352.76 km');
    const request = api.requestsOf('get_trip_summary')[0].parameters;
    expect(new Date(request.from).getDate()).toBe(20);
    expect(new Date(request.to).getTime() - new Date(request.from).getTime()).toBe(86_400_000 - 1);
    // Units that did not drive can be hidden.
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.queryByText('Bravo Canter')).toBeNull());
  });

  it('scrolls the unit of the route into view and blinks it for BLINK_MS', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ get_trip_summary: () => ({ data: { trips: rows, count: 3 } }) });
    renderApp('/portal/trip_summary_date/3/2026-11-20_2026-11-20', { user: userOf('full') });
    await waitFor(() =>
      expect(document.getElementById('trip_summary_3')?.className).toContain('is-blinking'),
    );
    expect(scrolled).toEqual(['trip_summary_3']);
    expect(document.getElementById('trip_summary_1')?.className).not.toContain('is-blinking');
    act(() => {
      vi.advanceTimersByTime(BLINK_MS - 200);
    });
    expect(document.getElementById('trip_summary_3')?.className).toContain('is-blinking');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(document.getElementById('trip_summary_3')?.className).not.toContain('is-blinking');
    expect(scrolled).toEqual(['trip_summary_3']);
  });
});

describe('speed bands', () => {
  it('orders the histogram by speed and sums the bands at or above a threshold', () => {
    const bands = speedBands(rows[0].speed_histogram);
    expect(bands.map((b) => [b.key, b.from, b.to])).toEqual([
      ['low', 0, 60],
      ['60s', 60, 80],
      ['80s', 80, 100],
      ['100s', 100, 120],
      ['120s', 120, 140],
      ['high', 140, null],
    ]);
    expect(bands[0].share).toBeCloseTo(1800 / 5400);
    expect(bands.every((b) => /^#[0-9a-f]{6}$/.test(b.colour))).toBe(true);
    expect(secondsAtOrAbove(bands, 100)).toBe(900);
    expect(secondsAtOrAbove(bands, 120)).toBe(300);
    expect(speedBands({})).toEqual([]);
    expect(speedBands({ low: 0, high: 0 }).every((b) => b.share === 0)).toBe(true);
  });

  it('adds the fleet totals', () => {
    expect(summaryTotals(rows)).toEqual({
      trips: 6,
      distance: 352.76,
      driving_time: 10800,
      parked_time: 10800,
      max_speed: 134,
    });
  });
});
