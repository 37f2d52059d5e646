// The recovery desk's client page (issue 16 item 5) against a fake get_recovery_client: the client's
// state, zone and chase-up choice, its units with their links, its contacts in the order to call
// them, its open chase-ups and its recovery history.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import RecoveryClientPage from './RecoveryClientPage';
import { clientView } from './views/testing/recoveryFixtures';

afterEach(() => vi.unstubAllGlobals());

const open = (path = '/recovery/client/3') =>
  renderPage(
    path,
    { path: '/recovery/client/:id', title: 'Client', Component: RecoveryClientPage },
    userOf('support', { username: 'sam' }),
  );
const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const hrefs = (el: HTMLElement) =>
  within(el)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('recovery client page', PAGE_TEST, () => {
  it('shows the client, its units with their links, contacts, open chase-ups and recovery history', async () => {
    wideScreen();
    const api = mockApi({ get_recovery_client: () => ({ data: { ...clientView() } }) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Haulage' })).toBeTruthy();
    expect(api.requestsOf('get_recovery_client')[0].parameters).toEqual({ cid: 3 });
    expect(api.tasks()).not.toContain('get_unit_list_full');

    const facts = section('Client');
    expect(within(facts).getByText('Active')).toBeTruthy();
    expect(within(facts).getByText('Africa/Johannesburg')).toBeTruthy();
    expect(within(facts).getByText('Chased up')).toBeTruthy();

    const units = section('Units (2)');
    const rows = within(units).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Truck 7',
      'Truck 8',
    ]);
    expect(within(rows[0]).getByText('CA 7')).toBeTruthy();
    expect(within(rows[0]).getByText('Full')).toBeTruthy();
    expect(within(rows[0]).getByText('Connected')).toBeTruthy();
    expect(within(rows[1]).getByText('Not connected')).toBeTruthy();
    expect(within(rows[1]).getByText('None yet')).toBeTruthy();
    expect(hrefs(rows[0])).toEqual([
      '/recovery/unit/7',
      '/recovery/realtime/unit/7',
      '/recovery/trips/7',
    ]);
    expect(screen.getByRole('link', { name: 'Live map of Truck 8' }).getAttribute('href')).toBe(
      '/recovery/realtime/unit/8',
    );
    expect(screen.getByRole('link', { name: /Live map of its units/ }).getAttribute('href')).toBe(
      '/recovery/realtime/fleet/7,8',
    );

    // Emergency contacts first, by rank.
    const contacts = within(section('Contacts (2)')).getAllByRole('listitem');
    expect(contacts[0].textContent).toContain('Thandi1 Mokoena');
    expect(contacts[1].textContent).toContain('Thandi2 Mokoena');

    const chaseups = section('Open chase-ups (1)');
    expect(hrefs(chaseups)).toContain('/recovery/chase_up_detail/41');
    expect(within(chaseups).getByText('Panic wired')).toBeTruthy();

    const history = section('Recovery history (2)');
    const logs = within(history).getAllByRole('row').slice(1);
    expect(logs.map((r) => within(r).getAllByRole('link')[0].getAttribute('href'))).toEqual([
      '/recovery/edit/recovery_log/6',
      '/recovery/edit/recovery_log/5',
    ]);
    expect(within(logs[0]).getByText('Truck 8')).toBeTruthy();
    expect(within(logs[0]).getByText('Vehicle recovered')).toBeTruthy();
  });

  it('says when the client opted out of chase-ups, and when there is nothing to list', async () => {
    const base = clientView();
    mockApi({
      get_recovery_client: () => ({
        data: clientView({
          client: { ...base.client, chase_up: false, state: 0 },
          units: [],
          contacts: [],
          chaseup_events: [],
          recovery_logs: [],
        }),
      }),
    });
    open();
    expect(await screen.findByText('This client opted out of chase-ups')).toBeTruthy();
    expect(within(section('Client')).getByText('Opted out: no chase-ups')).toBeTruthy();
    expect(within(section('Client')).getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('This client has no units.')).toBeTruthy();
    expect(screen.getByText('This client has no contacts.')).toBeTruthy();
    expect(screen.getByText('No open chase-ups')).toBeTruthy();
    expect(screen.getByText('No recoveries for this client')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Live map of its units/ })).toBeNull();
  });

  it("says so when the client cannot be read, and when the address isn't a client", async () => {
    mockApi({ get_recovery_client: () => ({ result: 1, message: 'Client not found' }) });
    const view = open('/recovery/client/99');
    expect(await screen.findByText('The client could not be read')).toBeTruthy();
    expect(screen.getByText('Client not found')).toBeTruthy();
    view.unmount();
    open('/recovery/client/abc');
    expect(await screen.findByText('This address does not name a client.')).toBeTruthy();
  });

  it('turns chase-ups off after asking, and on again at once', async () => {
    wideScreen();
    let chaseUp = true;
    const api = mockApi({
      get_recovery_client: () => {
        const base = clientView();
        return { data: clientView({ client: { ...base.client, chase_up: chaseUp } }) };
      },
      set_client_chase_up: (p) => {
        chaseUp = (p as { chase_up: boolean }).chase_up;
        return { data: { client: { ...clientView().client, chase_up: chaseUp } } };
      },
    });
    open();
    const toggle = await screen.findByRole('switch', { name: "Chase up Acme Haulage's vehicles" });
    fireEvent.click(toggle);
    // Nothing is sent until the agent confirms.
    expect(await screen.findByText('Stop chasing up Acme Haulage?')).toBeTruthy();
    expect(api.requestsOf('set_client_chase_up')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stop chase-ups' }));
    expect(await screen.findByText('This client opted out of chase-ups')).toBeTruthy();
    expect(api.requestsOf('set_client_chase_up')[0].parameters).toEqual({
      cid: 3,
      chase_up: false,
    });
    fireEvent.click(screen.getByRole('switch', { name: "Chase up Acme Haulage's vehicles" }));
    await waitFor(() =>
      expect(screen.queryByText('This client opted out of chase-ups')).toBeNull(),
    );
    expect(api.requestsOf('set_client_chase_up')[1].parameters).toEqual({ cid: 3, chase_up: true });
  });
});
