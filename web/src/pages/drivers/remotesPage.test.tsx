// drivers/remotes/index against a fake of the remote tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import RemotesPage from './RemotesPage';
import { PEOPLE, peopleApi, remoteOf } from './testing/peopleFixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from './testing/renderPage';

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderPage(
    '/portal/drivers/remotes/index',
    { path: '/portal/drivers/remotes/index', title: 'Remotes', Component: RemotesPage },
    userOf('full'),
  );

const REMOTES = [
  remoteOf(1, 'PB-1001', {
    holder: { pid: 1, name: 'Sipho Dlamini' },
    battery_state: 'low',
    last_press: '2020-01-01T08:00:00Z',
  }),
  remoteOf(2, 'PB-1002', { uid: 2, unit_name: 'Bravo', holder_name: 'Night guard' }),
];

describe('Remotes', PAGE_TEST, () => {
  it('lists the remotes with their vehicle, holder, battery and last press', async () => {
    wideScreen();
    peopleApi(PEOPLE, REMOTES);
    open();
    expect(
      screen.getByText(/A remote is a panic button paired to one of your vehicles/),
    ).toBeTruthy();
    const first = (await screen.findByText('PB-1001')).closest('tr') as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(
      '/portal/vehicles/vehicle/edit/1',
    );
    expect(within(first).getByText('Sipho Dlamini')).toBeTruthy();
    expect(within(first).getByText('Battery low').closest('.ant-tag')?.className).toMatch(/red/);
    expect(within(first).getByText(/years ago/)).toBeTruthy();
    const second = screen.getByText('PB-1002').closest('tr') as HTMLElement;
    expect(within(second).getByText('Night guard')).toBeTruthy();
    expect(within(second).getByText('Never')).toBeTruthy();
  });

  it("opens a remote's row to its latest presses, each linking to the vehicle's trip then", async () => {
    const api = peopleApi(PEOPLE, REMOTES, {
      get_remote: (p) => ({
        data: {
          remote: REMOTES.find((r) => r.id === p.id),
          presses:
            p.id === 1 ? [{ id: 7, time: '2020-01-01T08:00:00Z', lat: -26.2, lon: 28.05 }] : [],
        },
      }),
    });
    open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the presses of remote PB-1001' }),
    );
    const link = await screen.findByRole('link', { name: 'Where it was' });
    expect(link.getAttribute('href')).toMatch(/^\/portal\/trip\/1\/2020-01-01T\d\d:00$/);
    expect(api.requestsOf('get_remote')[0].parameters).toEqual({ id: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Show the presses of remote PB-1002' }));
    expect(await screen.findByText('No presses yet.')).toBeTruthy();
  });

  it('adds a remote paired to a vehicle and held by one of the people', async () => {
    const api = peopleApi(PEOPLE, REMOTES);
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Add remote/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Type the id printed on the remote')).toBeTruthy();
    expect(api.requestsOf('set_remote')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Remote id'), { target: { value: 'PB-2000' } });
    fireEvent.click(within(await openSelect('Vehicle')).getByTitle('Charlie (REG 3)'));
    fireEvent.click(within(await openSelect('Held by')).getByTitle('Thandi Nkosi'));
    fireEvent.click(within(await openSelect('Battery')).getByTitle('Low: replace it'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf('set_remote')).toHaveLength(1));
    expect(api.requestsOf('set_remote')[0].parameters).toEqual({
      remote_id: 'PB-2000',
      uid: 3,
      holder_pid: 2,
      holder_name: '',
      battery_state: 'low',
    });
    expect(await screen.findByText('PB-2000')).toBeTruthy();
  });

  it('deletes a remote after asking', async () => {
    const api = peopleApi(PEOPLE, REMOTES);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete remote PB-1002' }));
    await screen.findByText(/Its presses stop reaching the recovery desk/);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_remote')[0]?.parameters).toEqual({ id: 2 }));
    await waitFor(() => expect(screen.queryByText('PB-1002')).toBeNull());
  });

  it('explains remotes when there are none', async () => {
    peopleApi(PEOPLE, []);
    open();
    expect(await screen.findByText('No remotes yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Add remote/ })).toHaveLength(1);
  });
});
