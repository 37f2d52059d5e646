// vehicles/unit/issues against a fake of get_unit_issues and set_unit_device.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SilentUnitIssue, UnknownDeviceIssue } from '@fleet/common';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { UNITS } from '../rules/testing/ruleFixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import UnitIssuesPage from './UnitIssuesPage';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = {
  path: '/portal/vehicles/unit/issues',
  title: 'Unit Issues',
  Component: UnitIssuesPage,
};

const issueOf = (
  uid: number,
  name: string,
  issue: SilentUnitIssue['issue'],
  extra: Partial<SilentUnitIssue> = {},
): SilentUnitIssue => ({
  uid,
  name,
  reg: `REG ${uid}`,
  device_id: `dev-${uid}`,
  protocol: 'teltonika',
  issue,
  detail: '',
  action: '',
  last_seen: null,
  satellites: null,
  ...extra,
});

const UNKNOWN: UnknownDeviceIssue = {
  id: 31,
  device_id: '356307042441013',
  protocol: 'gt06',
  remote_address: '196.25.1.9',
  first_seen: '2020-01-01T00:00:00Z',
  last_seen: '2020-01-02T00:00:00Z',
  count: 42,
  issue: 'Unknown device',
};

function issuesApi(issues: (SilentUnitIssue | UnknownDeviceIssue)[]) {
  let list = [...issues];
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS } }),
    get_unit_issues: () => ({ data: { unit_issues: list } }),
    set_unit_device: (p) => {
      list = list.filter((i) => !('id' in i) || i.device_id !== p.device_id);
      return { data: { uid: p.uid, device_id: p.device_id, protocol: p.protocol } };
    },
  });
}

const open = (user = userOf('full')) => renderPage(ROUTE.path, ROUTE, user);

describe('Unit issues', PAGE_TEST, () => {
  it('says all is well when nothing is wrong', async () => {
    issuesApi([]);
    open();
    expect(await screen.findByText('All your vehicles are reporting normally')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows each issue coloured by severity, with what to do and what the satellites mean, worst first', async () => {
    wideScreen();
    issuesApi([
      issueOf(3, 'Charlie', 'No GPS fix', { satellites: 2, detail: 'no fix for 2 hours' }),
      issueOf(1, 'Alpha', 'Not connecting', {
        last_seen: '2020-01-01T00:00:00Z',
        detail: 'last report 3 days ago',
        action: 'Call the driver',
        satellites: 9,
      }),
      issueOf(2, 'Bravo', 'battery charging', { satellites: 4 }),
    ]);
    open();
    await screen.findByRole('link', { name: 'Alpha' });
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('link')[0].textContent);
    expect(names).toEqual(['Alpha', 'Charlie', 'Bravo']);

    const alpha = screen.getByRole('link', { name: 'Alpha' }).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(
      '/portal/vehicles/vehicle/edit/1',
    );
    expect(
      within(alpha).getByText('Not connecting').closest('.ant-tag')?.getAttribute('data-severity'),
    ).toBe('error');
    // The md-and-up columns appear once antd's responsive observer has read the wide screen.
    expect(await within(alpha).findByText('last report 3 days ago')).toBeTruthy();
    expect(within(alpha).getByText('Call the driver')).toBeTruthy();
    expect(within(alpha).getByText(/years ago/)).toBeTruthy();
    expect(within(alpha).getByText('good')).toBeTruthy();

    const charlie = screen.getByRole('link', { name: 'Charlie' }).closest('tr') as HTMLElement;
    expect(
      within(charlie).getByText('No GPS fix').closest('.ant-tag')?.getAttribute('data-severity'),
    ).toBe('warning');
    // Two satellites give no fix; the server gave no action, so the page says what to do.
    expect(within(charlie).getByText('no fix')).toBeTruthy();
    expect(within(charlie).getByText(/Park in the open/)).toBeTruthy();
    const bravo = screen.getByRole('link', { name: 'Bravo' }).closest('tr') as HTMLElement;
    expect(within(bravo).getByText('weak')).toBeTruthy();

    const kinds = await openSelect('Filter by issue');
    fireEvent.click(within(kinds).getByTitle('No GPS fix (1)'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alpha' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Charlie' })).toBeTruthy();
  });

  it('lets support attach an unknown device to a unit', async () => {
    const api = issuesApi([UNKNOWN]);
    open(userOf('support'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Unknown devices' })).toBeTruthy();
    const row = (await screen.findByText('356307042441013')).closest('tr') as HTMLElement;
    expect(within(row).getByText('gt06')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Attach 356307042441013 to a unit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    expect(
      await within(dialog).findByText('Choose the unit the tracker is fitted to'),
    ).toBeTruthy();
    fireEvent.click(within(await openSelect('Unit')).getByTitle('Delta (REG 4)'));
    // A GT06 clone that reports some values differently is attached with its model.
    expect(within(dialog).getByText('Standard')).toBeTruthy();
    fireEvent.click(within(await openSelect('Model')).getByTitle('SEEWORLD'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach' }));
    await waitFor(() => expect(api.requestsOf('set_unit_device')).toHaveLength(1));
    expect(api.requestsOf('set_unit_device')[0].parameters).toEqual({
      uid: 4,
      device_id: '356307042441013',
      protocol: 'gt06',
      model: 'SEEWORLD',
    });
    expect(
      await screen.findByText('No tracker is reporting with an unknown identifier'),
    ).toBeTruthy();
  });

  it("shows support every client's vehicles, named, with a client filter", async () => {
    issuesApi([
      UNKNOWN,
      issueOf(1, 'Alpha', 'Low battery', { client_name: 'Demo Fleet' }),
      issueOf(9, 'Zulu', 'No GPS fix', { client_name: 'Other Fleet' }),
    ]);
    open(userOf('support'));
    const alpha = (await screen.findByRole('link', { name: 'Alpha' })).closest('tr') as HTMLElement;
    expect(within(alpha).getByText('Demo Fleet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zulu' })).toBeTruthy();
    fireEvent.click(within(await openSelect('Filter by client')).getByTitle('Other Fleet'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alpha' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Zulu' })).toBeTruthy();
  });

  it('shows clients no unknown devices', async () => {
    issuesApi([issueOf(1, 'Alpha', 'Low battery')]);
    open();
    await screen.findByRole('link', { name: 'Alpha' });
    expect(screen.queryByText('Unknown devices')).toBeNull();
    expect(screen.queryByRole('button', { name: /Attach/ })).toBeNull();
  });
});
