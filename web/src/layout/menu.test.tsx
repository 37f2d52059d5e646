// The side menu is the route table filtered by the user's roles (SPEC §2, §6).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderApp } from '../test/renderApp';
import { mockApi } from '../test/mockApi';
import { userOf } from '../test/fixtures';
import { buildMenu } from './menuModel';
import { SHELL_ROUTES } from '../routes';
import type { AppRoute } from '../routing/types';

afterEach(() => vi.unstubAllGlobals());

async function menuOf(type: Parameters<typeof userOf>[0]): Promise<string[]> {
  mockApi();
  renderApp('/portal/user_settings', { user: userOf(type) });
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
}

describe('side menu by role', () => {
  it('shows a Lite user less than a Full user', async () => {
    const full = await menuOf('full');
    expect(full).toEqual([
      'Dashboard',
      'Tracking',
      'Reports',
      'Alerts',
      'Rules',
      'Locations',
      'Routes',
      'Drivers',
      'Vehicles',
      'Labels',
      'Users',
      'Account',
      'Monthly Deals',
    ]);
    cleanup();
    const lite = await menuOf('lite');
    expect(lite).toEqual([
      'Dashboard',
      'Tracking',
      'Reports',
      'Alerts',
      'Rules',
      'Locations',
      'Drivers',
      'Vehicles',
      'Labels',
    ]);
    for (const fullOnly of ['Routes', 'Users', 'Account', 'Monthly Deals'])
      expect(lite).not.toContain(fullOnly);
  });

  it('lists only the children the user may open', () => {
    const childrenOf = (type: Parameters<typeof userOf>[0], section: string) =>
      buildMenu(SHELL_ROUTES, userOf(type))
        .find((e) => e.title === section)
        ?.children?.map((c) => c.title);
    expect(childrenOf('full', 'Tracking')).toEqual([
      'Live Map',
      'Trips',
      'Trip Summary',
      'Fleet Trips',
      'Fleet Coverage Area',
      'Driver Trips',
      'Stealth Units',
    ]);
    expect(childrenOf('lite', 'Tracking')).toEqual(['Live Map', 'Trips', 'Trip Summary']);
    expect(childrenOf('full', 'Vehicles')).toContain('Fuel Usage');
    expect(childrenOf('lite', 'Vehicles')).toBeUndefined();
  });

  it('gives support staff the recovery desk and no client tracking', () => {
    const titles = buildMenu(SHELL_ROUTES, userOf('support')).map((e) => e.title);
    expect(titles).toContain('Recovery');
    expect(titles).not.toContain('Tracking');
    expect(titles).not.toContain('Dashboard');
  });

  it('hides a route from the user types it names, and never lists hidden routes', () => {
    const routes: AppRoute[] = [
      {
        path: 'a',
        page: async () => ({ default: () => null }),
        meta: { title: 'A', hiddenFor: ['lite'] },
      },
      {
        path: 'b',
        page: async () => ({ default: () => null }),
        meta: { title: 'B', hidden: true },
      },
      { path: 'c', page: async () => ({ default: () => null }), meta: { title: 'C' } },
    ];
    expect(buildMenu(routes, userOf('lite')).map((e) => e.title)).toEqual(['C']);
    expect(buildMenu(routes, userOf('full')).map((e) => e.title)).toEqual(['A', 'C']);
  });
});
