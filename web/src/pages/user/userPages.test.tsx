// The user pages built in this issue, against a fake of their tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const sessions = [
  {
    id: 11,
    created: '2025-06-01T08:00:00Z',
    last_seen: '2025-06-01T09:00:00Z',
    ip: '10.0.0.1',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    channel: 'web 1.4.15',
    current: true,
  },
  {
    id: 12,
    created: '2025-05-01T08:00:00Z',
    last_seen: '2025-05-02T09:00:00Z',
    ip: '10.0.0.2',
    user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0',
    channel: 'web 1.4.15',
    current: false,
  },
];

describe('Active Sessions', () => {
  it('lists the sessions and revokes another browser’s', async () => {
    let tokens = [...sessions];
    const api = mockApi({
      get_user_sessions: () => ({ data: { tokens } }),
      delete_user_session: (p) => {
        tokens = tokens.filter((t) => t.id !== p.id);
        return { data: {} };
      },
    });
    renderApp('/portal/user/edit_user_tokens', { user: userOf('full') });
    const other = (await screen.findByText('Firefox on Windows')).closest('tr')!;
    expect(screen.getByText('This browser').closest('tr')?.textContent).toContain(
      'Chrome on Linux',
    );
    fireEvent.click(within(other).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('That browser will be logged out on its next request.');
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_user_session')).toHaveLength(1));
    expect(api.requestsOf('delete_user_session')[0].parameters).toEqual({ id: 12 });
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
  });

  it('asks for another user’s sessions by nid under /portal/user_edit', async () => {
    const api = mockApi({ get_user_sessions: () => ({ data: { tokens: [] } }) });
    renderApp('/portal/user_edit/edit_user_tokens/42', { user: userOf('full') });
    await screen.findByText('Where User 42 is logged in');
    await waitFor(() =>
      expect(api.requestsOf('get_user_sessions')[0]?.parameters).toEqual({ nid: 42 }),
    );
  });
});

describe('Connection and change logs', () => {
  it('pages the connection log with the page size of SPEC §9', async () => {
    const api = mockApi({
      get_user_connection_logs: () => ({
        data: {
          connection_logs: [
            {
              id: 1,
              datetimestamp: '2025-06-01T08:00:00Z',
              username: 'demo',
              ip: '10.0.0.1',
              user_agent: null,
              channel: 'web 1.4.15',
              success: false,
              message: 'Wrong password',
            },
          ],
          count: 41,
          page_count: 3,
        },
      }),
    });
    renderApp('/portal/user/edit_user_connection_logs', { user: userOf('full') });
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('41 in all')).toBeTruthy();
    expect(api.requestsOf('get_user_connection_logs')[0].parameters).toEqual({
      page: 1,
      page_size: 20,
    });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(api.requestsOf('get_user_connection_logs').at(-1).parameters).toEqual({
        page: 2,
        page_size: 20,
      }),
    );
  });

  it('names change-log actions', async () => {
    mockApi({
      get_user_change_logs: () => ({
        data: {
          change_logs: [
            {
              id: 1,
              datetimestamp: '2025-06-01T08:00:00Z',
              username: 'demo',
              action: 'D',
              entity_type: 'Rule',
              entity_id: 7,
              description: 'Speeding',
            },
          ],
          count: 1,
          page_count: 1,
        },
      }),
    });
    renderApp('/portal/user/edit_user_change_logs', { user: userOf('full') });
    expect(await screen.findByText('Delete')).toBeTruthy();
    expect(screen.getByText('Rule')).toBeTruthy();
  });

  it('refuses another user’s logs to a user without the user roles', async () => {
    mockApi();
    const app = renderApp('/portal/user_edit/edit_user_change_logs/42', { user: userOf('track') });
    await screen.findByText('Page not found');
    expect(app.location()).toBe('/404');
  });
});

