// The recovery search (issue 16 item 5) against a fake `search` task: it asks as you type (once per
// pause), groups the answer into units, clients and people with what matched marked, ignores an
// answer that comes back after a newer one, walks the results with the arrow keys, opens one with
// Enter, and keeps the text in the address (?q=) so coming back shows the same results.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHit } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import RecoverySearchPage from './RecoverySearchPage';
import { searchHit } from './views/testing/recoveryFixtures';

afterEach(() => vi.unstubAllGlobals());

const support = () => userOf('support', { username: 'sam' });
const open = (path = '/recovery/search') =>
  renderPage(
    path,
    { path: '/recovery/search', title: 'Search', Component: RecoverySearchPage },
    support(),
  );
const box = () => screen.getByRole('textbox', { name: 'Search units, clients and people' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
/** A result link by the text it shows (jsdom names a link with a <mark> in it with a space there). */
const result = async (text: string) =>
  waitFor(() => {
    const link = screen.getAllByRole('link').find((l) => l.textContent?.includes(text));
    if (!link) throw new Error(`No result shows ${text}`);
    return link;
  });

const HILUX: SearchHit = searchHit({
  units: [
    {
      uid: 7,
      name: 'Hilux bakkie',
      reg: 'CA 123',
      vin: 'AHTFR22G806012345',
      device_id: '356307042441013',
      cid: 3,
      client_name: 'Acme Haulage',
      service_type: 'recovery',
      connected: false,
    },
  ],
  clients: [{ cid: 4, name: 'Hillside Farms', state: 1, unit_count: 12 }],
  people: [
    {
      pid: 9,
      first_name: 'Hilda',
      surname: 'Mokoena',
      cellphone: '082 555 0101',
      email: null,
      cid: 5,
      client_name: 'Mokoena Transport',
    },
  ],
});

describe('recovery search', PAGE_TEST, () => {
  it('says what to type, then answers as you type, grouped, with the match marked and the text in the address', async () => {
    const api = mockApi({ search: () => ({ data: { search: HILUX } }) });
    const view = open();
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(
      screen.getByText(/Type part of a unit's name, registration, VIN or device IMEI/),
    ).toBeTruthy();

    type('h');
    type('hi');
    type('hil');
    const units = await screen.findByRole('heading', { level: 2, name: 'Units (1)' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Units (1)', 'Clients (1)', 'People (1)']);
    // One question for the pause, not one per keystroke.
    expect(api.requestsOf('search').map((r) => r.parameters)).toEqual([{ q: 'hil', limit: 10 }]);

    const unitLink = within(units.closest('section')!).getByRole('link');
    expect(unitLink.getAttribute('href')).toBe('/recovery/unit/7');
    expect([...unitLink.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Hil']);
    expect(unitLink.textContent).toContain('Acme Haulage');
    expect(unitLink.textContent).toContain('Not connected');
    const clientLink = await result('Hillside Farms');
    expect(clientLink.getAttribute('href')).toBe('/recovery/client/4');
    expect(clientLink.querySelector('mark')?.textContent).toBe('Hil');
    // A person opens their client.
    expect((await result('Hilda Mokoena')).getAttribute('href')).toBe('/recovery/client/5');
    expect(screen.getByRole('status').textContent).toBe('1 unit, 1 client, 1 person for “hil”.');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=hil'));
  });

  it('marks the VIN or IMEI only when that is what matched', async () => {
    mockApi({ search: () => ({ data: { search: searchHit({ units: HILUX.units }) } }) });
    open();
    type('2441013');
    const link = await result('Hilux bakkie');
    expect(link.textContent).toContain('IMEI 356307042441013');
    expect(link.textContent).not.toContain('VIN');
    expect(link.querySelector('mark')?.textContent).toBe('2441013');
  });

  it('shows the newest answer even when an older one comes back after it', async () => {
    const api = mockApi({
      search: (p) => ({
        data: {
          search: searchHit({
            clients: [
              { cid: p.q === 'ab' ? 1 : 2, name: `Answer for ${p.q}`, state: 1, unit_count: 1 },
            ],
          }),
        },
      }),
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      const q = body.requests?.find((r: { task: string }) => r.task === 'search')?.parameters.q;
      if (q) asked.push(q);
      if (q === 'ab') await held;
      return api.fetchMock(input, init);
    });
    const view = open();
    type('ab');
    await waitFor(() => expect(asked).toEqual(['ab']));
    type('abc');
    expect(await screen.findByRole('link', { name: /Answer for abc/ })).toBeTruthy();
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(api.requestsOf('search').map((r) => r.parameters.q)).toEqual(['abc', 'ab']);
    expect(screen.queryByText(/Answer for ab$/)).toBeNull();
    expect(screen.getByRole('link', { name: /Answer for abc/ })).toBeTruthy();
    expect(view.router.state.location.search).toBe('?q=abc');
  });

  it('walks the results with the arrow keys and opens one with Enter', async () => {
    mockApi({ search: () => ({ data: { search: HILUX } }) });
    const view = open();
    type('hil');
    await screen.findByRole('heading', { level: 2, name: 'People (1)' });
    const active = () => (document.activeElement as HTMLElement).getAttribute('href');

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(active()).toBe('/recovery/unit/7');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(active()).toBe('/recovery/client/4');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(active()).toBe('/recovery/client/5');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(active()).toBe('/recovery/client/5');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(active()).toBe('/recovery/unit/7');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box());

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(await screen.findByText('Another page')).toBeTruthy();
    expect(view.location()).toBe('/recovery/client/4');
  });

  it('opens the first result with Enter in the box, also when pressed before the answer came', async () => {
    mockApi({ search: () => ({ data: { search: HILUX } }) });
    const view = open();
    type('hil');
    await screen.findByRole('heading', { level: 2, name: 'Units (1)' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(view.location()).toBe('/recovery/unit/7'));
    view.unmount();

    const again = open();
    type('hilda');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(again.location()).toBe('/recovery/search');
    await waitFor(() => expect(again.location()).toBe('/recovery/unit/7'));
  });

  it('says what to try when nothing matches, and shows the results of the address at once', async () => {
    const api = mockApi({
      search: (p) => ({ data: { search: p.q === 'zzz' ? searchHit() : HILUX } }),
    });
    open('/recovery/search?q=zzz');
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeTruthy();
    expect(screen.getByText(/Try fewer letters, part of a registration/)).toBeTruthy();
    expect((box() as HTMLInputElement).value).toBe('zzz');
    expect(api.requestsOf('search')[0].parameters.q).toBe('zzz');

    type('');
    await waitFor(() => expect(screen.queryByText('Nothing found for “zzz”.')).toBeNull());
    expect(screen.getByText(/^Type part of a unit's name/)).toBeTruthy();
  });
});
