// The router guard rendered with the real route table: redirects a user would see.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentCrumb, renderApp } from '../test/renderApp';
import { mockApi } from '../test/mockApi';
import { userOf } from '../test/fixtures';
import { useSession } from './session';

afterEach(() => vi.unstubAllGlobals());

describe('route guard', () => {
  it('sends a visitor without a session to the login page with a redirect', async () => {
    mockApi();
    const app = renderApp('/portal/user/edit_user_change_logs?page=2');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(app.location()).toBe('/login?redirect=%2Fportal%2Fuser%2Fedit_user_change_logs&page=2');
  });

  it('shows an open page without a session', async () => {
    mockApi();
    const app = renderApp('/forgot_password');
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeTruthy();
    expect(app.location()).toBe('/forgot_password');
  });

  it('loads the user with who_am_i, then opens the wanted page', async () => {
    const user = userOf('full');
    const api = mockApi({
      who_am_i: () => ({ data: { user } }),
      get_user_change_logs: () => ({ data: { change_logs: [], count: 0, page_count: 0 } }),
    });
    const app = renderApp('/portal/user/edit_user_change_logs', { tokenOnly: true });
    expect(await screen.findByRole('heading', { name: 'Change Logs' })).toBeTruthy();
    expect(app.location()).toBe('/portal/user/edit_user_change_logs');
    expect(api.tasks()[0]).toBe('who_am_i');
    expect(api.calls[0].headers.Authorization).toBe('Bearer test-token');
  });

  it('resets the token and returns to login when the user info has no roles', async () => {
    mockApi({ who_am_i: () => ({ data: { user: { ...userOf('full'), roles: [] } } }) });
    const app = renderApp('/dashboard', { tokenOnly: true });
    expect(await screen.findByText('roles must be a non-null array')).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fdashboard'));
    expect(useSession.getState().token).toBeNull();
    expect(document.cookie).not.toContain('token=test-token');
  });

  it('goes to login, saying so, when the session is no longer valid (result 2)', async () => {
    mockApi({}, { '/api/call': () => ({ body: { result: 2 } }) });
    const app = renderApp('/dashboard', { tokenOnly: true });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(app.location()).toBe('/login?redirect=%2Fdashboard');
    expect(await screen.findByText('You have been logged out')).toBeTruthy();
    expect(useSession.getState().token).toBeNull();
  });

  it('sends a logged-in user from /login to / and on to /dashboard', async () => {
    mockApi();
    const app = renderApp('/login', { user: userOf('full') });
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    await waitFor(() => expect(currentCrumb()).toBe('Dashboard'));
  });

  it('refuses a page the user’s roles do not allow', async () => {
    mockApi();
    const app = renderApp('/portal/routes/index', { user: userOf('lite') });
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(app.location()).toBe('/404');
  });

  it('sends unknown paths to /404', async () => {
    mockApi();
    const app = renderApp('/portal/no_such_page', { user: userOf('full') });
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(app.location()).toBe('/404');
  });

  it('opens a section at the first page the user may open', async () => {
    mockApi();
    const app = renderApp('/portal', { user: userOf('track_all') });
    await waitFor(() => expect(app.location()).toBe('/portal/viewrealtime'));
  });

  it('sends a support user, who has no dashboard role, home to the support dashboard', async () => {
    mockApi();
    const app = renderApp('/', { user: userOf('support') });
    await waitFor(() => expect(app.location()).toBe('/support'));
    await waitFor(() => expect(currentCrumb()).toBe('Support Dashboard'));
  });
});
