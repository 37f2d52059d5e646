// vehicle/index against a fake of the fleet record tasks: the table, its filters and sorting, and
// the CSV export.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import {
  FIRST_RENDER,
  fleetApi,
  pick,
  vehicleOf,
  wideScreenMedia,
} from './testing/vehicleFixtures';

// The whole app and an antd table under jsdom take tens of seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

const downloads: { name: string; text: string }[] = [];
vi.mock('../../components/download', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/download')>()),
  downloadText: (name: string, text: string) => downloads.push({ name, text }),
}));

beforeEach(() => {
  downloads.length = 0;
  vi.stubGlobal('matchMedia', wideScreenMedia);
});
afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const VEHICLES = [
  vehicleOf(1, 'Hino 500', {
    reg: 'BX 100 GP',
    vehicle_class_ref: 'large_truck',
    driver: { pid: 31, name: 'Thandi Mokoena' },
    tags: [{ tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false }],
    last_report: minutesAgo(5),
    odometer: 123456.7,
    engine_hours: 4321.25,
  }),
  vehicleOf(2, 'Polo', { vehicle_class_ref: '3-wheeler', active: 7, odometer: null }),
];

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name }, FIRST_RENDER)).closest('tr') as HTMLElement;

describe('Vehicles table', () => {
  it('shows each vehicle with its class, driver, labels, last report and readings', async () => {
    fleetApi(VEHICLES);
    renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    const hino = await rowOf('Hino 500');
    const cells = within(hino)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('BX 100 GP');
    expect(cells).toContain('Large truck');
    expect(cells).toContain('Thandi Mokoena');
    expect(cells).toContain('Trucks');
    expect(cells).toContain('5 minutes ago');
    expect(cells).toContain('123,457 km');
    expect(cells).toContain('4,321.3 h');
    const polo = await rowOf('Polo');
    // SPEC §4 client view: every code but 1 reads Disabled.
    expect(within(polo).getByText('Disabled')).toBeTruthy();
    expect(polo.textContent).toContain('3-wheeler');
    expect(polo.textContent).toContain('Never');
  });

  it('opens a vehicle from its row', async () => {
    fleetApi(VEHICLES);
    const view = renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    const hino = await rowOf('Hino 500');
    fireEvent.click(within(hino).getByText('BX 100 GP'));
    await waitFor(() => expect(view.location()).toBe('/portal/vehicles/vehicle/edit/1'));
  });

  it('sends the search and the state and class filters to the server', async () => {
    const api = fleetApi(VEHICLES);
    renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    await rowOf('Hino 500');
    const last = () => api.requestsOf('get_vehicles').at(-1).parameters;
    expect(last()).toEqual({ sort: 'name', order: 'asc', page: 1, page_size: 20 });

    const search = screen.getByRole('searchbox', { name: 'Search vehicles' });
    fireEvent.change(search, { target: { value: ' hino ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(last()).toMatchObject({ search: 'hino' }));
    await pick('Filter by state', 'Disabled');
    await waitFor(() => expect(last()).toMatchObject({ state: 'disabled' }));
    await pick('Filter by vehicle class', 'Large truck');
    await waitFor(() =>
      expect(last()).toEqual({
        search: 'hino',
        state: 'disabled',
        vehicle_class: 'large_truck',
        sort: 'name',
        order: 'asc',
        page: 1,
        page_size: 20,
      }),
    );
  });

  it('sends the label and fleet filters', async () => {
    const api = fleetApi(VEHICLES);
    renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    await rowOf('Hino 500');
    const last = () => api.requestsOf('get_vehicles').at(-1).parameters;
    await pick('Filter by label', 'Trucks');
    await waitFor(() => expect(last()).toMatchObject({ tgid: 7 }));
    await pick('Filter by fleet', 'North');
    await waitFor(() =>
      expect(last()).toEqual({
        tgid: 7,
        fid: 3,
        sort: 'name',
        order: 'asc',
        page: 1,
        page_size: 20,
      }),
    );
  });

  it('sorts by the column clicked, ascending then descending', async () => {
    const api = fleetApi(VEHICLES);
    renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    await rowOf('Hino 500');
    const last = () => api.requestsOf('get_vehicles').at(-1).parameters;
    fireEvent.click(screen.getByRole('columnheader', { name: /Registration/ }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'reg', order: 'asc' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Registration/ }));
    await waitFor(() =>
      expect(last()).toEqual({ sort: 'reg', order: 'desc', page: 1, page_size: 20 }),
    );
  });

  it('exports every page of the vehicles as a CSV file with the import’s columns', async () => {
    const many = Array.from({ length: 3 }, (_, i) => vehicleOf(i + 1, `Unit ${i + 1}`));
    const api = fleetApi(many, {
      get_vehicles: (p) =>
        p.page_size === 500
          ? {
              data: {
                vehicles: p.page === 1 ? many.slice(0, 2) : many.slice(2),
                count: 3,
                page_count: 2,
              },
            }
          : { data: { vehicles: many, count: 3, page_count: 1 } },
    });
    renderApp('/portal/vehicles/vehicle/index', { user: userOf('full') });
    await rowOf('Unit 1');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const exportPages = api
      .requestsOf('get_vehicles')
      .filter((r) => r.parameters.page_size === 500)
      .map((r) => r.parameters.page);
    expect(exportPages).toEqual([1, 2]);
    const lines = downloads[0].text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(downloads[0].name).toBe('vehicles.csv');
    expect(lines[0]).toBe('Name,Registration,Class,Make,Model,Year,VIN,Colour,Fuel type,Tank size');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('Unit 3,REG 3,sedan,Toyota,Corolla,2019,,White,petrol,50');
  });

  it('offers the import only to users who may edit vehicles', async () => {
    fleetApi(VEHICLES);
    renderApp('/portal/vehicles/vehicle/index', {
      user: userOf('full', { roles: ['feature_vehicles_view', 'feature_tags_view'] }),
    });
    await rowOf('Hino 500');
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Import CSV/ })).toBeNull();
  });
});
