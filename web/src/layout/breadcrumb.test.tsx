import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { currentCrumb, renderApp } from '../test/renderApp';
import { mockApi } from '../test/mockApi';
import { userOf } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

async function crumbs(path: string): Promise<string[]> {
  cleanup();
  mockApi();
  const view = renderApp(path, { user: userOf('full') });
  await waitFor(() => expect(currentCrumb()).not.toBeNull());
  const items = view.container.querySelectorAll(
    '.app-breadcrumb li:not(.ant-breadcrumb-separator)',
  );
  return Array.from(items).map((li) => li.textContent ?? '');
}

describe('breadcrumb', () => {
  it('starts at Dashboard, then the section and the page', async () => {
    expect(await crumbs('/portal/alerts/notices')).toEqual(['Dashboard', 'Alerts', 'Notices']);
  });

  it('shows Dashboard alone on the dashboard', async () => {
    expect(await crumbs('/dashboard')).toEqual(['Dashboard']);
  });

  it('names a detail page under its section, and a user page without one', async () => {
    expect(await crumbs('/portal/vehicles/service/add/4/0/Service')).toEqual([
      'Dashboard',
      'Vehicles',
      'Add Service Log',
    ]);
    expect(await crumbs('/portal/user_settings')).toEqual(['Dashboard', 'User Settings']);
  });

  it('links every item but the current page', async () => {
    mockApi();
    const view = renderApp('/portal/alerts/notices', { user: userOf('full') });
    await waitFor(() => expect(currentCrumb()).toBe('Notices'));
    const links = Array.from(view.container.querySelectorAll('.app-breadcrumb a')).map((a) =>
      a.getAttribute('href'),
    );
    expect(links).toEqual(['/', '/portal/alerts']);
  });
});
