// vehicle/edit/{id} against a fake of the fleet record tasks: a save sends only what changed, the
// server's refusal is shown by its field, new labels are checked against the rules first.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import { DEFAULT_ROLES } from '@fleet/common';
import { FIRST_RENDER, fleetApi, pick, vehicleOf } from './testing/vehicleFixtures';
import { renderPage } from './testing/renderPage';
import VehiclePage from './VehiclePage';

// A whole antd form under jsdom takes tens of seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

// The map's sprites need a canvas: the picker gets a stand-in naming what it would draw.
vi.mock('./unitSpriteImage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./unitSpriteImage')>()),
  unitSpriteImage: (cls: string, colour: string) => ({ src: `sprite:${cls}:${colour}`, size: 38 }),
}));

const HINO = vehicleOf(1, 'Hino 500', {
  reg: 'BX 100 GP',
  vehicle_class_ref: 'large_truck',
  icon_colour: '#c62828',
  tags: [{ tgid: 8, name: 'Cold chain', colour: '#52c41a', is_global: false }],
});

const EDIT_PATH = '/portal/vehicles/vehicle/edit/1';
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

async function openForm(user = userOf('full'), more = {}) {
  const api = fleetApi([HINO], more);
  const view = renderPage(<VehiclePage />, {
    path: EDIT_PATH,
    route: '/portal/vehicles/vehicle/edit/:id',
    title: 'Edit Vehicle',
    user,
  });
  await screen.findByRole('heading', { level: 1, name: 'Edit Hino 500' }, FIRST_RENDER);
  return { api, view };
}

describe('Vehicle page', () => {
  it('shows the class pictures the live map draws, in the icon colour', async () => {
    await openForm();
    const picker = screen.getByRole('radiogroup', { name: 'Vehicle class' });
    expect(within(picker).getAllByRole('radio')).toHaveLength(21);
    const truck = within(picker).getByRole('radio', { name: 'Large truck' }) as HTMLInputElement;
    expect(truck.checked).toBe(true);
    expect(screen.getByTestId('class-icon-large_truck').getAttribute('src')).toBe(
      'sprite:large_truck:#c62828',
    );
    // Another colour redraws every picture in it.
    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    expect(screen.getByTestId('class-icon-3-wheeler').getAttribute('src')).toMatch(
      /^sprite:3-wheeler:#/,
    );
    expect(screen.getByTestId('class-icon-3-wheeler').getAttribute('src')).not.toBe(
      'sprite:3-wheeler:#c62828',
    );
  });

  it('sends only the fields that changed, then goes back to the list', async () => {
    const { api, view } = await openForm();
    fireEvent.change(field('Name'), { target: { value: 'Hino 500 North' } });
    fireEvent.change(field('Registration'), { target: { value: 'BX 200 GP' } });
    fireEvent.click(screen.getByRole('radio', { name: '3-wheeler' }));
    fireEvent.change(field('Odometer'), { target: { value: '150000' } });
    save();
    await waitFor(() => expect(api.requestsOf('set_vehicle')).toHaveLength(1));
    expect(api.requestsOf('set_vehicle')[0].parameters).toEqual({
      uid: 1,
      name: 'Hino 500 North',
      reg: 'BX 200 GP',
      vehicle_class_ref: '3-wheeler',
      odometer: 150000,
    });
    await waitFor(() => expect(view.location()).toBe('/portal/vehicles/vehicle/index'));
  });

  it('shows the server’s refusal beside the field it names', async () => {
    const { api } = await openForm(userOf('full'), {
      set_vehicle: () => ({ result: 1, message: 'reg: a vehicle with this registration exists' }),
    });
    fireEvent.change(field('Registration'), { target: { value: 'CF 107 GP' } });
    save();
    expect(
      await screen.findByText('Registration: a vehicle with this registration exists'),
    ).toBeTruthy();
    expect(screen.getByText('The vehicle was not saved')).toBeTruthy();
    expect(api.requestsOf('set_vehicle')).toHaveLength(1);
  });

  it('checks a field as the server would before sending anything', async () => {
    const { api } = await openForm();
    fireEvent.change(field('VIN'), { target: { value: 'IOQ12345' } });
    save();
    expect(
      await screen.findByText('VIN: a VIN has letters (not I, O or Q) and digits only'),
    ).toBeTruthy();
    expect(api.requestsOf('set_vehicle')).toHaveLength(0);
  });

  const TOWING =
    "You are applying a label to Hino 500 that is being used by a (Towing) rule. Please be aware that Hino 500 does not support this rule type and therefore won't trigger this rule.";
  const towingRule = {
    get_warnings: (p: { tgid: number }) => ({
      data: {
        warnings:
          p.tgid === 7
            ? [
                {
                  uid: 1,
                  unit_name: 'Hino 500',
                  rid: 5,
                  rule_name: 'Tow',
                  type: 'towing',
                  message: TOWING,
                },
              ]
            : [],
      },
    }),
  };

  it('shows the label warnings of the rules before saving; Go back saves nothing', async () => {
    const { api } = await openForm(userOf('full'), towingRule);
    await pick('Labels', 'Trucks');
    save();
    expect(await screen.findByText(TOWING)).toBeTruthy();
    expect(api.requestsOf('get_warnings').map((r) => r.parameters)).toEqual([
      { tgid: 7, uids: [1] },
    ]);
    expect(api.requestsOf('set_vehicle')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByText(TOWING)).toBeNull());
    expect(api.requestsOf('set_vehicle')).toHaveLength(0);
  });

  it('saves the new label once the user chooses to save anyway', async () => {
    const { api } = await openForm(userOf('full'), towingRule);
    await pick('Labels', 'Trucks');
    save();
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.requestsOf('set_vehicle')).toHaveLength(1));
    expect(api.requestsOf('set_vehicle')[0].parameters).toEqual({ uid: 1, tgids: [8, 7] });
  });

  it('offers support users the state codes and the stock status', async () => {
    await openForm(userOf('full', { roles: [...DEFAULT_ROLES.full, 'user_support'] }));
    await pick('Active state', '9 Disabled by distributor: broken');
    expect(screen.getByRole('combobox', { name: 'Stock status' })).toBeTruthy();
  });

  it('shows the vehicle read-only to a user who may only view vehicles', async () => {
    fleetApi([HINO]);
    renderApp(EDIT_PATH, { user: userOf('full', { roles: ['feature_vehicles_view'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Hino 500' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(field('Name').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Stock status' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to vehicles' })).toBeTruthy();
  });
});
