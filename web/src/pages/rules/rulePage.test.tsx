// rules/add and rules/edit/{id} against a fake of the rule tasks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { labelWarning } from '@fleet/common';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import { ruleOf, rulesApi } from './testing/ruleFixtures';

afterEach(() => vi.unstubAllGlobals());

/** The open dropdown of the select labelled `label`. */
async function openSelect(label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const listId = box.getAttribute('aria-controls') ?? `${box.id}_list`;
  return waitFor(() => {
    const list = document.getElementById(listId);
    const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown') ?? null;
    expect(dropdown).not.toBeNull();
    return dropdown!;
  });
}

async function choose(label: string, option: string) {
  const dropdown = await openSelect(label);
  fireEvent.click(await within(dropdown).findByTitle(option));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const enter = (label: string) =>
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter', code: 'Enter', keyCode: 13 });

async function openAdd(user = userOf('full')) {
  const view = renderApp('/portal/rules/add', { user });
  await screen.findByRole('heading', { level: 1, name: 'Add Rule' });
  return view;
}

describe('Add Rule', () => {
  it('offers only the types the account may use', async () => {
    rulesApi([]);
    await openAdd(userOf('lite'));
    const lite = await openSelect('Type');
    const titles = [...lite.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    // SPEC §6: Lite accounts get Location, Movement, Border crossing, Speeding, Battery
    // Tampering, Battery Low and Power Restored; not Harsh Driving.
    expect(titles).toEqual([
      'Location',
      'Speeding',
      'Vehicle Moving',
      'Battery disconnected or tampering',
      'Battery Low',
      'Border crossing (South Africa)',
      'Power Restored',
    ]);
    expect(within(lite).queryByTitle('Harsh Driving')).toBeNull();
  });

  it('offers Harsh Driving to a full account', async () => {
    rulesApi([]);
    await openAdd(userOf('full'));
    const full = await openSelect('Type');
    expect(within(full).getByTitle('Harsh Driving')).toBeTruthy();
  });

  it('shows the chosen type’s explanation and parameters', async () => {
    rulesApi([]);
    await openAdd();
    await choose('Type', 'Speeding');
    expect(screen.getByTestId('rule-type-explain').textContent).toMatch(
      /^A vehicle drives above the speed limit for longer than the grace time/,
    );
    expect(screen.getByLabelText('Speed limit (km/h)')).toHaveProperty('value', '120');
    expect(screen.getByLabelText('Grace time (seconds)')).toHaveProperty('value', '10');
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();

    await choose('Type', 'Location');
    expect(screen.queryByLabelText('Speed limit (km/h)')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeTruthy();
    expect(screen.getByTestId('rule-type-explain').textContent).toContain(
      'The recovery desk is told as well.',
    );
    // Call-me types take numbers the recovery desk phones.
    expect(screen.getByLabelText('Recovery desk calls')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Inside for longer than' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Stays inside for too long'));
    await choose('Inside for longer than', '1 h 30 min');

    await choose('Type', 'Towing');
    expect(screen.getByText(/This rule has nothing to set/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();

    await choose('Type', 'Excessive Idling');
    const idle = await openSelect('Idling for longer than');
    const minutes = [...idle.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    // SPEC §9 rule time ranges.
    expect(minutes).toEqual([
      '5 minutes',
      '10 minutes',
      '20 minutes',
      '30 minutes',
      '1 hour',
      '1 h 30 min',
      '2 hours',
      '3 hours',
      '4 hours',
    ]);
  });

  it('refuses bad e-mail addresses and phone numbers before sending', async () => {
    const api = rulesApi([]);
    await openAdd();
    type('Name', 'Speeders');
    await choose('Type', 'Speeding');
    type('E-mail the alert to', 'ops@example');
    enter('E-mail the alert to');
    expect(await screen.findByText('"ops@example" is not a valid e-mail address')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove ops@example' })).toBeNull();
    save();
    expect(
      await screen.findByText('Correct the field marked above; nothing was sent.'),
    ).toBeTruthy();

    type('E-mail the alert to', 'ops@example.com');
    enter('E-mail the alert to');
    expect(await screen.findByRole('button', { name: 'Remove ops@example.com' })).toBeTruthy();
    // A typed but not added entry is checked on save too.
    type('SMS the alert to', '12ab');
    save();
    expect(
      await screen.findByText(
        '"12ab" is not a valid phone number (digits, optionally starting with +)',
      ),
    ).toBeTruthy();
    expect(api.requestsOf('set_rule')).toHaveLength(0);
  });

  it('refuses an end time before the start time, and no days', async () => {
    const api = rulesApi([]);
    await openAdd();
    type('Name', 'Night');
    await choose('Type', 'Vehicle Moving');
    await choose('From', '18:00');
    await choose('Until', '6:00');
    // Every control is labelled: the days are a group named Days, all on by default (SPEC §9).
    const days = screen.getByRole('group', { name: 'Days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(7);
    fireEvent.click(within(days).getByLabelText('Monday'));
    save();
    expect(await screen.findByText('The end time must be after the start time')).toBeTruthy();
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      fireEvent.click(screen.getByLabelText(day));
    expect(await screen.findByText('Choose at least one day')).toBeTruthy();
    expect(api.requestsOf('set_rule')).toHaveLength(0);
  });

  it('warns, word for word, about a labelled unit that cannot trigger the type', async () => {
    rulesApi([]);
    await openAdd();
    await choose('Type', 'Speeding');
    fireEvent.click(screen.getByText('Units with labels'));
    await choose('Labels', 'Trucks');
    await waitFor(() =>
      expect(screen.getByTestId('rule-affected').textContent).toBe('2 units: Alpha, Bravo'),
    );
    // Bravo is a Recovery unit: it cannot trigger Speeding (SPEC §5, §6).
    expect(
      screen.getByText(
        "You are applying a label to Bravo that is being used by a (Speeding) rule. Please be aware that Bravo does not support this rule type and therefore won't trigger this rule.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(labelWarning('Alpha', 'speeding'))).toBeNull();
    // Location is a type every service supports: no warning.
    await choose('Type', 'Location');
    expect(screen.queryByText(labelWarning('Bravo', 'location'))).toBeNull();
    expect(screen.queryByText(/does not support this rule type/)).toBeNull();
  });

  it('saves the rule as set_rule expects it', async () => {
    const api = rulesApi([]);
    const view = await openAdd();
    type('Name', 'Highway speeding');
    await choose('Type', 'Speeding');
    type('Speed limit (km/h)', '100');
    type('Grace time (seconds)', '20');
    fireEvent.click(screen.getByText('Chosen units'));
    await choose('Units', 'Alpha (REG 1)');
    await choose('Units', 'Charlie (REG 3)');
    fireEvent.click(screen.getByLabelText('Sunday'));
    await choose('From', '6:00');
    type('E-mail the alert to', 'ops@example.com, boss@example.com');
    enter('E-mail the alert to');
    // Typed, not added: sent as well.
    type('SMS the alert to', '+27 82 555 0123');
    save();
    await waitFor(() => expect(api.requestsOf('set_rule')).toHaveLength(1));
    expect(api.requestsOf('set_rule')[0].parameters).toEqual({
      name: 'Highway speeding',
      type: 'speeding',
      apply_type: 'units',
      apply_to: [1, 3],
      fid: null,
      param: { limit: 100, grace_s: 20 },
      emails: ['ops@example.com', 'boss@example.com'],
      sms: ['+27 82 555 0123'],
      phones: [],
      days: [1, 2, 3, 4, 5, 6],
      start: '6:00',
      end: '24:00',
      active: true,
    });
    await waitFor(() => expect(view.location()).toBe('/portal/rules/index'));
  });

  it('saves a Speed Buzzer rule without a limit: each vehicle’s own buzzer limit is used', async () => {
    const api = rulesApi([]);
    await openAdd();
    type('Name', 'Buzzer ignored');
    await choose('Type', 'Speed Buzzer Violation');
    const limit = screen.getByLabelText('Speed limit (km/h)');
    // Not required for this type, and the hint says which limit counts.
    expect(limit.closest('.ant-form-item')!.querySelector('.ant-form-item-required')).toBeNull();
    expect(
      screen.getByText(
        "Optional: each vehicle's own buzzer limit is used where set; this one applies to vehicles without one",
      ),
    ).toBeTruthy();
    type('Speed limit (km/h)', '');
    save();
    await waitFor(() => expect(api.requestsOf('set_rule')).toHaveLength(1));
    expect(api.requestsOf('set_rule')[0].parameters).toMatchObject({
      type: 'speed_buzzer',
      param: { seconds: 30 },
    });
    expect(api.requestsOf('set_rule')[0].parameters.param).not.toHaveProperty('limit');
  });

  it('still requires the Speeding rule’s limit', async () => {
    const api = rulesApi([]);
    await openAdd();
    type('Name', 'Highway speeding');
    await choose('Type', 'Speeding');
    const limit = screen.getByLabelText('Speed limit (km/h)');
    expect(limit.closest('.ant-form-item')!.querySelector('.ant-form-item-required')).toBeTruthy();
    type('Speed limit (km/h)', '');
    save();
    expect(await screen.findByText('The speed limit must be 10 to 250 km/h')).toBeTruthy();
    expect(api.requestsOf('set_rule')).toHaveLength(0);
  });

  it('shows the server’s refusal by the field it names', async () => {
    const api = rulesApi([], {
      set_rule: () => ({ result: 1, message: 'param.lid: the location does not exist' }),
    });
    const view = await openAdd();
    type('Name', 'Depot');
    await choose('Type', 'Location');
    await choose('Location', 'Main Depot');
    save();
    await waitFor(() => expect(api.requestsOf('set_rule')).toHaveLength(1));
    expect(api.requestsOf('set_rule')[0].parameters.param).toEqual({ lid: 11, trigger: 'enter' });
    const refusal = await screen.findByText('param.lid: the location does not exist');
    // Shown under the field it names.
    expect(
      within(refusal.closest<HTMLElement>('.ant-form-item')!).getByRole('combobox', {
        name: 'Location',
      }),
    ).toBeTruthy();
    expect(screen.getByText('The rule was not saved')).toBeTruthy();
    expect(view.location()).toBe('/portal/rules/add');
  });
});

describe('Edit Rule', () => {
  const night = ruleOf(5, 'Night moves', {
    type: 'vehicle_moving',
    param: { min_speed: 15 },
    apply_type: 'fleet',
    fid: 3,
    uids: [3, 4],
    days: [6, 7],
    start: '20:00',
    end: '24:00',
    phones: ['+27825550123'],
  });

  it('loads the rule, saves it with its rid, and deletes after asking', async () => {
    const api = rulesApi([night]);
    const view = renderApp('/portal/rules/edit/5', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Edit Night moves' });
    expect(screen.getByLabelText('Moving above (km/h)')).toHaveProperty('value', '15');
    await waitFor(() =>
      expect(screen.getByTestId('rule-affected').textContent).toBe('2 units: Charlie, Delta'),
    );
    expect(screen.getByRole('button', { name: 'Remove +27825550123' })).toBeTruthy();
    save();
    await waitFor(() => expect(api.requestsOf('set_rule')).toHaveLength(1));
    expect(api.requestsOf('set_rule')[0].parameters).toMatchObject({
      rid: 5,
      type: 'vehicle_moving',
      apply_type: 'fleet',
      apply_to: [],
      fid: 3,
      param: { min_speed: 15 },
      phones: ['+27825550123'],
      days: [6, 7],
      start: '20:00',
    });
    await waitFor(() => expect(view.location()).toBe('/portal/rules/index'));

    view.router.navigate('/portal/rules/edit/5');
    await screen.findByRole('heading', { level: 1, name: /^Edit / });
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(/^Delete the rule .+\?$/)).toBeTruthy();
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_rule')[0]?.parameters).toEqual({ rid: 5 }));
  });

  it('keeps a Speed Buzzer rule without a limit without one', async () => {
    const buzzer = ruleOf(6, 'Buzzer ignored', {
      type: 'speed_buzzer',
      param: { seconds: 45 },
    });
    const api = rulesApi([buzzer]);
    renderApp('/portal/rules/edit/6', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Edit Buzzer ignored' });
    expect(screen.getByLabelText('Speed limit (km/h)')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Over the limit for (seconds)')).toHaveProperty('value', '45');
    save();
    await waitFor(() => expect(api.requestsOf('set_rule')).toHaveLength(1));
    expect(api.requestsOf('set_rule')[0].parameters.param).toEqual({ seconds: 45 });
  });

  it('says Rule not found for an unknown or foreign id', async () => {
    rulesApi([]);
    renderApp('/portal/rules/edit/999', { user: userOf('full') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rule not found' })).toBeTruthy();
  });
});
