// drivers/index against a fake of the people tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import DriversPage from './DriversPage';
import { PEOPLE, peopleApi, personOf } from './testing/peopleFixtures';
import { openSelect, PAGE_TEST, renderPage, wideScreen } from './testing/renderPage';

afterEach(() => vi.unstubAllGlobals());

const LIST = { path: '/portal/drivers/index', title: 'Drivers', Component: DriversPage };
const openList = (user = userOf('full')) => renderPage(LIST.path, LIST, user);

const linkOf = (name: string) => screen.findByRole('link', { name });
const rowOf = async (name: string) => (await linkOf(name)).closest('tr') as HTMLElement;

describe('Drivers list', PAGE_TEST, () => {
  it('asks for drivers by rank first, then for everyone, the search and the role chosen', async () => {
    wideScreen();
    const api = peopleApi();
    openList();
    await linkOf('Sipho');
    expect(api.requestsOf('get_people')[0].parameters).toEqual({
      drivers_only: true,
      sort: 'rank',
      order: 'asc',
      page: 1,
      page_size: 20,
    });
    // Pieter is not a driver.
    expect(screen.queryByRole('link', { name: 'Pieter' })).toBeNull();

    fireEvent.click(screen.getByText('Everyone'));
    expect(await screen.findByRole('link', { name: 'Pieter' })).toBeTruthy();
    expect(api.requestsOf('get_people').at(-1).parameters).toMatchObject({ drivers_only: false });

    const search = screen.getByRole('searchbox', { name: 'Search people by name' });
    fireEvent.change(search, { target: { value: 'dla' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Thandi' })).toBeNull());
    expect(api.requestsOf('get_people').at(-1).parameters).toMatchObject({ search: 'dla' });

    const roles = await openSelect('Filter by role');
    fireEvent.click(within(roles).getByTitle('Fleet manager (contact for installations)'));
    expect(await screen.findByText('Nobody matches this search and these filters')).toBeTruthy();
    expect(api.requestsOf('get_people').at(-1).parameters).toEqual({
      drivers_only: false,
      search: 'dla',
      role: 2,
      sort: 'rank',
      order: 'asc',
      page: 1,
      page_size: 20,
    });
  });

  it('sorts by the column chosen, ascending then descending', async () => {
    wideScreen();
    const api = peopleApi();
    openList();
    await linkOf('Sipho');
    fireEvent.click(screen.getAllByRole('columnheader', { name: /Surname/ })[0]);
    await waitFor(() =>
      expect(api.requestsOf('get_people').at(-1).parameters).toMatchObject({
        sort: 'surname',
        order: 'asc',
      }),
    );
    fireEvent.click(screen.getAllByRole('columnheader', { name: /Surname/ })[0]);
    await waitFor(() =>
      expect(api.requestsOf('get_people').at(-1).parameters).toMatchObject({
        sort: 'surname',
        order: 'desc',
      }),
    );
  });

  it('never offers or shows role 11, and words the roles as SPEC §6 does', async () => {
    wideScreen();
    peopleApi([...PEOPLE, personOf(4, 'Gone', 'Person', { roles: [6, 11] })]);
    openList();
    const thandi = await rowOf('Thandi');
    expect(within(thandi).getByText('Fleet manager')).toBeTruthy();
    expect(within(thandi).getByText('No calls after hours or at weekends')).toBeTruthy();
    // The server lists nobody marked deleted; if one came, the wording still never shows.
    await rowOf('Gone');
    expect(document.body.textContent).not.toMatch(/DELETED/i);
    const roles = await openSelect('Filter by role');
    const titles = [...roles.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(titles).toEqual([
      'Active',
      'Business owner',
      'Fleet manager (contact for installations)',
      'Other manager',
      'Billing',
      'Sales contact',
      'Driver',
      'Service Agreement',
      'Emergency contact',
      'Surety Agreement',
      "Don't contact (no emergency calls after hours or at weekends)",
    ]);
  });

  it('shows how to reach each person, their tag and their current vehicle', async () => {
    wideScreen();
    peopleApi();
    openList();
    const sipho = await rowOf('Sipho');
    expect(within(sipho).getByRole('link', { name: '+27825550100' }).getAttribute('href')).toBe(
      'tel:+27825550100',
    );
    expect(
      within(sipho).getByRole('link', { name: 'sipho@example.com' }).getAttribute('href'),
    ).toBe('mailto:sipho@example.com');
    expect(within(sipho).getByText('01A4F3000012')).toBeTruthy();
    expect(within(sipho).getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(
      '/portal/vehicles/vehicle/edit/1',
    );
  });

  it('shows an expired licence in red and one expiring within 30 days in orange', async () => {
    const inDays = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
    peopleApi([
      personOf(1, 'Sipho', 'Dlamini', { licence_expiry: inDays(-3), licence_class: 'C' }),
      personOf(2, 'Thandi', 'Nkosi', { licence_expiry: inDays(12) }),
      personOf(5, 'Lerato', 'Molefe', { licence_expiry: inDays(200) }),
    ]);
    openList();
    const tagOf = async (name: string) =>
      within(await rowOf(name))
        .getByText(/^\d{4}-\d{2}-\d{2}$/)
        .closest('.ant-tag')!;
    expect((await tagOf('Sipho')).className).toMatch(/red/);
    expect(within(await rowOf('Sipho')).getByText('expired 3 days ago')).toBeTruthy();
    expect(within(await rowOf('Sipho')).getByText('C')).toBeTruthy();
    expect((await tagOf('Thandi')).className).toMatch(/orange/);
    expect(within(await rowOf('Thandi')).getByText('expires in 12 days')).toBeTruthy();
    expect((await tagOf('Lerato')).className).not.toMatch(/red|orange/);
    expect((await rowOf('Lerato')).textContent).not.toMatch(/expire/);
  });

  it('deletes a person after saying their trips keep their name', async () => {
    const api = peopleApi();
    openList();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Thandi Nkosi' }));
    expect(await screen.findByText(/their trips and reports keep their name/)).toBeTruthy();
    expect(api.requestsOf('delete_person')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_person')[0]?.parameters).toEqual({ pid: 2 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Thandi' })).toBeNull());
  });

  it('explains the page when there is nobody yet, and adds a driver', async () => {
    peopleApi([]);
    // The whole app: the route, its roles and the Add Driver page behind the button.
    const view = renderApp('/portal/drivers/index', { user: userOf('full') });
    expect(await screen.findByText('No drivers yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const add = screen.getAllByRole('button', { name: /Add driver/ });
    expect(add).toHaveLength(1);
    fireEvent.click(add[0]);
    await waitFor(() => expect(view.location()).toBe('/portal/drivers/add_driver/1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Driver' })).toBeTruthy();
  });

  it('hides adding, importing and deleting from a user who may only view drivers', async () => {
    peopleApi();
    renderApp('/portal/drivers/index', {
      user: userOf('full', { roles: ['feature_drivers_view'] }),
    });
    await linkOf('Sipho');
    expect(screen.queryByRole('button', { name: /Add driver/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import CSV/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Sipho Dlamini' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Sipho Dlamini' })).toBeTruthy();
  });
});
