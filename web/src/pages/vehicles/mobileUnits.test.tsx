// vehicles/mobile/index and vehicles/mobile/edit/{id} against a fake of the mobile unit tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MobileSetup, MobileUnit } from '@fleet/common';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import MobileUnitPage from './MobileUnitPage';
import MobileUnitsPage from './MobileUnitsPage';

afterEach(() => vi.unstubAllGlobals());

const LIST = {
  path: '/portal/vehicles/mobile/index',
  title: 'Mobile Units',
  Component: MobileUnitsPage,
};
const EDIT = {
  path: '/portal/vehicles/mobile/edit/:id',
  title: 'Edit Mobile Unit',
  Component: MobileUnitPage,
};

const unitOf = (uid: number, name: string, extra: Partial<MobileUnit> = {}): MobileUnit => ({
  uid,
  name,
  reg: '',
  device_id: `m-${uid}`,
  last_report: null,
  battery: null,
  connected: false,
  ...extra,
});
const setupOf = (device_id: string): MobileSetup => ({
  server_url: 'http://track.example.com:5055',
  host: 'track.example.com',
  port: 5055,
  device_id,
});

function mobileApi(units: MobileUnit[]) {
  let list = [...units];
  return mockApi({
    get_mobile_units: () => ({ data: { units: list } }),
    get_mobile_unit: (p) => {
      const unit = list.find((u) => u.uid === p.uid);
      return unit
        ? { data: { unit, setup: setupOf(unit.device_id!) } }
        : { result: 1, message: 'uid: not found' };
    },
    set_mobile_unit: (p) => {
      const unit = unitOf(p.uid ?? 77, p.name, { reg: p.reg ?? '', device_id: '482915730016' });
      list = [...list.filter((u) => u.uid !== unit.uid), unit];
      return { data: { unit, setup: setupOf(unit.device_id!) } };
    },
  });
}

describe('Mobile units', PAGE_TEST, () => {
  it('explains mobile units when there are none, and offers to add one', async () => {
    mobileApi([]);
    const view = renderPage(LIST.path, LIST, userOf('full'));
    expect(await screen.findByText('No mobile units yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add mobile unit/ }));
    await waitFor(() => expect(view.location()).toBe('/portal/vehicles/mobile/edit/new'));
  });

  it('lists the phones with their device id, battery and connection', async () => {
    wideScreen();
    mobileApi([
      unitOf(5, 'Thabo phone', {
        reg: 'CA 123',
        battery: 15,
        connected: true,
        last_report: '2020-01-01T00:00:00Z',
      }),
      unitOf(6, 'Spare phone'),
    ]);
    renderPage(LIST.path, LIST, userOf('full'));
    const thabo = (await screen.findByRole('link', { name: 'Thabo phone' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(thabo).getByText('m-5')).toBeTruthy();
    expect(within(thabo).getByText('15 %')).toBeTruthy();
    expect(within(thabo).getByTitle('Battery 15 %')).toBeTruthy();
    expect(within(thabo).getByText('Connected')).toBeTruthy();
    const spare = screen.getByRole('link', { name: 'Spare phone' }).closest('tr') as HTMLElement;
    expect(within(spare).getByText('Not connected')).toBeTruthy();
    expect(within(spare).getByText('Never')).toBeTruthy();
  });

  it('adds a mobile unit, then shows the QR code and the device id to set up the phone', async () => {
    const api = mobileApi([]);
    const view = renderPage('/portal/vehicles/mobile/edit/new', EDIT, userOf('full'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Mobile Unit' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Thabo phone' } });
    fireEvent.change(screen.getByLabelText('Registration'), { target: { value: 'CA 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe('/portal/vehicles/mobile/edit/77'));
    expect(api.requestsOf('set_mobile_unit')[0].parameters).toEqual({
      name: 'Thabo phone',
      reg: 'CA 123',
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Set up the phone' })).toBeTruthy();
    expect(screen.getByTestId('mobile-device-id').textContent).toContain('482915730016');
    const qr = screen.getByRole('img', {
      name: /QR code of the server address and device identifier/,
    });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(1);
    expect(screen.getByText(/Traccar Client \(Android and iPhone\)/)).toBeTruthy();
    expect(
      screen.getByText(/http:\/\/track\.example\.com:5055\/\?id=482915730016&lat=\{0\}/),
    ).toBeTruthy();
    // The answer was the setup: no second read was needed.
    expect(api.requestsOf('get_mobile_unit')).toHaveLength(0);
  });

  it('refuses a unit without a name before sending', async () => {
    const api = mobileApi([]);
    renderPage('/portal/vehicles/mobile/edit/new', EDIT, userOf('full'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(api.requestsOf('set_mobile_unit')).toHaveLength(0);
  });
});
