// The recovery log form (issue 16 item 4; SPEC §4) against a fake server: state 0 hides the close
// action, and the start button when the unit already has a recovery in progress; only the five
// states can be chosen; the form's own check and the server's messages beside their fields.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, type TaskHandler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import { NOW, chaseupOf, detailOf, recoveryLogOf } from './desk/testDesk';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const support = () => userOf('support', { username: 'sam' });

function serve(more: Record<string, TaskHandler> = {}) {
  return mockApi({
    get_chaseup_events_count_new: () => ({ data: { count: 0 } }),
    get_recovery_logs: () => ({ data: { recovery_logs: [], count: 0, page_count: 0 } }),
    ...more,
  });
}

async function choose(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const list = await waitFor(() => {
    const id = box.getAttribute('aria-controls') ?? `${box.id}_list`;
    const dropdown = document.getElementById(id)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown) throw new Error(`${label} did not open`);
    return dropdown;
  });
  fireEvent.click(await within(list).findByTitle(option));
  return list;
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('recovery log', () => {
  it('starts a recovery from a chase-up: in progress, no close action', async () => {
    const api = serve({
      get_chaseup_event: () => ({ data: detailOf(chaseupOf(12)) }),
      set_recovery_log: (p) => ({
        data: { recovery_log: recoveryLogOf(44, { uid: p.uid, chaseup_id: 12, initiated_by: 2 }) },
      }),
      get_recovery_log: () => ({ data: { recovery_log: recoveryLogOf(44, { uid: 82 }) } }),
    });
    const app = renderApp('/recovery/add/recovery_log/82?chaseup=12', { user: support() });
    const start = await screen.findByRole('button', { name: 'Start recovery' });
    expect(button('Close recovery')).toBeNull();
    expect(screen.queryByLabelText('End time')).toBeNull();
    expect(api.requestsOf('get_recovery_logs')[0].parameters).toMatchObject({ uid: 82, state: 0 });
    expect(await screen.findByRole('link', { name: 'Open chase-up 12' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recovery team'), { target: { value: 'Team Bravo' } });
    fireEvent.click(start);
    await waitFor(() => expect(api.requestsOf('set_recovery_log')).toHaveLength(1));
    expect(api.requestsOf('set_recovery_log')[0].parameters).toMatchObject({
      uid: 82,
      state: 0,
      initiated_by: 2,
      chaseup_id: 12,
      start_time: NOW.replace('Z', '.000Z'),
      end_time: null,
      recovery_team: 'Team Bravo',
    });
    await waitFor(() => expect(app.location()).toBe('/recovery/edit/recovery_log/44'));
  });

  it('does not offer to start a second recovery of a unit: it links to the one in progress', async () => {
    serve({
      get_recovery_logs: () => ({
        data: { recovery_logs: [recoveryLogOf(40, { uid: 82 })], count: 1, page_count: 1 },
      }),
    });
    renderApp('/recovery/add/recovery_log/82', { user: support() });
    const link = await screen.findByRole('link', { name: /Open recovery log 40/ });
    expect(link.getAttribute('href')).toBe('/recovery/edit/recovery_log/40');
    expect(screen.getByText('This unit already has a recovery in progress.')).toBeTruthy();
    expect(button('Start recovery')).toBeNull();
    expect(button('Close recovery')).toBeNull();
  });

  it('offers only the five states of SPEC §4', async () => {
    serve();
    renderApp('/recovery/add/recovery_log/82', { user: support() });
    await screen.findByRole('button', { name: 'Start recovery' });
    const box = screen.getByRole('combobox', { name: 'State' });
    fireEvent.mouseDown(box);
    const list = await waitFor(() => {
      const d = document
        .getElementById(box.getAttribute('aria-controls') ?? '')
        ?.closest<HTMLElement>('.ant-select-dropdown');
      if (!d) throw new Error('not open');
      return d;
    });
    const titles = [...list.querySelectorAll('.ant-select-item-option')].map((o) =>
      o.getAttribute('title'),
    );
    expect(titles).toEqual([
      'In Progress',
      'Vehicle recovered',
      'Vehicle not recovered',
      'False alarm',
      'Recovered by a third party',
    ]);
  });

  it('closing needs an outcome and an end time; the close action shows only then', async () => {
    const api = serve({
      get_recovery_log: () => ({ data: { recovery_log: recoveryLogOf(44) } }),
      set_recovery_log: (p) => ({
        data: {
          recovery_log: recoveryLogOf(44, {
            state: p.state,
            state_name: 'Vehicle recovered',
            end_time: p.end_time,
          }),
        },
      }),
    });
    renderApp('/recovery/edit/recovery_log/44', { user: support() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovery log 44' })).toBeTruthy();
    expect(button('Save changes')).toBeTruthy();
    expect(button('Close recovery')).toBeNull();
    expect(button('Start recovery')).toBeNull();

    await choose('State', 'Vehicle recovered');
    expect(await screen.findByRole('button', { name: 'Close recovery' })).toBeTruthy();
    expect(button('Save changes')).toBeNull();
    // No end time yet: refused in the form, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Close recovery' }));
    expect(
      await screen.findByText('End time is required once the recovery is closed'),
    ).toBeTruthy();
    expect(api.requestsOf('set_recovery_log')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Now: the recovery ended now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close recovery' }));
    await waitFor(() => expect(api.requestsOf('set_recovery_log')).toHaveLength(1));
    expect(api.requestsOf('set_recovery_log')[0].parameters).toMatchObject({
      id: 44,
      uid: 71,
      state: 1,
      end_time: NOW.replace('Z', '.000Z'),
    });
    // Back to in progress: the close action goes away again.
    await choose('State', 'In Progress');
    await waitFor(() => expect(button('Close recovery')).toBeNull());
  });

  it("shows the server's messages beside the fields they name", async () => {
    serve({
      get_recovery_log: () => ({ data: { recovery_log: recoveryLogOf(44) } }),
      set_recovery_log: () => ({
        result: 1,
        message:
          'police_case_number: must be at most 60 characters; state: is not a recovery log state',
      }),
    });
    renderApp('/recovery/edit/recovery_log/44', { user: support() });
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Police case number must be at most 60 characters'),
    ).toBeTruthy();
    expect(screen.getByText('State is not a recovery log state')).toBeTruthy();
    expect(screen.getByText('The recovery log was not saved')).toBeTruthy();
  });
});
