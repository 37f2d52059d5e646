import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { mockApi } from '../test/mockApi';
import { userOf } from '../test/fixtures';
import { FALLBACK_THEME } from '../theme/fallbackTheme';
import { pageTitle } from './title';

afterEach(() => vi.unstubAllGlobals());

describe('page title (SPEC §2)', () => {
  it('is the route title followed by the product title', async () => {
    mockApi({ get_user_sessions: () => ({ data: { tokens: [] } }) });
    renderApp('/portal/user/edit_user_tokens', {
      user: userOf('full'),
      theme: { ...FALLBACK_THEME, title: 'Sentinel Tracking' },
    });
    await screen.findByRole('heading', { name: 'Active Sessions' });
    await waitFor(() => expect(document.title).toBe('Active Sessions - Sentinel Tracking'));
  });

  it('names public pages too', async () => {
    mockApi();
    renderApp('/sign_up');
    await screen.findByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(document.title).toBe('Sign Up - Fleet Portal'));
  });

  it('is the product title alone without a route title', () => {
    expect(pageTitle(undefined, 'FleetView')).toBe('FleetView');
  });

  it('names the product by the page title setting when it is set (SPEC §9), else by the theme', () => {
    expect(pageTitle('Trips', 'FleetView', '')).toBe('Trips - FleetView');
    expect(pageTitle('Trips', 'FleetView', 'Acme Tracking')).toBe('Trips - Acme Tracking');
  });
});