describe('Change Password', () => {
  it('shows the server’s refusal beside the form', async () => {
    const api = mockApi({
      set_password: () => ({ result: 1, message: 'The current password is not right' }),
    });
    renderApp('/portal/password', { user: userOf('full') });
    fireEvent.change(await screen.findByLabelText('Current password'), {
      target: { value: 'old-secret' },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Type it again'), { target: { value: 'new-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The current password is not right',
    );
    expect(api.requestsOf('set_password')[0].parameters).toEqual({
      current_password: 'old-secret',
      password: 'new-secret-1',
    });
  });
});

describe('User Settings', () => {
  it('loads and saves the settings', async () => {
    const api = mockApi({
      get_user_settings: () => ({
        data: {
          settings: {
            email: 'a@b.co',
            cellphone: '',
            timezone: 'Africa/Johannesburg',
            max_speed: 120,
            date_format: 'YYYY-MM-DD HH:mm',
          },
        },
      }),
      set_user_settings: (p) => ({ data: { settings: p } }),
    });
    renderApp('/portal/user_settings', { user: userOf('full') });
    const email = await screen.findByLabelText('E-mail address');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('a@b.co'));
    fireEvent.change(email, { target: { value: ' me@fleet.co.za ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.requestsOf('set_user_settings')).toHaveLength(1));
    expect(api.requestsOf('set_user_settings')[0].parameters).toMatchObject({
      email: 'me@fleet.co.za',
      max_speed: 120,
      timezone: 'Africa/Johannesburg',
    });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });
});

describe('Users and unit assignment', () => {
  const users = [
    {
      nid: 1,
      username: 'demo',
      display_name: 'Demo',
      email: 'demo@example.com',
      user_type: 'full',
      roles: ['feature_realtime'],
      all_units: true,
      unit_count: 0,
      last_login: null,
      created: '2025-01-01T00:00:00Z',
    },
    {
      nid: 2,
      username: 'lite',
      display_name: 'Lite Person',
      email: null,
      user_type: 'lite',
      roles: ['feature_realtime'],
      all_units: false,
      unit_count: 1,
      last_login: null,
      created: '2025-01-01T00:00:00Z',
    },
  ];

  it('lists users and opens one user’s units', async () => {
    mockApi({
      get_users: () => ({ data: { users, count: 2, page_count: 1 } }),
      get_user_units: () => ({
        data: {
          all_units: false,
          units: [{ uid: 5, name: 'Truck 5', reg: 'CA 5', assigned: true }],
        },
      }),
    });
    const app = renderApp('/portal/user/index', { user: userOf('full') });
    fireEvent.click(await screen.findByText('1 unit'));
    await waitFor(() => expect(app.location()).toBe('/portal/user_edit/edit_user_units/2'));
    expect(await screen.findByText('The units Lite Person can see')).toBeTruthy();
    expect(await screen.findByText('Truck 5')).toBeTruthy();
  });

  it('saves the units chosen for a user', async () => {
    const api = mockApi({
      get_user_units: () => ({
        data: {
          all_units: false,
          units: [
            { uid: 5, name: 'Truck 5', reg: 'CA 5', assigned: true },
            { uid: 6, name: 'Van 6', reg: 'CA 6', assigned: false },
          ],
        },
      }),
      set_user_units: () => ({ data: {} }),
    });
    renderApp('/portal/user_edit/edit_user_units/2', { user: userOf('full') });
    const row = (await screen.findByText('Van 6')).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Save units' }));
    await waitFor(() => expect(api.requestsOf('set_user_units')).toHaveLength(1));
    expect(api.requestsOf('set_user_units')[0].parameters).toEqual({
      nid: 2,
      all_units: false,
      uids: [5, 6],
    });
  });

  it('shows units read-only to a user who may not manage users', async () => {
    mockApi({
      get_user_units: () => ({
        data: {
          all_units: false,
          units: [{ uid: 5, name: 'Truck 5', reg: 'CA 5', assigned: true }],
        },
      }),
    });
    renderApp('/portal/user/edit_user_units', { user: userOf('lite') });
    expect(
      await screen.findByText('Only a user manager can change which units a user sees.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save units' })).toBeNull();
  });
});
