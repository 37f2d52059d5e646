// The route editor (routes/add/{pageType}, routes/edit/{roid}) against a fake of its tasks. The map
// is a stand-in listing the line and signs it would draw; the drawing hook is a fake whose
// onChange the tests call as terra-draw would.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { buildRoute, type Route, type TripPoint } from '@fleet/common';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import type { MapDrawOptions } from '../../map/draw/useMapDraw';
import { lineFeature } from '../../map/draw/drawFeatures';

vi.mock('../../map', async (importOriginal) => {
  const { mapStandIns } = await import('./testing/routeStandIns');
  return mapStandIns(await importOriginal());
});
vi.mock('./parts/RoutePointsLayer', async (importOriginal) => {
  const { RoutePointsStandIn } = await import('./testing/routeStandIns');
  return { ...(await importOriginal<object>()), default: RoutePointsStandIn };
});
const draw = vi.hoisted(() => ({ options: null as MapDrawOptions | null }));
vi.mock('../../map/draw/useMapDraw', () => ({
  useMapDraw: (options: MapDrawOptions) => {
    draw.options = options;
    return {
      ready: false,
      mode: options.initialMode ?? 'static',
      setMode: () => {},
      features: [],
      load: () => [],
      clear: () => {},
      remove: () => {},
      select: () => {},
    };
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  draw.options = null;
});

const UNITS = [{ uid: 5, name: 'Toyota Hilux JOH-01', reg: 'BX 100 GP' }];

function stored(roid: number, input: Record<string, any>): Route {
  const built = buildRoute({
    origin: input.origin,
    destination: input.destination,
    waypoints: input.waypoints ?? [],
    path: input.path,
    source: input.source,
  });
  return {
    roid,
    name: input.name,
    display: input.display ?? true,
    colour: input.colour ?? '#1565c0',
    source: input.source,
    origin: built.origin,
    destination: built.destination,
    waypoints: input.waypoints ?? [],
    polyline: built.polyline,
    polyline_overview: built.polyline_overview,
    legs: built.legs,
    distance: built.distance,
    corridor: input.corridor ?? 500,
    uids: input.uids ?? [],
    datetime: '2026-11-20T08:00:00Z',
    updated: '2026-11-20T08:00:00Z',
  };
}

function editorApi(routes: Route[] = [], motions: TripPoint[] = []) {
  const list = [...routes];
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS, count: 1 } }),
    get_trip_points: () => ({ data: { motions, thinned: false } }),
    get_route: (p) => {
      const r = list.find((x) => x.roid === p.roid);
      return r ? { data: { route: r } } : { result: 1, message: 'Route not found' };
    },
    set_route: (p) => {
      const route = stored(p.roid ?? 9, p);
      list.push(route);
      return { data: { route } };
    },
    delete_route: () => ({ data: {} }),
    get_routes: () => ({ data: { routes: [], count: 0, page_count: 0 } }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Route editor', () => {
  it('builds straight legs between typed points, DMS included, and saves them without a path', async () => {
    const api = editorApi();
    const view = renderApp('/portal/routes/add/waypoints', { user: userOf('full') });
    await screen.findByLabelText('Origin coordinates');
    type('Name', 'Airport run');
    type('Origin name', 'Depot');
    type('Origin coordinates', `26°12'15"S 28°2'50"E`);
    type('Destination coordinates', '-26.1367, 28.2411');
    fireEvent.click(screen.getByRole('button', { name: /Add waypoint/ }));
    type('Waypoint 1 coordinates', '-26.17, 28.15');

    expect(screen.getByTestId('markers').textContent).toBe(
      'origin@-26.2042,28.0472 waypoint@-26.1700,28.1500 destination@-26.1367,28.2411',
    );
    expect(screen.getByTestId('route-summary').textContent).toMatch(/\d+\.\d km/);
    const link = screen.getByRole('link', { name: /Open in Google Maps/ }) as HTMLAnchorElement;
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(link.href).toContain('origin=-26.204167,28.047222');
    expect(link.href).toContain('destination=-26.136700,28.241100');
    expect(decodeURIComponent(link.href)).toContain('waypoints=-26.170000,28.150000');

    fireEvent.click(screen.getByRole('button', { name: /Save route/ }));
    await waitFor(() => expect(api.requestsOf('set_route')).toHaveLength(1));
    const sent = api.requestsOf('set_route')[0].parameters;
    expect(sent).toMatchObject({
      name: 'Airport run',
      source: 'waypoints',
      corridor: 500,
      origin: { lat: -26.204167, lon: 28.047222, name: 'Depot' },
      destination: { lat: -26.1367, lon: 28.2411, name: 'End' },
      waypoints: [{ lat: -26.17, lon: 28.15 }],
    });
    expect(sent.path).toBeUndefined();
    await waitFor(() => expect(view.location()).toBe('/portal/routes/edit/9'));
  });

  it('names the field that cannot be read and saves nothing', async () => {
    const api = editorApi();
    renderApp('/portal/routes/add/waypoints', { user: userOf('full') });
    await screen.findByLabelText('Origin coordinates');
    type('Name', 'Bad (route)');
    type('Origin coordinates', 'north of the depot');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'Origin: Coordinates cannot be read: type decimal like -26.2041, 28.0473 or DMS like 26°12\'15"S 28°2\'50"E',
    );
    fireEvent.click(screen.getByRole('button', { name: /Save route/ }));
    const summary = await screen.findByText('The route was not saved');
    const text = summary.closest('.ant-alert')!.textContent!;
    expect(text).toContain('Name must not contain');
    expect(text).toContain('Origin: Coordinates cannot be read');
    expect(text).toContain('Destination: Coordinates are required');
    expect(api.requestsOf('set_route')).toHaveLength(0);
  });

  it('saves a line drawn on the map as the route’s path', async () => {
    const api = editorApi();
    renderApp('/portal/routes/add/draw', { user: userOf('full') });
    await screen.findByRole('button', { name: /Draw a new line/ });
    expect(draw.options?.modes).toEqual(['linestring']);
    const drawn = [
      { lat: -26.2, lon: 28.0 },
      { lat: -26.21, lon: 28.05 },
      { lat: -26.25, lon: 28.06 },
    ];
    act(() => draw.options!.onChange!([lineFeature(drawn)]));
    expect(await screen.findByLabelText('Origin coordinates')).toHaveProperty(
      'value',
      '-26.200000, 28.000000',
    );
    type('Name', 'Drawn');
    fireEvent.click(screen.getByRole('button', { name: /Save route/ }));
    await waitFor(() => expect(api.requestsOf('set_route')).toHaveLength(1));
    expect(api.requestsOf('set_route')[0].parameters).toMatchObject({
      source: 'drawn',
      path: drawn,
    });
  });

  it('makes a route from a trip: its fixes simplified, the ends named after the trip', async () => {
    const from = '2026-11-20T06:00:00.000Z';
    const to = '2026-11-20T06:40:00.000Z';
    // 41 fixes on a straight line with one bend: simplified to three.
    const motions: TripPoint[] = Array.from({ length: 41 }, (_, i) => ({
      lat: i <= 20 ? -26 - i * 0.001 : -26.02,
      lon: i <= 20 ? 28 : 28 + (i - 20) * 0.001,
      speed: 50,
      direction: 180,
      datetime: new Date(Date.parse(from) + i * 60_000).toISOString(),
    }));
    const api = editorApi([], motions);
    renderApp(`/portal/routes/add/trip?uid=5&from=${from}&to=${to}`, { user: userOf('full') });
    await screen.findByLabelText('Origin coordinates');
    expect(api.requestsOf('get_trip_points')[0].parameters).toEqual({ uid: 5, from, to });
    expect((screen.getByLabelText('Origin name') as HTMLInputElement).value).toMatch(
      /^Start \d\d:\d\d$/,
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toMatch(
      /^Toyota Hilux JOH-01 /,
    );
    expect(screen.getByTestId('routes').textContent).toMatch(/:\d+$/);
    fireEvent.click(screen.getByRole('button', { name: /Save route/ }));
    await waitFor(() => expect(api.requestsOf('set_route')).toHaveLength(1));
    const sent = api.requestsOf('set_route')[0].parameters;
    expect(sent.source).toBe('trip');
    expect(sent.path).toEqual([
      { lat: -26, lon: 28 },
      { lat: -26.02, lon: 28 },
      { lat: -26.02, lon: 28.02 },
    ]);
  });

  it('says a missing or foreign route is not found', async () => {
    editorApi();
    renderApp('/portal/routes/edit/77', { user: userOf('full') });
    expect(await screen.findByText('Route not found')).toBeTruthy();
  });

  it('logs a route line that cannot be built and goes on with a message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const route = stored(3, {
      name: 'Broken',
      source: 'drawn',
      origin: { lat: -26, lon: 28 },
      destination: { lat: -26.1, lon: 28.1 },
      path: [
        { lat: -26, lon: 28 },
        { lat: -26.1, lon: 28.1 },
      ],
    });
    route.polyline = [
      { lat: -26, lon: 28 },
      { lat: Number.NaN, lon: 28.1 },
    ];
    editorApi([route]);
    renderApp('/portal/routes/edit/3', { user: userOf('full') });
    expect(
      await screen.findAllByText('The route line cannot be drawn from these points'),
    ).not.toHaveLength(0);
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Broken');
    expect(warn).toHaveBeenCalled();
  });

  it('shows a stored route’s distance and steps, and deletes it after confirmation', async () => {
    const route = stored(4, {
      name: 'Loop',
      source: 'waypoints',
      origin: { lat: -26, lon: 28, name: 'Depot' },
      destination: { lat: -26.05, lon: 28.05, name: 'Shop' },
      waypoints: [{ lat: -26.05, lon: 28, name: 'Corner' }],
    });
    const api = editorApi([route]);
    const view = renderApp('/portal/routes/edit/4', { user: userOf('full') });
    expect(await screen.findByTestId('routes')).toHaveProperty(
      'textContent',
      `Loop:${route.polyline.length}`,
    );
    fireEvent.click(screen.getByText(/^Steps \(\d+\)$/));
    expect(await screen.findByText('Arrive at Corner')).toBeTruthy();
    expect(screen.getByText('Arrive at Shop')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await screen.findByText('Delete the route Loop?');
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_route')[0]?.parameters).toEqual({ roid: 4 }));
    await waitFor(() => expect(view.location()).toBe('/portal/routes/index'));
  });
});
