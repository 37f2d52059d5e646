// vehicle/fleet_list against a fake of the fleet tasks: the list with its members, adding a fleet
// with vehicles, a name the server refuses, and deleting after asking.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import FleetListPage from './FleetListPage';
import { renderPage } from './testing/renderPage';
import { FIRST_RENDER, fleetApi, pick, wideScreenMedia } from './testing/vehicleFixtures';

// antd tables and dialogs under jsdom take tens of seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

function renderFleets(more = {}) {
  const api = fleetApi([], more);
  renderPage(<FleetListPage />, {
    path: '/portal/vehicles/vehicle/fleet_list',
    route: '/portal/vehicles/vehicle/fleet_list',
    title: 'Fleets',
    user: userOf('full'),
  });
  return api;
}

const rowOf = async (name: string) =>
  (await screen.findByText(name, {}, FIRST_RENDER)).closest('tr') as HTMLElement;

describe('Fleets page', () => {
  it('lists each fleet with its number of vehicles and at most three names', async () => {
    renderFleets();
    const north = await rowOf('North');
    expect(within(north).getByText('5 vehicles')).toBeTruthy();
    // SPEC §9: at most 3 names, then "... and N more".
    await waitFor(() =>
      expect(north.textContent).toContain('Alpha, Bravo, Charlie ... and 2 more'),
    );
    const south = await rowOf('South');
    expect(within(south).getByText('1 vehicle')).toBeTruthy();
    expect(south.textContent).toContain('Foxtrot');
  });

  it('adds a fleet with the vehicles chosen', async () => {
    const api = renderFleets();
    await rowOf('North');
    fireEvent.click(screen.getByRole('button', { name: /Add fleet/ }));
    const dialog = await screen.findByRole('dialog');
    // antd's test ids make every dialog's aria-labelledby the same: the title is read as text.
    expect(within(dialog).getByText('Add a fleet')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Depot ' } });
    await pick('Vehicles', 'Echo (REG 5)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf('set_fleet')).toHaveLength(1));
    expect(api.requestsOf('set_fleet')[0].parameters).toEqual({ name: 'Depot', uids: [5] });
    expect(await rowOf('Depot')).toBeTruthy();
  });

  it('shows a name the server refuses beside the name, and asks for a name first', async () => {
    const api = renderFleets({
      set_fleet: () => ({ result: 1, message: 'name: a fleet with this name already exists' }),
    });
    await rowOf('North');
    fireEvent.click(screen.getByRole('button', { name: 'Edit South' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit the fleet South')).toBeTruthy();
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(api.requestsOf('set_fleet')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'North' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Name: a fleet with this name already exists'),
    ).toBeTruthy();
    expect(api.requestsOf('set_fleet')[0].parameters).toEqual({ fid: 4, name: 'North', uids: [6] });
  });

  it('deletes a fleet after a confirmation naming it', async () => {
    const api = renderFleets();
    await rowOf('South');
    fireEvent.click(screen.getByRole('button', { name: 'Delete South' }));
    await screen.findByText('Delete the fleet South?');
    expect(api.requestsOf('delete_fleet')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_fleet')[0]?.parameters).toEqual({ fid: 4 }));
    await waitFor(() => expect(screen.queryByText('South')).toBeNull());
    expect(screen.getByText('North')).toBeTruthy();
  });
});
