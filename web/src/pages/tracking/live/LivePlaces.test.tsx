import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../../../auth/session';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { makeUnit } from '../../../map/testing/units';
import { LiveWorkspace } from './LiveWorkspace';

// The live map's locations and routes (SPEC §4): what the layers are given, and what is saved.
vi.mock('../../../map', async (importOriginal) =>
  (await import('./testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('./mapControllers', async (importOriginal) =>
  (await import('./testing/mapStandIns')).controllerStandIns(await importOriginal()),
);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
});

const location = (lid: number, name: string) => ({
  lid,
  name,
  type: 'point',
  geofence: [{ lat: -26.2, lon: 28.05 }],
  lat: -26.2,
  lon: 28.05,
  lng: 28.05,
  radius: 150,
  colour: '#7b1fa2',
  address: '',
  notes: '',
  updated: '2026-11-25T08:00:00Z',
});
const route = (roid: number, name: string, display = true) => ({
  roid,
  name,
  display,
  colour: '#1565c0',
  polyline_overview: [
    { lat: -26.2, lon: 28.05 },
    { lat: -26.1, lon: 28.1 },
  ],
});

function renderLive(ui_settings: Record<string, unknown>) {
  document.cookie = 'token=t; Path=/';
  useSession.setState({ token: 't', user: userOf('full', { ui_settings }) });
  const api = mockApi({
    set_user_ui_settings: (p) => ({ data: { ui_settings: p } }),
    // Two pages of locations: the map reads them all.
    get_locations: (p) => ({
      data: {
        locations: p.page === 1 ? [location(1, 'Depot')] : [location(2, 'Customer')],
        count: 2,
        page_count: 2,
      },
    }),
    get_routes: () => ({
      data: {
        routes: [route(1, 'North run'), route(2, 'South run'), route(3, 'Hidden run', false)],
        count: 3,
        page_count: 1,
      },
    }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveWorkspace
        title="Live Map"
        units={[makeUnit(1, { name: 'Truck 1' })]}
        loading={false}
        error={null}
        onRetry={() => undefined}
        status="live"
        target={null}
        targetKey=""
        emptyText="No units"
        canShare={false}
      />
    </QueryClientProvider>,
  );
  return api;
}

const geofences = () => screen.getByTestId('geofences');
const routes = () => screen.getByTestId('routes').textContent;
const saved = (api: ReturnType<typeof mockApi>) =>
  api.requestsOf('set_user_ui_settings').map((r) => r.parameters);

describe('live map places', () => {
  it('draws every page of locations, shapes without names at first, in the normal fill', async () => {
    renderLive({ show_locations: true });
    await waitFor(() => expect(geofences().textContent).toBe('Depot,Customer'));
    expect(geofences().dataset).toMatchObject({ shapes: 'true', labels: 'false', fill: '0.22' });
  });

  it('changes the display type and the fill from the Places button and saves them', async () => {
    const api = renderLive({ show_locations: true });
    fireEvent.click(screen.getByRole('button', { name: 'Places' }));
    fireEvent.click(await screen.findByText('Shapes, names'));
    expect(geofences().dataset).toMatchObject({ shapes: 'true', labels: 'true' });
    fireEvent.click(screen.getByText('Names'));
    expect(geofences().dataset).toMatchObject({ shapes: 'false', labels: 'true' });
    fireEvent.click(screen.getByText('Clear'));
    expect(geofences().dataset.fill).toBe('0');
    fireEvent.click(screen.getByText('Custom'));
    expect(geofences().dataset.fill).toBe('0.4');
    await waitFor(() => expect(saved(api)).toHaveLength(4));
    expect(saved(api)).toEqual([
      { location_display_type: 1 },
      { location_display_type: 2 },
      { location_opacity: 'Clear' },
      { location_opacity: 'Custom' },
    ]);
  });

  it('reads saved choices, and the Polygons toggle switches the fill off', async () => {
    renderLive({ show_locations: true, location_display_type: 'Labels', location_opacity: 2 });
    await waitFor(() => expect(geofences().textContent).toBe('Depot,Customer'));
    expect(geofences().dataset).toMatchObject({ shapes: 'false', labels: 'true', fill: '0.4' });
    fireEvent.click(screen.getByRole('button', { name: 'Map display' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Polygons' }));
    expect(geofences().dataset.fill).toBe('0');
  });

  it('showing locations resets the display type to the first one (SPEC §4)', async () => {
    const api = renderLive({ show_locations: false, location_display_type: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Map display' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Locations' }));
    await waitFor(() => expect(geofences().textContent).toBe('Depot,Customer'));
    expect(geofences().dataset).toMatchObject({ visible: 'true', labels: 'false' });
    await waitFor(() => expect(saved(api)).toHaveLength(2));
    expect(saved(api)).toEqual([{ show_locations: true }, { location_display_type: 0 }]);
  });

  it('shows routes by their own flag, one by one as the user chooses, or one alone', async () => {
    const api = renderLive({ display_routes: true, route_display: { 2: false } });
    // Hidden run has display false; South run was hidden by this user.
    await waitFor(() => expect(routes()).toBe('North run'));
    fireEvent.click(screen.getByRole('button', { name: 'Places' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Hidden run' }));
    expect(routes()).toBe('North run,Hidden run');
    await waitFor(() => expect(saved(api)).toEqual([{ route_display: { 2: false, 3: true } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Show South run alone' }));
    expect(routes()).toBe('South run');
    fireEvent.click(screen.getByRole('button', { name: 'Show all routes again' }));
    expect(routes()).toBe('North run,Hidden run');
    // Showing alone is not saved.
    expect(saved(api)).toHaveLength(1);
  });
});
