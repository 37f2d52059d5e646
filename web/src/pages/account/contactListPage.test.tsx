// account/contact_list against a fake of the people tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { peopleApi, personOf } from '../drivers/testing/peopleFixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import ContactListPage from './ContactListPage';

afterEach(() => vi.unstubAllGlobals());

const CONTACTS = [
  personOf(7, 'Zanele', 'Mokoena', { rank: 3, contact_roles: ['billing_accounts'] }),
  personOf(8, 'Andre', 'Venter', {
    rank: 1,
    contact_roles: ['business_owner', 'emergency_contact'],
    cellphone: '+27 82 555 0101',
  }),
  personOf(9, 'Bongani', 'Khumalo', { rank: 2, roles: [0, 10], contact_roles: ['fleet_manager'] }),
  personOf(10, 'Carol', 'Smith', { rank: 2, contact_roles: ['no_afterhours_contact'] }),
];

const open = (user = userOf('full')) =>
  renderPage(
    '/portal/account/contact_list',
    { path: '/portal/account/contact_list', title: 'Contacts', Component: ContactListPage },
    user,
  );

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('Contact list', PAGE_TEST, () => {
  it('lists the contacts by rank, lowest first, with their roles and links to reach them', async () => {
    wideScreen();
    peopleApi(CONTACTS);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy();
    await screen.findByText('Andre Venter');
    expect(rows()).toEqual(['Andre Venter', 'Bongani Khumalo', 'Carol Smith', 'Zanele Mokoena']);

    const andre = screen.getByText('Andre Venter').closest('tr') as HTMLElement;
    expect(within(andre).getByText('Business owner')).toBeTruthy();
    expect(within(andre).getByText('Emergency contact')).toBeTruthy();
    expect(within(andre).getByRole('link', { name: '+27 82 555 0101' }).getAttribute('href')).toBe(
      'tel:+27 82 555 0101',
    );
    expect(
      within(andre).getByRole('link', { name: 'andre@example.com' }).getAttribute('href'),
    ).toBe('mailto:andre@example.com');
    // Person role 10 and the contact role say the same: no calls after hours or at weekends.
    for (const name of ['Bongani Khumalo', 'Carol Smith']) {
      const row = screen.getByText(name).closest('tr') as HTMLElement;
      expect(within(row).getByText('No calls after hours or at weekends')).toBeTruthy();
    }
    expect(within(andre).queryByText('No calls after hours or at weekends')).toBeNull();
  });

  it('edits a contact’s rank and roles in a modal', async () => {
    const api = peopleApi(CONTACTS);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Zanele Mokoena' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Rank'), { target: { value: '0' } });
    fireEvent.click(
      within(within(dialog).getByRole('group', { name: 'Contact roles' })).getByLabelText(
        'Emergency contact',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf('set_person')).toHaveLength(1));
    expect(api.requestsOf('set_person')[0].parameters).toEqual({
      pid: 7,
      title: 'Mr',
      first_name: 'Zanele',
      surname: 'Mokoena',
      roles: [0, 6],
      contact_roles: ['billing_accounts', 'emergency_contact'],
      rank: 0,
      email: 'zanele@example.com',
      cellphone: '+27825550100',
    });
    // The list is read again: Zanele now comes first.
    await waitFor(() => expect(rows()[0]).toBe('Zanele Mokoena'));
  });

  it('offers no editing without feature_accounts or feature_drivers_edit', async () => {
    peopleApi(CONTACTS);
    open(userOf('full', { roles: ['feature_jobs'] }));
    await screen.findByText('Andre Venter');
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Andre Venter' })).toBeNull();
  });

  it('says what the list is for when it is empty', async () => {
    peopleApi([]);
    open();
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    expect(screen.getByText(/the people we call about your account/)).toBeTruthy();
  });
});
