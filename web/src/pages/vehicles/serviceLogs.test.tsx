// vehicles/service/* against a fake of the service tasks: the index with each vehicle's last and
// next service; a reading below the last one turned into a confirmation that resends with
// confirm_lower; the cost typed in rand sent in cents.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { renderPage } from './testing/renderPage';
import { FIRST_RENDER, wideScreenMedia } from './testing/vehicleFixtures';
import ServiceLogPage from './ServiceLogPage';
import ServiceLogsPage from './ServiceLogsPage';

vi.setConfig({ testTimeout: 120_000 });
beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

const VEHICLES = [
  {
    vid: 1,
    name: 'Hilux JHB-01',
    reg: 'BX 100 GP',
    display_hours: false,
    odometer: 48_800,
    engine_hours: 900,
    last_service: { datetimestamp: '2026-09-01T08:00:00Z', work_type: 'service', reading: 40_000 },
    next: { id: 3, state: 'due_soon', left_text: '1,200 km', due: 50_000 },
    service_count: 4,
  },
  {
    vid: 2,
    name: 'Loader',
    reg: 'CAT 1',
    display_hours: true,
    odometer: null,
    engine_hours: 1_130,
    last_service: null,
    next: null,
    service_count: 0,
  },
];

describe('Service index', () => {
  it("lists the vehicles with their last service and what's next", async () => {
    mockApi({
      get_service_vehicles: () => ({ data: { vehicles: VEHICLES, count: 2, page_count: 1 } }),
    });
    renderPage(<ServiceLogsPage />, {
      path: '/portal/vehicles/service/index',
      route: '/portal/vehicles/service/index',
      title: 'Service Logs',
      user: userOf('full'),
    });
    const hilux = (await screen.findByRole('link', { name: 'Hilux JHB-01' }, FIRST_RENDER)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(hilux).getByText('48,800 km')).toBeTruthy();
    expect(within(hilux).getByText('Service at 40,000 km')).toBeTruthy();
    expect(within(hilux).getByText('Due soon')).toBeTruthy();
    expect(within(hilux).getByText('1,200 km')).toBeTruthy();
    const loader = screen.getByRole('link', { name: 'Loader' }).closest('tr') as HTMLElement;
    expect(within(loader).getByText('1,130 h')).toBeTruthy();
    expect(within(loader).getByText('None logged')).toBeTruthy();
    expect(within(loader).getByText('No service reminder')).toBeTruthy();
  });
});

describe('Service entry', () => {
  it('asks to confirm a reading below the last one, then saves it with confirm_lower', async () => {
    const api = mockApi({
      set_service_log: (p) =>
        p.confirm_lower
          ? {
              data: {
                service_log: { id: 7, vid: 1, vehicle: 'Hilux JHB-01', ...p },
                reminders_reset: 1,
              },
            }
          : {
              result: 1,
              message:
                'confirm_lower: 39,000 km is below the last logged reading of 40,000 km (Tue 1 Sep 2026 10:00 SAST). Save anyway?',
            },
    });
    const view = renderPage(<ServiceLogPage />, {
      path: '/portal/vehicles/service/add/1/0/Hilux%20JHB-01',
      route: '/portal/vehicles/service/add/:vid/:displayHours/:title',
      title: 'Add Service Log',
      user: userOf('full'),
    });
    const odometer = await screen.findByLabelText('Odometer (km)', {}, FIRST_RENDER);
    expect(screen.queryByLabelText('Engine hours')).toBeNull();
    fireEvent.change(odometer, { target: { value: '39000' } });
    fireEvent.change(screen.getByLabelText('Cost (R)'), { target: { value: '2 450.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getAllByText('This reading is lower than the last one').length,
    ).toBeGreaterThan(0);
    expect(
      within(dialog).getByText(/39,000 km is below the last logged reading of 40,000 km/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(view.location()).toBe('/portal/vehicles/service/index/1'));
    const sent = api.requestsOf('set_service_log').map((r: any) => r.parameters);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      vid: 1,
      odometer: 39_000,
      cost: 245_050,
      confirm_lower: false,
    });
    expect(sent[1]).toMatchObject({ confirm_lower: true });
  });
});
