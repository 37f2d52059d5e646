// Mobile mode and the remembered menu state (SPEC §2).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { mockApi } from '../test/mockApi';
import { userOf } from '../test/fixtures';
import { resetLayout, SIDEBAR_STATUS_KEY, useLayout } from './layoutStore';

let mobile = false;
const listeners = new Set<(event: { matches: boolean }) => void>();

beforeEach(() => {
  mobile = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('max-width') && mobile;
    },
    media: query,
    addEventListener: (_: string, l: (event: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (event: { matches: boolean }) => void) =>
      listeners.delete(l),
    addListener: () => {},
    removeListener: () => {},
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

function resize(toMobile: boolean) {
  mobile = toMobile;
  act(() => listeners.forEach((l) => l({ matches: toMobile })));
}

describe('side menu state', () => {
  it('remembers the user’s own toggle as 1 or 0', () => {
    resetLayout();
    expect(useLayout.getState().opened).toBe(true);
    act(() => useLayout.getState().toggleSidebar());
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('0');
    act(() => useLayout.getState().toggleSidebar());
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBe('1');
  });

  it('starts closed on a later visit when the user closed it', () => {
    localStorage.setItem(SIDEBAR_STATUS_KEY, '0');
    resetLayout();
    expect(useLayout.getState().opened).toBe(false);
  });

  it('closes in mobile mode without remembering it, and reopens as remembered on a desktop', async () => {
    mockApi();
    renderApp('/portal/user_settings', { user: userOf('full') });
    const menu = await screen.findByTestId('side-menu');
    expect(menu.dataset.state).toBe('open');
    resize(true);
    expect(menu.dataset.state).toBe('closed');
    expect(localStorage.getItem(SIDEBAR_STATUS_KEY)).toBeNull();
    resize(false);
    expect(menu.dataset.state).toBe('open');
  });

  it('closes again on every navigation in mobile mode', async () => {
    mobile = true;
    mockApi();
    const app = renderApp('/portal/user_settings', { user: userOf('full') });
    const menu = await screen.findByTestId('side-menu');
    expect(menu.dataset.state).toBe('closed');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu.dataset.state).toBe('open');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    await waitFor(() => expect(menu.dataset.state).toBe('closed'));
  });
});
