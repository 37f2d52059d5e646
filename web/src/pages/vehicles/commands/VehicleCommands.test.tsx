// The vehicle page's immobiliser and speed-buzzer panels against a fake server: the state shown is
// what the device confirmed, an open command says why it waits and the panel reads again until the
// device confirms; units without a command channel and users without the role get no buttons; a
// bad buzzer limit is refused before anything is sent.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImmobiliserState, SpeedBuzzerState } from '@fleet/common';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { renderPage } from '../testing/renderPage';
import VehicleCommands from './VehicleCommands';

vi.setConfig({ testTimeout: 60_000 });

const base = { uid: 1, protocol: 'teltonika', supported: true, connected: true, history: [] };
const normal: ImmobiliserState = { ...base, mode: 'normal', confirmed: null, pending: null };
const buzzer: SpeedBuzzerState = {
  ...base,
  limit: null,
  asked_limit: null,
  confirmed: null,
  pending: null,
};
const waiting: ImmobiliserState = {
  ...normal,
  pending: {
    id: 7,
    mode: 'immobilise',
    step: 'waiting',
    reason: 'moving',
    speed: 54,
    message: 'Waiting: moving at 54 km/h — sent when below 10 km/h',
    asked_at: '2026-11-25T08:00:00Z',
    asked_by: 'demo',
  },
};
const confirmed: ImmobiliserState = {
  ...normal,
  mode: 'immobilise',
  confirmed: '2026-11-25T08:01:00Z',
  history: [
    {
      id: 3,
      command_id: 7,
      kind: 'immobiliser',
      step: 'confirmed',
      asked: 'Immobilise',
      detail: 'device answered: DOUT1:1',
      at: '2026-11-25T08:01:00Z',
      by: '',
    },
  ],
};

function open(immobiliser: () => ImmobiliserState, user = userOf('full'), more = {}) {
  const api = mockApi({
    get_immobiliser: () => ({ data: immobiliser() }),
    get_speed_buzzer: () => ({ data: buzzer }),
    ...more,
  });
  renderPage(<VehicleCommands uid={1} />, { path: '/v', route: '/v', title: 'Vehicle', user });
  return api;
}

describe('Vehicle commands', () => {
  it('immobilises: waits while the vehicle moves, then shows what the device confirmed', async () => {
    let now = normal;
    const api = open(() => now, userOf('full'), {
      set_immobiliser: () => {
        now = waiting;
        return { data: waiting };
      },
    });
    expect((await screen.findByTestId('immobiliser-state')).textContent).toContain('Normal');
    fireEvent.click(screen.getByRole('button', { name: 'Immobilise the vehicle' }));
    // Asked twice: nothing is sent until the dialog is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Immobilise this vehicle?' });
    expect(dialog.textContent).toContain('The starter is cut');
    expect(api.requestsOf('set_immobiliser')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Immobilise' }));
    await waitFor(() => expect(api.requestsOf('set_immobiliser')).toHaveLength(1));
    expect(api.requestsOf('set_immobiliser')[0].parameters).toEqual({ uid: 1, mode: 'immobilise' });
    expect((await screen.findByTestId('immobiliser-pending')).textContent).toContain(
      'Immobilise: Waiting: moving at 54 km/h — sent when below 10 km/h',
    );
    // Still 'Normal': the state is what the device confirmed, not what was asked.
    expect(screen.getByTestId('immobiliser-state').textContent).toContain('Normal');
    now = confirmed;
    await waitFor(
      () => expect(screen.getByTestId('immobiliser-state').textContent).toContain('Immobilised'),
      { timeout: 6000 },
    );
    expect(screen.queryByTestId('immobiliser-pending')).toBeNull();
    expect(screen.getByRole('list', { name: 'Immobiliser command history' }).textContent).toContain(
      'Confirmed',
    );
  });

  it('an OsmAnd unit says it has no command channel and offers no buttons', async () => {
    open(() => ({ ...normal, protocol: 'osmand', supported: false }));
    expect(await screen.findByText(/no command channel/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Immobilise the vehicle' })).toBeNull();
  });

  it('a user without the vehicle edit role sees the state but no buttons', async () => {
    open(() => confirmed, userOf('recovery'));
    expect((await screen.findByTestId('immobiliser-state')).textContent).toContain('Immobilised');
    expect(screen.queryByRole('button', { name: 'Mobilise the vehicle' })).toBeNull();
    expect(screen.queryByLabelText('Buzzer limit (km/h)')).toBeNull();
  });

  it('refuses a buzzer limit out of bounds and sends a good one', async () => {
    const api = open(() => normal, userOf('full'), {
      set_speed_buzzer: (p: Record<string, any>) => ({
        data: { ...buzzer, asked_limit: p.limit, pending: { ...waiting.pending, limit: p.limit } },
      }),
    });
    const input = await screen.findByLabelText('Buzzer limit (km/h)');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    expect(
      await screen.findByText('The limit must be a whole number from 20 to 160 km/h'),
    ).toBeTruthy();
    expect(api.requestsOf('set_speed_buzzer')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set limit' }));
    await waitFor(() => expect(api.requestsOf('set_speed_buzzer')).toHaveLength(1));
    expect(api.requestsOf('set_speed_buzzer')[0].parameters).toEqual({ uid: 1, limit: 80 });
  });
});
