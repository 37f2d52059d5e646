import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { useSession } from '../../auth/session';
import { knownLoginTarget } from './KnownLoginPage';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('login page', () => {
  it('says "Incorrect Username or Password" on result 6', async () => {
    mockApi({}, { '/api/login': () => ({ body: { result: 6 } }) });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    fill('Username', 'demo');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Incorrect Username or Password',
    );
  });

  it('trims the username, stores the token and returns to `redirect` with the rest of the query', async () => {
    const user = userOf('full');
    const api = mockApi(
      {},
      { '/api/login': () => ({ body: { result: 0, token: 'new-token', user } }) },
    );
    const app = renderApp('/login?redirect=%2Fportal%2Fuser%2Fedit_user_change_logs&tab=unread');
    await screen.findByRole('button', { name: 'Log in' });
    fill('Username', '  demo  ');
    fill('Password', 'demo');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(app.location()).toBe('/portal/user/edit_user_change_logs?tab=unread'),
    );
    await screen.findByRole('heading', { name: 'Change Logs' });
    expect(app.location()).toBe('/portal/user/edit_user_change_logs?tab=unread');
    expect(api.calls[0].body).toMatchObject({ username: 'demo', password: 'demo' });
    expect(document.cookie).toContain('token=new-token');
    expect(useSession.getState().user?.username).toBe(user.username);
  });

  it('shows the server’s message when rate limited', async () => {
    mockApi(
      {},
      {
        '/api/login': () => ({
          body: {
            result: 7,
            message: 'Too many attempts, try again in 5 minutes',
            retry_after: 300,
          },
        }),
      },
    );
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    fill('Username', 'demo');
    fill('Password', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
  });
});

describe('log out', () => {
  it('ends the session on the server and goes to the login page', async () => {
    const api = mockApi({}, { '/api/logout': () => ({ body: { result: 0 } }) });
    const app = renderApp('/portal/user_settings', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: /user menu$/ }));
    fireEvent.click(await screen.findByText('Log Out'));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(
      api.calls.some(
        (c) => c.path === '/api/logout' && c.headers.Authorization === 'Bearer test-token',
      ),
    ).toBe(true);
    expect(useSession.getState().token).toBeNull();
  });
});

describe('known login', () => {
  it('exchanges the link’s token and opens its url', async () => {
    const user = userOf('full');
    const api = mockApi(
      {},
      { '/api/known_login': () => ({ body: { result: 0, token: 'known', user } }) },
    );
    const app = renderApp('/known_login/one-time/portal%2Fuser%2Fedit_user_change_logs');
    await screen.findByRole('heading', { name: 'Change Logs' });
    expect(app.location()).toBe('/portal/user/edit_user_change_logs');
    expect(api.calls[0].body).toMatchObject({ token: 'one-time' });
    expect(knownLoginTarget(undefined)).toBe('/');
    expect(knownLoginTarget('//evil.example')).toBe('/');
  });

  it('goes to /iframe_error when a framed link fails', async () => {
    mockApi({}, { '/api/known_login': () => ({ body: { result: 2 } }) });
    const app = renderApp('/known_login/expired/dashboard/1');
    await screen.findByText('The portal cannot be opened here');
    expect(app.location()).toBe('/iframe_error');
  });
});
