// Fleet trips, driver trips and fleet coverage against a fake of their tasks; the maps are
// probes showing what the pages hand them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderApp } from '../../../../test/renderApp';
import { mockApi } from '../../../../test/mockApi';
import { userOf } from '../../../../test/fixtures';
import type { FleetTripRow } from '@fleet/common';
import type { TripMapPanelProps } from '../../common/TripMapPanel';
import { lineUnits } from './useFleetLines';

vi.mock('../../common/TripMapPanel', () => ({
  default: (p: TripMapPanelProps) => (
    <div
      data-testid="map"
      data-paths={p.paths.map((x) => `${x.id}:${x.points.length}`).join(',')}
      data-replay={p.replayPoints.length}
    />
  ),
}));
vi.mock('../../../../map', () => ({
  MapView: ({ children }: { children: unknown }) => (
    <div data-testid="coverage-map">{children as never}</div>
  ),
  HeatmapLayer: ({ points }: { points: { weight?: number }[] }) => (
    <span
      data-testid="heat"
      data-points={points.length}
      data-weights={points.map((p) => p.weight).join(',')}
    />
  ),
  useMap: () => ({}),
  fitToPoints: () => true,
}));

// The file is handed to the browser by downloadText; the CSV itself is built for real.
const downloads = vi.hoisted(() => [] as { name: string; text: string; mime: string }[]);
vi.mock('../../../../components/download', async (original) => ({
  ...(await original<typeof import('../../../../components/download')>()),
  downloadText: (name: string, text: string, mime: string) => downloads.push({ name, text, mime }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  downloads.length = 0;
});

const at = (time: string) => dayjs(`2026-11-20T${time}`).toISOString();
function trip(id: number, uid: number, start: string, end: string): FleetTripRow {
  return {
    id,
    uid,
    unit_name: `Unit ${uid}`,
    reg: `REG ${uid}`,
    type: 0,
    start: at(start),
    end: at(end),
    distance: 12.345,
    max_speed: 90,
    duration: dayjs(at(end)).diff(at(start), 'second'),
    start_position: { lat: -26, lon: 28 },
    end_position: { lat: -26.1, lon: 28.1 },
    label: 'unlabeled',
    driver: { pid: 7, name: 'Thandi Mokoena' },
    open: false,
  };
}
const TRIPS = [
  trip(21, 5, '10:00', '10:30'),
  trip(20, 6, '09:00', '09:20'),
  trip(19, 5, '08:00', '08:45'),
];
const fixes = (times: string[]) =>
  times.map((t) => ({ lat: -26, lon: 28, speed: 50, direction: 0, datetime: at(t) }));

function api() {
  return mockApi({
    get_unit_list_full: () => ({ data: { units: [], count: 0 } }),
    get_fleet_trips: () => ({ data: { trips: TRIPS, oversized: false } }),
    get_driver_trips: () => ({
      data: { trips: TRIPS, people: [{ pid: 7, name: 'Thandi Mokoena' }] },
    }),
    get_people: () => ({
      data: {
        people: [
          {
            pid: 7,
            name: 'Thandi Mokoena',
            first_name: 'Thandi',
            surname: 'Mokoena',
            is_driver: true,
          },
        ],
        count: 1,
      },
    }),
    get_trip_points: (p) => ({
      data: {
        motions:
          p.uid === 5
            ? fixes(['08:00', '08:20', '08:45', '10:00', '10:30'])
            : fixes(['09:00', '09:20']),
        thinned: false,
      },
    }),
    get_coverage: (p) => ({
      data: {
        cells: [
          [-26, 28, 40],
          [-26.1, 28.1, 12],
          [-26.2, 28.2, 3],
        ],
        cell_size: 0.005,
        points: p.uids?.[0] === 4 ? 70 : 55,
        units: 1,
        truncated: p.uids?.[0] === 4,
        left_out: p.uids?.[0] === 4 ? { cells: 9, points: 15 } : { cells: 0, points: 0 },
      },
    }),
  });
}

describe('Fleet trips', () => {
  it('lists the trips of every unit and draws each unit’s lines', async () => {
    const calls = api();
    renderApp('/portal/fleet_trips/all/2026-11-20_2026-11-20', { user: userOf('full') });
    await screen.findByText('Unit 6');
    expect(document.querySelectorAll('.trip-entry')).toHaveLength(3);
    const request = calls.requestsOf('get_fleet_trips')[0].parameters;
    expect(request.uids).toBeUndefined();
    expect(dayjs(request.from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 00:00');
    await waitFor(() => expect(screen.getByTestId('map').dataset.paths).toBe('21:2,19:3,20:2'));
    expect(screen.getByTestId('trip-totals').textContent).toContain('37.04 km');
  });

  it('asks for the units of the route, and replays the trip chosen', async () => {
    const calls = api();
    renderApp('/portal/fleet_trips/5,6/2026-11-20_2026-11-20', { user: userOf('full') });
    await screen.findByText('Unit 6');
    expect(calls.requestsOf('get_fleet_trips')[0].parameters.uids).toEqual([5, 6]);
    document.getElementById('fleet_trip_19')!.click();
    await waitFor(() => expect(screen.getByTestId('map').dataset.paths).toBe('19:5'));
    expect(screen.getByTestId('map').dataset.replay).toBe('5');
    const last = calls.requestsOf('get_trip_points').at(-1).parameters;
    expect(last).toMatchObject({ uid: 5, from: at('08:00'), to: at('08:45') });
  });

  it('downloads the trips listed as CSV, one line each', async () => {
    api();
    renderApp('/portal/fleet_trips/all/2026-11-01_2026-11-25', { user: userOf('full') });
    await screen.findByText('Unit 6');
    fireEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    expect(downloads).toHaveLength(1);
    const [file] = downloads;
    expect(file.name).toBe('trips-2026-11-01-to-2026-11-25.csv');
    expect(file.mime).toBe('text/csv;charset=utf-8');
    const lines = file.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Unit,Registration,Start,End,Duration,Distance (km),Max speed (km/h),Driver',
    );
    expect(lines.slice(1, -1)).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^Unit 5,REG 5,2026-11-20 10:00,2026-11-20 10:30,0:30:00,12.35,90,Thandi Mokoena$/,
    );
  });

  it('offers no download when there are no trips', async () => {
    mockApi({
      get_unit_list_full: () => ({ data: { units: [], count: 0 } }),
      get_fleet_trips: () => ({ data: { trips: [], oversized: false } }),
    });
    renderApp('/portal/fleet_trips/all/2026-11-20_2026-11-20', { user: userOf('full') });
    await screen.findByText(/^No trips/);
    expect(
      (screen.getByRole('button', { name: /Download CSV/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('draws the busiest units first when there are too many to draw', () => {
    const rows = [5, 5, 5, 6, 7, 7].map((uid) => ({ uid }));
    expect(lineUnits(rows, 2)).toEqual([5, 7]);
  });
});

describe('Driver trips', () => {
  it('asks for drivers first, then lists the trips of the drivers in the route', async () => {
    const calls = api();
    const view = renderApp('/portal/driver_trips', { user: userOf('full') });
    await screen.findByText('Choose one or more drivers to see their trips.');
    expect(calls.requestsOf('get_driver_trips')).toHaveLength(0);
    await view.router.navigate('/portal/driver_trips/7/2026-11-20_2026-11-20');
    await screen.findByText('Unit 6');
    expect(calls.requestsOf('get_driver_trips')[0].parameters.pids).toEqual([7]);
  });
});

describe('Fleet coverage', () => {
  it('draws the coverage of the units in the route as a heat map', async () => {
    const calls = api();
    renderApp('/portal/fleet_coverage_area/3/2026-11-20_2026-11-20', { user: userOf('full') });
    await waitFor(() => expect(screen.getByTestId('heat').dataset.points).toBe('3'));
    expect(calls.requestsOf('get_coverage')[0].parameters.uids).toEqual([3]);
    expect(screen.getByTestId('heat').dataset.weights).toBe('40,12,3');
    // Every moving position counted, though three weighted cells are drawn.
    expect(screen.getByTestId('coverage-stats').textContent).toContain('Positions55');
    expect(screen.queryByText(/left out/)).toBeNull();
  });

  it('says how much was left out when the server kept only the busiest cells', async () => {
    api();
    renderApp('/portal/fleet_coverage_area/4/2026-11-20_2026-11-20', { user: userOf('full') });
    await screen.findByText(
      'The busiest 3 places are drawn; 15 positions in 9 rarely visited places are left out.',
    );
    expect(screen.getByTestId('coverage-stats').textContent).toContain('Positions70');
  });
});
