// routes/index against a fake of its tasks; the map is a stand-in listing what it would draw.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Route, RouteSummary } from '@fleet/common';
import { line, summary } from './testing/routeFixtures';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';

vi.mock('../../map', async (importOriginal) => {
  const { mapStandIns } = await import('./testing/routeStandIns');
  return mapStandIns(await importOriginal());
});

afterEach(() => vi.unstubAllGlobals());

const full = (s: RouteSummary): Route => ({ ...s, polyline: line(40), legs: [] });

function routesApi(routes: RouteSummary[]) {
  let list = routes.map((r) => ({ ...r }));
  return mockApi({
    get_routes: (p) => ({
      data: {
        routes: list.filter(
          (r) => !p.search || r.name.toLowerCase().includes(p.search.toLowerCase()),
        ),
        count: list.length,
        page_count: 1,
      },
    }),
    get_route: (p) => {
      const r = list.find((x) => x.roid === p.roid);
      return r ? { data: { route: full(r) } } : { result: 1, message: 'Route not found' };
    },
    set_route: (p) => {
      list = list.map((r) => (r.roid === p.roid ? { ...r, display: p.display } : r));
      return { data: { route: full(list.find((r) => r.roid === p.roid)!) } };
    },
    delete_route: (p) => {
      list = list.filter((r) => r.roid !== p.roid);
      return { data: {} };
    },
  });
}

const ROUTES = [
  summary(1, 'Airport run', { waypoints: [{ lat: -26.05, lon: 28.05, name: 'Toll' }] }),
  summary(2, 'Depot loop', { display: false, distance: 800, corridor: 250, uids: [] }),
];

describe('Routes list', () => {
  it('lists each route with its ends, waypoints, distance, corridor and units', async () => {
    routesApi(ROUTES);
    // A wide screen: every responsive column shows.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    renderApp('/portal/routes/index', { user: userOf('full') });
    const row = (await screen.findByRole('link', { name: 'Airport run' })).closest('tr')!;
    expect(row.textContent).toContain('Depot → Client');
    expect(row.textContent).toContain('12.3 km');
    expect(row.textContent).toContain('500 m');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('1'); // one waypoint
    expect(cells).toContain('2'); // two units
    // Only displayed routes are drawn.
    expect(screen.getByTestId('routes').textContent).toBe('Airport run:3');
  });

  it('saves the display switch with the full stored line', async () => {
    const api = routesApi(ROUTES);
    renderApp('/portal/routes/index', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('switch', { name: 'Display Depot loop' }));
    await waitFor(() => expect(api.requestsOf('set_route')).toHaveLength(1));
    const sent = api.requestsOf('set_route')[0].parameters;
    expect(sent).toMatchObject({ roid: 2, display: true, name: 'Depot loop', corridor: 250 });
    expect(sent.path).toHaveLength(40);
    await waitFor(() =>
      expect(screen.getByTestId('routes').textContent).toBe('Airport run:3,Depot loop:3'),
    );
  });

  it('shows one route alone on the map, even a hidden one, and back to all', async () => {
    routesApi(ROUTES);
    renderApp('/portal/routes/index', { user: userOf('full') });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show Depot loop alone on the map' }),
    );
    expect(screen.getByTestId('routes').textContent).toBe('Depot loop:3');
    expect(screen.getByText('Depot loop alone')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all routes' }));
    expect(screen.getByTestId('routes').textContent).toBe('Airport run:3');
  });

  it('deletes a route after a confirmation naming it', async () => {
    const api = routesApi(ROUTES);
    renderApp('/portal/routes/index', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Airport run' }));
    await screen.findByText('Delete the route Airport run?');
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_route')[0]?.parameters).toEqual({ roid: 1 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Airport run' })).toBeNull());
  });

  it('offers the three ways to add a route', async () => {
    routesApi(ROUTES);
    const view = renderApp('/portal/routes/index', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: /Add route/ }));
    expect(await screen.findByText('Draw on the map')).toBeTruthy();
    expect(screen.getByText('Between waypoints')).toBeTruthy();
    fireEvent.click(screen.getByText('From a trip'));
    await waitFor(() => expect(view.location()).toBe('/portal/routes/add/trip'));
    expect(await screen.findByRole('link', { name: 'Open the trip pages' })).toBeTruthy();
  });

  it('hides every write from a user who may only view routes', async () => {
    routesApi(ROUTES);
    renderApp('/portal/routes/index', {
      user: userOf('full', { roles: ['feature_routes_view'] }),
    });
    await screen.findByRole('link', { name: 'Airport run' });
    expect(screen.queryByRole('button', { name: /Add route/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Airport run' })).toBeNull();
    expect(
      (screen.getByRole('switch', { name: 'Display Airport run' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
