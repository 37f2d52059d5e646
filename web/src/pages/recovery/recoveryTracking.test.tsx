// The recovery desk's live map and trip pages (issue 16 item 5) are the tracking pages for a unit
// of any client: through the route table, a support user's /recovery/realtime/{type}/{id} and
// /recovery/trips/{id}[/{datetime}] and /recovery/trip_range/{id}/{daterange}[/{max_speed}] hand
// the route's unit to them, read it on its own (get_unit) and never ask for get_unit_list_full
// (for support staff, every client's units); their links stay under /recovery.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { TripPoint, TripRow } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { mockApi, type TaskHandler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import type { TripMapPanelProps } from '../tracking/common/TripMapPanel';
import { wideScreen } from '../drivers/testing/renderPage';
import { QuietSocket, unitDetail } from './views/testing/recoveryFixtures';
import { RECOVERY_TRIP_PATHS } from './RecoveryTripsPage';
import { tripLink } from '../tracking/trips/tripRoute';
import { parseDateRange } from '../tracking/common/routeParams';

vi.mock('../../map', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('../tracking/live/mapControllers', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).controllerStandIns(await importOriginal()),
);
vi.mock('../tracking/common/TripMapPanel', () => ({
  default: (p: TripMapPanelProps) => (
    <div
      data-testid="trip-map"
      data-paths={p.paths.map((x) => `${x.id}:${x.points.length}`).join(',')}
      data-max={String(p.maxSpeed)}
    />
  ),
}));

beforeEach(() => vi.stubGlobal('WebSocket', QuietSocket));
afterEach(() => vi.unstubAllGlobals());

const support = () => userOf('support', { username: 'sam' });
const day = (time: string) => dayjs(`2026-11-20T${time}`).toISOString();
const TRIP: TripRow = {
  id: 11,
  type: 0,
  start: day('07:00'),
  end: day('07:40'),
  distance: 23.456,
  max_speed: 95,
  duration: 2400,
  start_position: { lat: -26.1, lon: 28.1 },
  end_position: { lat: -26.2, lon: 28.2 },
  label: 'unlabeled',
  driver: null,
  open: false,
  speeding: false,
} as TripRow;
const fix = (time: string, speed: number): TripPoint => ({
  lat: -26,
  lon: 28,
  speed,
  direction: 90,
  datetime: day(time),
});

function deskApi(tasks: Record<string, TaskHandler> = {}) {
  return mockApi({
    get_unit: (p) => ({
      data: { unit: unitDetail(p.uid, { name: `Hilux ${p.uid}`, reg: `CA ${p.uid}` }) },
    }),
    get_trips: () => ({ data: { trips: [TRIP], oversized: false } }),
    get_trip_points: () => ({
      data: { motions: [fix('07:00', 0), fix('07:20', 95), fix('07:40', 0)], thinned: false },
    }),
    ...tasks,
  });
}

describe('recovery live map', () => {
  it("shows a client's unit live, read on its own, with trips leading to the recovery trips", async () => {
    wideScreen();
    const api = deskApi();
    renderApp('/recovery/realtime/unit/7', { user: support() });
    await waitFor(() => expect(screen.getByTestId('mapped').textContent).toBe('7'));
    expect(screen.getByTestId('map-selected').textContent).toBe('7');
    expect(api.requestsOf('get_unit').map((r) => r.parameters)).toContainEqual({ uid: 7 });
    expect(api.tasks()).not.toContain('get_unit_list_full');
    const panel = await screen.findByRole('region', { name: 'Unit Hilux 7' });
    expect(within(panel).getByRole('link', { name: /Trips/ }).getAttribute('href')).toBe(
      '/recovery/trips/7',
    );
    expect(within(panel).queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('shows the several units of a fleet address', async () => {
    const api = deskApi();
    renderApp('/recovery/realtime/fleet/7,8', { user: support() });
    await waitFor(() => expect(screen.getByTestId('mapped').textContent).toBe('7,8'));
    expect(
      api
        .requestsOf('get_unit')
        .map((r) => r.parameters.uid)
        .sort(),
    ).toEqual([7, 8]);
    expect(api.tasks()).not.toContain('get_unit_list_full');
  });
});

describe('recovery trips', () => {
  it("shows a client's unit's trips of the day in the address, and keeps the links under /recovery", async () => {
    const api = deskApi();
    const view = renderApp('/recovery/trips/7/2026-11-20', { user: support() });
    await waitFor(() => expect(document.getElementById('trip_entry_11')).not.toBeNull());
    const trips = api.requestsOf('get_trips')[0].parameters;
    expect(trips.uid).toBe(7);
    expect(dayjs(trips.from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 00:00');
    expect(api.requestsOf('get_trip_points')[0].parameters.uid).toBe(7);
    expect(api.requestsOf('get_unit')[0].parameters).toEqual({ uid: 7 });
    expect(api.tasks()).not.toContain('get_unit_list_full');
    // The unit's name leads back to its recovery page; there is no picker of the user's units.
    const name = await screen.findByRole('link', { name: 'Hilux 7 (CA 7)' });
    expect(name.getAttribute('href')).toBe('/recovery/unit/7');
    expect(screen.queryByRole('combobox', { name: 'Unit' })).toBeNull();

    fireEvent.click(document.getElementById('trip_entry_11')!);
    await waitFor(() => expect(view.location()).toBe('/recovery/trips/7/2026-11-20/11'));
    expect(screen.getByTestId('trip-map').dataset.paths).toBe('11:3');
    fireEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(view.location()).toBe('/recovery/trips/7/2026-11-19'));
  });

  it('reads trip_range with its maximum speed', async () => {
    const api = deskApi();
    renderApp('/recovery/trip_range/7/2026-11-16_2026-11-22/80', { user: support() });
    await waitFor(() => expect(screen.getByTestId('trip-map').dataset.max).toBe('80'));
    const trips = api.requestsOf('get_trips')[0].parameters;
    expect(trips.uid).toBe(7);
    expect(trips.max_speed).toBe(80);
    expect(dayjs(trips.from).format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(dayjs(trips.to).format('YYYY-MM-DD')).toBe('2026-11-22');
    expect(api.tasks()).not.toContain('get_unit_list_full');
  });

  it('links a day, a range and a speed under /recovery', () => {
    const now = dayjs('2026-11-21T10:00');
    const base = {
      kind: 'trip' as const,
      uid: 4,
      range: parseDateRange('2026-11-21')!,
      maxSpeed: 120 as const,
      defaultMaxSpeed: 120 as const,
    };
    const link = (s: Partial<Omit<typeof base, 'kind'>> & { selected?: number; kind?: 'day' }) =>
      tripLink({ ...base, ...s }, now, RECOVERY_TRIP_PATHS);
    expect(link({})).toBe('/recovery/trips/4');
    expect(link({ selected: 9 })).toBe('/recovery/trips/4/2026-11-21/9');
    expect(link({ range: parseDateRange('2026-11-16_2026-11-22')! })).toBe(
      '/recovery/trip_range/4/2026-11-16_2026-11-22',
    );
    // The desk has no trip_day route: a day is a trips link.
    expect(link({ kind: 'day', range: parseDateRange('2026-11-19')! })).toBe(
      '/recovery/trips/4/2026-11-19',
    );
    expect(tripLink({ ...base, uid: null }, now, RECOVERY_TRIP_PATHS)).toBe('/recovery/trips');
  });
});
