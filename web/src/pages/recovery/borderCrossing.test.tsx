// The border crossing page (issue 16 item 7) against a fake get_cross_border_data: the last 30 days
// by default, a table of stays abroad (where and when it left and came back, or "still outside"),
// the total, the stay going on now highlighted, and the map (stand-ins: no WebGL) with the border,
// the track abroad and a marker where it left and came back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { userOf } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import BorderCrossingPage from './BorderCrossingPage';
import { NOW, crossBorder, stay } from './views/testing/recoveryFixtures';

vi.mock('../../map', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('../tracking/common/FitPoints', () => ({ default: () => null }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = (path = '/recovery/bordercrossing/7/Truck%207') =>
  renderPage(
    path,
    {
      path: '/recovery/bordercrossing/:id/:title',
      title: 'Border Crossing',
      Component: BorderCrossingPage,
    },
    userOf('support', { username: 'sam' }),
  );

const STILL_OUT = stay({
  exit_time: '2026-11-19T22:00:00Z',
  exit_lat: -25.44,
  exit_lon: 31.98,
  entry_time: null,
  entry_lat: null,
  entry_lon: null,
  country: 'Mozambique',
  seconds_outside: 12 * 3600,
  track: [{ lat: -25.4, lon: 32.1, speed: 90, datetime: '2026-11-19T22:00:00Z' }],
});

describe('border crossing page', PAGE_TEST, () => {
  it('asks for the last 30 days and lists each stay outside, the total, and the stay going on now', async () => {
    wideScreen();
    const api = mockApi({
      get_cross_border_data: (p) => ({
        data: {
          cross_border_data: crossBorder({
            from: p.from,
            to: p.to,
            crossings: [stay(), STILL_OUT],
            seconds_outside: stay().seconds_outside + STILL_OUT.seconds_outside,
            outside_now: true,
          }),
        },
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Border crossing: Truck 7' }),
    ).toBeTruthy();
    const asked = api.requestsOf('get_cross_border_data')[0].parameters;
    expect(asked.uid).toBe(7);
    expect(dayjs(asked.from).format('YYYY-MM-DD HH:mm')).toBe('2026-10-22 00:00');
    expect(dayjs(asked.to).format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 23:59');
    expect(screen.getByLabelText('Date range')).toBeTruthy();

    const now = await screen.findByText('Outside South Africa now');
    expect(now.closest('[role="alert"]')?.textContent).toContain('into Mozambique');
    expect(now.closest('[role="alert"]')?.textContent).toContain('12 hours so far');

    const table = screen.getByRole('table', { name: 'Stays outside South Africa' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Zimbabwe');
    expect(rows[0].textContent).toContain('-22.22000, 29.99000');
    expect(rows[0].textContent).toContain('-22.21000, 29.98000');
    expect(rows[0].textContent).toContain('2 days 4 hours');
    expect(rows[0].classList.contains('border-outside-now')).toBe(false);
    expect(within(rows[1]).getByText('Still outside')).toBeTruthy();
    expect(rows[1].textContent).toContain('12 hours and counting');
    expect(rows[1].classList.contains('border-outside-now')).toBe(true);
    expect(screen.getByText(/Total time outside:/).textContent).toContain(
      'Total time outside: 2 days 16 hours in 2 stays',
    );

    expect(screen.getByTestId('geofences').textContent).toBe('Left 1,Back 1,Left 2');
    await waitFor(() =>
      expect(screen.getByTestId('routes').textContent).toContain('South African border'),
    );
  });

  it('says when the unit did not leave South Africa', async () => {
    mockApi({ get_cross_border_data: () => ({ data: { cross_border_data: crossBorder() } }) });
    open();
    expect(await screen.findByText(/^It did not leave South Africa/)).toBeTruthy();
    expect(screen.getByText('No border crossings in this range')).toBeTruthy();
    expect(screen.queryByText('Outside South Africa now')).toBeNull();
    expect(screen.getByTestId('geofences').textContent).toBe('');
  });

  it('shows the server refusal', async () => {
    mockApi({ get_cross_border_data: () => ({ result: 1, message: 'Unit not found' }) });
    open('/recovery/bordercrossing/99/Gone');
    expect(await screen.findByText('The border crossings could not be read')).toBeTruthy();
  });
});
