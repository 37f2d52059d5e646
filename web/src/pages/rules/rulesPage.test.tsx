// rules/index against a fake of the rule tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import { ruleOf, rulesApi } from './testing/ruleFixtures';

afterEach(() => vi.unstubAllGlobals());

/** A wide screen: every responsive column shows. */
function wideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

const RULES = [
  ruleOf(1, 'Highway speeding', {
    apply_type: 'units',
    apply_to: [1, 2, 3, 4, 5],
    uids: [1, 2, 3, 4, 5],
    days: [1, 2, 3, 4, 5],
    start: '7:00',
    end: '18:00',
    emails: ['ops@example.com', 'boss@example.com'],
    sms: ['+27825550123'],
  }),
  ruleOf(2, 'Night moves', {
    type: 'vehicle_moving',
    param: { min_speed: 10 },
    apply_type: 'tags',
    apply_to: [7],
    uids: [1, 2],
    unsupported_uids: [],
    days: [1, 3, 6, 7],
    active: false,
  }),
  ruleOf(3, 'Depot watch', { type: 'harsh_driving', param: { kinds: ['braking'] } }),
];

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('Rules list', () => {
  it('shows each rule with its type, units, days and hours, recipients and state', async () => {
    wideScreen();
    rulesApi(RULES);
    renderApp('/portal/rules/index', { user: userOf('full') });
    const speeding = await rowOf('Highway speeding');
    const cells = within(speeding)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('Speeding');
    expect(speeding.textContent).toContain('5 units');
    // SPEC §9: at most 3 names, then "... and N more".
    await waitFor(() =>
      expect(speeding.textContent).toContain('Alpha, Bravo, Charlie ... and 2 more'),
    );
    expect(cells).toContain('Mon–Fri 7:00–18:00');
    expect(cells).toContain('3');
    expect(within(speeding).getByText('Active')).toBeTruthy();

    const night = await rowOf('Night moves');
    await waitFor(() => expect(night.textContent).toContain('Labels: Trucks'));
    expect(night.textContent).toContain('Alpha, Bravo');
    expect(night.textContent).not.toContain('more');
    expect(within(night).getByText('Mon, Wed, Sat–Sun 0:00–24:00')).toBeTruthy();
    expect(within(night).getByText('Off')).toBeTruthy();

    const depot = await rowOf('Depot watch');
    expect(depot.textContent).toContain('All units');
    expect(within(depot).getByText('Every day 0:00–24:00')).toBeTruthy();
  });

  it('searches by name and filters by type, from the first page', async () => {
    const api = rulesApi(RULES);
    renderApp('/portal/rules/index', { user: userOf('full') });
    await screen.findByRole('link', { name: 'Highway speeding' });
    expect(api.requestsOf('get_rules')[0].parameters).toEqual({ page: 1, page_size: 20 });

    const search = screen.getByRole('searchbox', { name: 'Search rules by name' });
    fireEvent.change(search, { target: { value: 'night' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Highway speeding' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'Night moves' })).toBeTruthy();
    expect(api.requestsOf('get_rules').at(-1).parameters).toMatchObject({ search: 'night' });

    // The type filter narrows the search further.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by rule type' }));
    fireEvent.click(await screen.findByTitle('Harsh Driving'));
    expect(await screen.findByText('No rule matches this search and type')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Night moves' })).toBeNull();
    expect(api.requestsOf('get_rules').at(-1).parameters).toEqual({
      search: 'night',
      type: 'harsh_driving',
      page: 1,
      page_size: 20,
    });
  });

  it('deletes a rule after a confirmation naming it', async () => {
    const api = rulesApi(RULES);
    renderApp('/portal/rules/index', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Night moves' }));
    await screen.findByText('Delete the rule Night moves?');
    expect(api.requestsOf('delete_rule')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_rule')[0]?.parameters).toEqual({ rid: 2 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Night moves' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Highway speeding' })).toBeTruthy();
  });

  it('explains rules when there are none, and offers to add one', async () => {
    rulesApi([]);
    const view = renderApp('/portal/rules/index', { user: userOf('full') });
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    expect(screen.getByText(/raises an alert when something goes wrong/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // One Add button: in the empty state, not also in the header.
    const add = screen.getAllByRole('button', { name: /Add rule/ });
    expect(add).toHaveLength(1);
    fireEvent.click(add[0]);
    await waitFor(() => expect(view.location()).toBe('/portal/rules/add'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Rule' })).toBeTruthy();
  });

  it('hides adding and deleting from a user who may only view rules', async () => {
    rulesApi(RULES);
    renderApp('/portal/rules/index', {
      user: userOf('full', { roles: ['feature_rules_view'] }),
    });
    await screen.findByRole('link', { name: 'Highway speeding' });
    expect(screen.queryByRole('button', { name: /Add rule/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Highway speeding' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Highway speeding' })).toBeTruthy();
  });
});
