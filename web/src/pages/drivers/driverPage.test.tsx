// drivers/add_driver/1 and drivers/edit_driver/{id} against a fake of the people tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import DriverPage from './DriverPage';
import { PEOPLE, peopleApi, personOf } from './testing/peopleFixtures';
import { openSelect, PAGE_TEST, renderPage } from './testing/renderPage';

// The picture is made small with a canvas (photo.test.ts); here the result is what matters.
const SMALL_JPEG = 'data:image/jpeg;base64,/9j/AAAA';
vi.mock('./photo', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./photo')>()),
  photoFromFile: vi.fn(async () => SMALL_JPEG),
}));

afterEach(() => vi.unstubAllGlobals());

const ADD = {
  path: '/portal/drivers/add_driver/:add_new',
  title: 'Add Driver',
  Component: DriverPage,
};
const EDIT = {
  path: '/portal/drivers/edit_driver/:id',
  title: 'Edit Driver',
  Component: DriverPage,
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
/** The form item (label, control, message) of the field labelled `label`. */
const fieldOf = (label: string) =>
  screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

async function openAdd() {
  const view = renderPage('/portal/drivers/add_driver/1', ADD, userOf('full'));
  await screen.findByRole('heading', { level: 1, name: 'Add Driver' });
  return view;
}

describe('Add Driver', PAGE_TEST, () => {
  it('sends set_person with the typed fields, and the Active and Driver roles ticked', async () => {
    const api = peopleApi();
    const view = await openAdd();
    const roles = screen.getByRole('group', { name: 'Roles' });
    const ticked = within(roles)
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.closest('label')?.textContent);
    expect(ticked).toEqual(['Active', 'Driver']);
    expect(within(roles).queryByText(/DELETED/i)).toBeNull();

    type('First name', ' Lindiwe ');
    type('Surname', 'Zulu');
    type('E-mail', 'lindiwe@example.com');
    type('Cellphone', '+27 82 555 0199');
    type('ID number', '9001015009087');
    type('Licence number', 'ZA1234');
    type('Rank', '3');
    type('Driver identifier', '01A4F3000099');
    save();
    await waitFor(() => expect(api.requestsOf('set_person')).toHaveLength(1));
    expect(api.requestsOf('set_person')[0].parameters).toEqual({
      title: '',
      first_name: 'Lindiwe',
      surname: 'Zulu',
      roles: [0, 6],
      contact_roles: [],
      rank: 3,
      email: 'lindiwe@example.com',
      cellphone: '+27 82 555 0199',
      id_number: '9001015009087',
      licence_number: 'ZA1234',
      licence_class: 'unknown',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: '01A4F3000099',
      photo: null,
    });
    await waitFor(() => expect(view.location()).toBe('/portal/drivers/index'));
  });

  it('sends the chosen title, licence class, contact role and resized photo', async () => {
    const api = peopleApi();
    await openAdd();
    type('First name', 'Lindiwe');
    fireEvent.click(within(await openSelect('Title')).getByTitle('Ms'));
    fireEvent.click(within(await openSelect('Licence class')).getByTitle('C'));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Contact roles' })).getByLabelText(
        'Emergency contact',
      ),
    );
    fireEvent.change(screen.getByLabelText('Photo file'), {
      target: { files: [new File(['x'], 'face.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Photo of Lindiwe' })).toBeTruthy();
    save();
    await waitFor(() => expect(api.requestsOf('set_person')).toHaveLength(1));
    expect(api.requestsOf('set_person')[0].parameters).toMatchObject({
      title: 'Ms',
      licence_class: 'C',
      contact_roles: ['emergency_contact'],
      photo: SMALL_JPEG,
    });
  });

  it('shows the server’s refusal at the field it names, and keeps the form', async () => {
    const api = peopleApi(PEOPLE, [], {
      set_person: () => ({ result: 1, message: 'driver_tag: already used by Sipho Dlamini' }),
    });
    const view = await openAdd();
    type('First name', 'Lindiwe');
    type('Driver identifier', '01A4F3000012');
    save();
    await waitFor(() => expect(api.requestsOf('set_person')).toHaveLength(1));
    expect(
      await within(fieldOf('Driver identifier')).findByText(
        'Driver identifier: already used by Sipho Dlamini',
      ),
    ).toBeTruthy();
    expect(view.location()).toBe('/portal/drivers/add_driver/1');
  });

  it('checks the fields as the server does before sending', async () => {
    const api = peopleApi();
    await openAdd();
    type('E-mail', 'lindiwe@example');
    type('Driver identifier', 'tag #1');
    save();
    expect(await within(fieldOf('First name')).findByText('First name is required')).toBeTruthy();
    expect(
      within(fieldOf('E-mail')).getByText('E-mail is not a valid e-mail address'),
    ).toBeTruthy();
    expect(
      within(fieldOf('Driver identifier')).getByText(/use letters, digits, : and - only/),
    ).toBeTruthy();
    expect(screen.getByText(/nothing\s+was sent/)).toBeTruthy();
    expect(api.requestsOf('set_person')).toHaveLength(0);
  });

  it('explains where the driver identifier is found', async () => {
    peopleApi();
    await openAdd();
    expect(
      within(fieldOf('Driver identifier')).getByText(
        /the number printed on the key fob, or touch it to the reader and read it from the vehicle’s latest events/,
      ),
    ).toBeTruthy();
  });
});

describe('Edit Driver', PAGE_TEST, () => {
  it('loads the person, removes their photo on save and shows their vehicle and trips', async () => {
    const api = peopleApi([
      personOf(1, 'Sipho', 'Dlamini', {
        roles: [0, 6, 10],
        licence_expiry: '2027-03-31',
        photo: SMALL_JPEG,
        current_vehicle: { uid: 1, name: 'Alpha' },
        default_vehicles: [{ uid: 2, name: 'Bravo' }],
      }),
    ]);
    renderPage('/portal/drivers/edit_driver/1', EDIT, userOf('full'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Sipho Dlamini' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Licence expiry') as HTMLInputElement).value).toBe('2027-03-31');
    expect(
      screen.getByLabelText("Don't contact (no emergency calls after hours or at weekends)"),
    ).toHaveProperty('checked', true);
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe(
      '/portal/vehicles/vehicle/edit/1',
    );
    expect(screen.getByRole('link', { name: 'Bravo' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /All trips of Sipho Dlamini/ }).getAttribute('href'),
    ).toBe('/portal/driver_trips/1');
    await waitFor(() =>
      expect(api.requestsOf('get_driver_trips')[0]?.parameters.pids).toEqual([1]),
    );

    fireEvent.click(screen.getByRole('button', { name: /Remove photo/ }));
    save();
    await waitFor(() => expect(api.requestsOf('set_person')).toHaveLength(1));
    expect(api.requestsOf('set_person')[0].parameters).toMatchObject({
      pid: 1,
      roles: [0, 6, 10],
      licence_expiry: '2027-03-31',
      photo: null,
    });
  });

  it('says so when the person does not exist', async () => {
    peopleApi([]);
    renderPage('/portal/drivers/edit_driver/42', EDIT, userOf('full'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
  });
});
