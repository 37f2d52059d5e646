// The trip pages against a fake of their tasks. The map is replaced by a probe that shows what
// the page hands it (MapLibre needs WebGL; the real drawing is covered end to end).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { TripPoint } from '@fleet/common';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import type { TripRow } from '@fleet/common';
import type { TripMapPanelProps } from '../common/TripMapPanel';

vi.mock('../common/TripMapPanel', () => ({
  default: (p: TripMapPanelProps) => (
    <div
      data-testid="map"
      data-paths={p.paths.map((x) => `${x.id}:${x.points.length}`).join(',')}
      data-stops={(p.stops ?? []).map((s) => s.label).join(',')}
      data-replay={p.replayPoints.length}
      data-max={String(p.maxSpeed)}
      data-label={String(p.replayLabel)}
    />
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const day = (time: string) => dayjs(`2026-11-20T${time}`).toISOString();
function entry(id: number, type: 0 | 1, start: string, end: string, extra: Partial<TripRow> = {}) {
  return {
    id,
    type,
    start: day(start),
    end: day(end),
    distance: 0,
    max_speed: 0,
    duration: dayjs(day(end)).diff(day(start), 'second'),
    start_position: { lat: -26.1, lon: 28.1 },
    end_position: { lat: -26.2, lon: 28.2 },
    label: 'unlabeled',
    driver: null,
    open: false,
    speeding: false,
    ...extra,
  } as TripRow;
}
const ENTRIES: TripRow[] = [
  entry(14, 1, '12:30', '18:00'),
  entry(13, 0, '12:00', '12:30', { distance: 11.111, max_speed: 95, label: 'personal' }),
  entry(12, 1, '07:40', '12:00'),
  entry(11, 0, '07:00', '07:40', {
    distance: 23.456,
    max_speed: 131,
    speeding: true,
    driver: { pid: 1, name: 'Sipho Nkosi' },
  }),
];
const fix = (time: string, speed: number, event?: string): TripPoint => ({
  lat: -26,
  lon: 28,
  speed,
  direction: 90,
  datetime: day(time),
  ...(event ? { event } : {}),
});
const MOTIONS = [
  fix('07:00', 0),
  fix('07:10', 60),
  fix('07:20', 131, 'brake'),
  fix('07:40', 0),
  fix('12:00', 0),
  fix('12:15', 95),
  fix('12:30', 0),
];

function fleetApi(entries = ENTRIES) {
  let trips = entries.map((e) => ({ ...e }));
  return mockApi({
    get_unit_list_full: () => ({
      data: { units: [{ uid: 5, name: 'Toyota Hilux JOH-01', reg: 'BX 100 GP' }], count: 1 },
    }),
    get_trips: () => ({ data: { trips, oversized: false } }),
    get_trip_points: () => ({ data: { motions: MOTIONS, thinned: false } }),
    set_trip_label: (p) => {
      trips = trips.map((t) => (t.id === p.id ? { ...t, label: p.label } : t));
      return { data: { id: p.id, label: p.label } };
    },
  });
}

const map = () => screen.getByTestId('map');
const entryEl = (id: number) => document.getElementById(`trip_entry_${id}`)!;

describe('Trips of a unit', () => {
  it('lists the day newest first with totals, and draws the trips and stops', async () => {
    const api = fleetApi();
    const view = renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    const order = [...document.querySelectorAll('.trip-entry')].map((e) => e.id);
    expect(order).toEqual(['trip_entry_14', 'trip_entry_13', 'trip_entry_12', 'trip_entry_11']);
    const totals = screen.getByTestId('trip-totals');
    expect(within(totals).getByText('34.57 km')).toBeTruthy();
    expect(totals.textContent).toContain('Driving1 hour 10 minutes');
    expect(totals.textContent).toContain('Top speed131 km/h');
    expect(totals.textContent).toContain('Speeding trips1');
    expect(totals.textContent).toContain('1 harsh braking');
    expect(within(entryEl(11)).getByText('Speeding')).toBeTruthy();

    const request = api.requestsOf('get_trips')[0].parameters;
    expect(request.uid).toBe(5);
    expect(request.max_speed).toBe(120);
    expect(dayjs(request.from).format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 00:00');
    expect(dayjs(request.to).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-20 23:59:59');
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
    expect(map().dataset.stops).toBe('5 h 30 min,4 h 20 min');
    expect(map().dataset.replay).toBe(String(MOTIONS.length));
    expect(view.location()).toBe('/portal/trip/5/2026-11-20');
  });

  it('shows only trips or only parked, on the list and the map', async () => {
    fleetApi();
    renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    fireEvent.click(screen.getByText('Parked 2'));
    await waitFor(() => expect(document.querySelectorAll('.trip-entry')).toHaveLength(2));
    expect(map().dataset.paths).toBe('');
    expect(map().dataset.stops).toBe('5 h 30 min,4 h 20 min');
    fireEvent.click(screen.getByText('Trips 2'));
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
    expect(map().dataset.stops).toBe('');
  });

  it('labels a trip business and keeps the label in the list', async () => {
    const api = fleetApi();
    renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    fireEvent.click(entryEl(11).querySelector('.trip-label-button')!);
    await waitFor(() => expect(document.querySelector('.ant-dropdown-menu')).not.toBeNull());
    const business = [...document.querySelectorAll('.ant-dropdown-menu-item')].find(
      (item) => item.textContent === 'Business',
    )!;
    fireEvent.click(business);
    await waitFor(() => expect(api.requestsOf('set_trip_label')).toHaveLength(1));
    expect(api.requestsOf('set_trip_label')[0].parameters).toEqual({ id: 11, label: 'business' });
    await waitFor(() => expect(within(entryEl(11)).getByText('Business')).toBeTruthy());
  });

  it('puts a chosen trip in the URL and hands the map that trip alone to replay', async () => {
    fleetApi();
    const view = renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    fireEvent.click(entryEl(11));
    await waitFor(() => expect(view.location()).toBe('/portal/trip/5/2026-11-20/11'));
    expect(map().dataset.paths).toBe('11:4');
    expect(map().dataset.replay).toBe('4');
    expect(map().dataset.label).toMatch(/^Trip \d\d:\d\d – \d\d:\d\d$/);
    expect(entryEl(11).getAttribute('aria-current')).toBe('true');
    // Choosing it again shows the whole day.
    fireEvent.click(entryEl(11));
    await waitFor(() => expect(view.location()).toBe('/portal/trip/5/2026-11-20'));
    expect(map().dataset.paths).toBe('13:3,11:4');
  });

  it('opens the entry running at the moment of trip/{id}/{datetime}', async () => {
    fleetApi();
    renderApp('/portal/trip/5/2026-11-20T12:10', { user: userOf('full') });
    await screen.findByText('23.46 km');
    await waitFor(() => expect(entryEl(13).getAttribute('aria-current')).toBe('true'));
    expect(map().dataset.paths).toBe('13:3');
  });

  it('steps to the day before and to a maximum speed, each in the URL', async () => {
    const api = fleetApi();
    const view = renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    fireEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(view.location()).toBe('/portal/trip/5/2026-11-19'));
    await waitFor(() => expect(api.requestsOf('get_trips')).toHaveLength(2));
    expect(dayjs(api.requestsOf('get_trips')[1].parameters.from).format('YYYY-MM-DD')).toBe(
      '2026-11-19',
    );
    view.router.navigate('/portal/trip_range/5/2026-11-19_2026-11-20/80');
    await waitFor(() => expect(map().dataset.max).toBe('80'));
    await waitFor(() =>
      expect(api.requestsOf('get_trips').some((r) => r.parameters.max_speed === 80)).toBe(true),
    );
  });

  it('shows the labelled trips between two headings for trip_range_labeled', async () => {
    fleetApi();
    renderApp('/portal/trip_range_labeled/5/2026-11-20_2026-11-20/11/13', {
      user: userOf('full'),
    });
    await waitFor(() => expect(entryEl(13)).not.toBeNull());
    expect([...document.querySelectorAll('.trip-entry')].map((e) => e.id)).toEqual([
      'trip_entry_13',
    ]);
    expect(screen.getByText('Labelled trips of a report')).toBeTruthy();
  });

  it('asks for a unit first on /portal/trip', async () => {
    const api = fleetApi();
    renderApp('/portal/trip', { user: userOf('full') });
    await screen.findByText('Choose a unit to see its trips, stops and replay.');
    expect(api.requestsOf('get_trips')).toHaveLength(0);
  });
});

describe('Trips of a unit in the user time zone', () => {
  // Whatever zone the machine runs in, a Johannesburg user (+02:00) sees Johannesburg days.
  const johannesburg = () => userOf('full', { settings: { timezone: 'Africa/Johannesburg' } });
  const late = {
    ...entry(21, 0, '00:00', '00:40', { distance: 7.5, max_speed: 60 }),
    start: '2026-11-20T22:30:00.000Z',
    end: '2026-11-20T23:10:00.000Z',
    duration: 2400,
  };

  it('asks for the user day and lists a trip under the user day, at the user clock', async () => {
    const api = fleetApi([late]);
    renderApp('/portal/trip/5/2026-11-21', { user: johannesburg() });
    await waitFor(() => expect(entryEl(21)).not.toBeNull());
    const request = api.requestsOf('get_trips')[0].parameters;
    expect(request.from).toBe('2026-11-20T22:00:00.000Z');
    expect(request.to).toBe('2026-11-21T21:59:59.999Z');
    expect(screen.getByRole('list', { name: 'Saturday, 21 November 2026' })).toBeTruthy();
    expect(within(entryEl(21)).getByText('00:30 – 01:10')).toBeTruthy();
    // The range picker shows the user's day too.
    const inputs = [...document.querySelectorAll<HTMLInputElement>('.range-field input')];
    expect(inputs.map((i) => i.value)).toEqual(['2026-11-21 00:00', '2026-11-21 23:59']);
    fireEvent.click(entryEl(21));
    await waitFor(() => expect(map().dataset.label).toBe('Trip 00:30 – 01:10'));
  });
});

describe('Display flag of each trip (SPEC §4)', () => {
  const hideButton = (id: number, name = 'Hide on map') =>
    within(entryEl(id)).getByRole('button', { name });

  it('hides entries from the map one by one or all at once, keeping the list and totals', async () => {
    fleetApi();
    renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
    const totals = screen.getByTestId('trip-totals').textContent;

    fireEvent.click(hideButton(13));
    await waitFor(() => expect(map().dataset.paths).toBe('11:4'));
    expect(entryEl(13).classList.contains('is-hidden')).toBe(true);
    expect(entryEl(13).getAttribute('aria-current')).toBeNull();
    expect(document.querySelectorAll('.trip-entry')).toHaveLength(4);
    expect(screen.getByTestId('trip-totals').textContent).toBe(totals);
    // A parked entry takes its stop off the map.
    fireEvent.click(hideButton(14));
    await waitFor(() => expect(map().dataset.stops).toBe('4 h 20 min'));

    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
    expect(map().dataset.stops).toBe('5 h 30 min,4 h 20 min');
    expect(document.querySelectorAll('.trip-entry.is-hidden')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Hide all' }));
    await waitFor(() => expect(map().dataset.paths).toBe(''));
    expect(map().dataset.stops).toBe('');
    expect(document.querySelectorAll('.trip-entry.is-hidden')).toHaveLength(4);
    expect(screen.getByTestId('trip-totals').textContent).toBe(totals);

    // Choosing a hidden trip shows it: the choice wins over the flag.
    fireEvent.click(entryEl(11));
    await waitFor(() => expect(map().dataset.paths).toBe('11:4'));
    expect(entryEl(11).classList.contains('is-hidden')).toBe(false);
    fireEvent.click(hideButton(11, 'Show on map'));
    fireEvent.click(entryEl(11));
    await waitFor(() => expect(map().dataset.paths).toBe('11:4'));
    expect(entryEl(11).getAttribute('aria-current')).toBeNull();
  });

  it("keeps each unit's flags while the page is open", async () => {
    mockApi({
      get_unit_list_full: () => ({
        data: {
          units: [
            { uid: 5, name: 'Toyota Hilux JOH-01', reg: 'BX 100 GP' },
            { uid: 6, name: 'Isuzu D-Max PTA-02', reg: 'CY 200 GP' },
          ],
          count: 2,
        },
      }),
      get_trips: () => ({ data: { trips: ENTRIES, oversized: false } }),
      get_trip_points: () => ({ data: { motions: MOTIONS, thinned: false } }),
    });
    const view = renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    fireEvent.click(hideButton(13));
    await waitFor(() => expect(map().dataset.paths).toBe('11:4'));

    view.router.navigate('/portal/trip/6/2026-11-20');
    await waitFor(() => expect(view.location()).toBe('/portal/trip/6/2026-11-20'));
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide all' }));
    await waitFor(() => expect(map().dataset.paths).toBe(''));

    view.router.navigate('/portal/trip/5/2026-11-20');
    await waitFor(() => expect(map().dataset.paths).toBe('11:4'));
    expect(entryEl(13).classList.contains('is-hidden')).toBe(true);
    expect(entryEl(11).classList.contains('is-hidden')).toBe(false);
  });

  it('keeps the flags within reach on a phone, without leaving the list', async () => {
    // A phone: the shell's mobile query matches.
    const media = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...media(query),
      matches: query.includes('max-width'),
    }));
    fleetApi();
    renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    await screen.findByText('23.46 km');
    expect(document.querySelector('.split-view.is-mobile')).not.toBeNull();
    fireEvent.click(hideButton(11));
    await waitFor(() => expect(map().dataset.paths).toBe('13:3'));
    // The eye neither chooses the entry nor switches to the map.
    expect(entryEl(11).getAttribute('aria-current')).toBeNull();
    expect(document.querySelector('.split-list.is-hidden')).toBeNull();
    fireEvent.keyDown(hideButton(11, 'Show on map'), { key: 'Enter' });
    expect(entryEl(11).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(map().dataset.paths).toBe('13:3,11:4'));
  });
});
