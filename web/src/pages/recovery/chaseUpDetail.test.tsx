// The chase-up detail page (issue 16 items 3 and 8) against a fake server: the actions each state
// offers and the lock of Resolved and Cancelled, the contacts in calling order with those not to be
// called now greyed, logging a call (prefilled from a contact; the server's field message beside
// the field), a comment over 5,000 characters refused before sending, the merged timeline, and the
// recovery log button. The map is a stand-in (no WebGL under jsdom).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChaseupDetail } from '@fleet/common';
import { mockApi, type TaskHandler } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { userOf } from '../../test/fixtures';
import {
  NOW,
  callLogOf,
  chaseupOf,
  commentOf,
  contactOf,
  detailOf,
  minutesBefore,
} from './desk/testDesk';

vi.mock('./desk/ChaseupMap', () => ({
  default: (p: {
    since: string;
    spot: { lat: number; lon: number } | null;
    unit: { uid: number };
  }) => (
    <output data-testid="chaseup-map">
      {`unit ${p.unit.uid} since ${p.since} at ${p.spot ? `${p.spot.lat},${p.spot.lon}` : 'none'}`}
    </output>
  ),
}));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const support = () => userOf('support', { username: 'sam' });

function serve(detail: ChaseupDetail, more: Record<string, TaskHandler> = {}) {
  return mockApi({
    get_chaseup_events_count_new: () => ({ data: { count: 0 } }),
    get_chaseup_event: () => ({ data: detail }),
    get_comments: () => ({ data: { comments: [], count: 0, page_count: 0 } }),
    get_call_log_list: () => ({ data: { call_log_list: [], count: 0, page_count: 0 } }),
    get_users: () => ({
      data: {
        users: [
          {
            nid: 1,
            username: 'sam',
            display_name: 'Sam',
            user_type: 'support',
            roles: ['user_support'],
          },
          {
            nid: 2,
            username: 'lee',
            display_name: 'Lee Naidoo',
            user_type: 'support',
            roles: ['user_support'],
          },
          { nid: 3, username: 'fleet', display_name: 'Fleet Boss', user_type: 'full', roles: [] },
        ],
        count: 3,
        page_count: 1,
      },
    }),
    get_immobiliser: () => ({ result: 1, message: 'not here' }),
    ...more,
  });
}

const open = (id = 12) => renderApp(`/recovery/chase_up_detail/${id}`, { user: support() });
const actions = () => screen.findByRole('group', { name: 'Chase-up actions' });

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
}

describe('chase-up detail', () => {
  it('shows what happened, where, how long it waited and the evidence', async () => {
    serve(detailOf(chaseupOf(12, { created: minutesBefore(6) })));
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chase-up 12: Panic remote' }),
    ).toBeTruthy();
    expect(screen.getByText('Waiting 6 min — overdue')).toBeTruthy();
    expect(screen.getByTestId('chaseup-map').textContent).toBe(
      `unit 82 since ${minutesBefore(1)} at -33.92,18.42`,
    );
    expect(screen.getByText('Panic button pressed')).toBeTruthy();
    expect(screen.getByText('42 km/h')).toBeTruthy();
    expect(screen.getByText('din2')).toBeTruthy();
    // Headings in order: the page's h1, then one h2 a section.
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual(
      expect.arrayContaining([
        'The chase-up',
        'The vehicle now',
        'Evidence',
        'Who to call',
        'Timeline',
      ]),
    );
  });

  it('a new chase-up can be taken', async () => {
    const api = serve(detailOf(chaseupOf(12)), {
      set_chaseup_event: (p) => ({ data: { chaseup_event: chaseupOf(p.id, { state: 1 }) } }),
    });
    open();
    const group = await actions();
    expect(within(group).getByRole('button', { name: 'Customer contacted' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Take' }));
    await waitFor(() =>
      expect(api.requestsOf('set_chaseup_event')[0]?.parameters).toEqual({ id: 12, take: true }),
    );
  });

  it("another agent's chase-up cannot be worked here, and says whose it is", async () => {
    serve(detailOf(chaseupOf(12, { state: 1, assigned_to_username: 'lee', taken_at: NOW })));
    open();
    expect(
      await screen.findByText('Taken by lee: only lee can change it or hand it over.'),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Chase-up actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hand over' })).toBeNull();
  });

  it('an assigned chase-up moves to customer contacted, resolved, or is handed over', async () => {
    const api = serve(
      detailOf(chaseupOf(12, { state: 1, assigned_to_username: 'sam', taken_at: NOW })),
      { set_chaseup_event: (p) => ({ data: { chaseup_event: chaseupOf(p.id) } }) },
    );
    open();
    const group = await actions();
    expect(within(group).queryByRole('button', { name: 'Take' })).toBeNull();
    fireEvent.click(within(group).getByRole('button', { name: 'Customer contacted' }));
    await waitFor(() => expect(api.requestsOf('set_chaseup_event')).toHaveLength(1));
    fireEvent.click(within(group).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.requestsOf('set_chaseup_event')).toHaveLength(2));
    await choose('Hand over to', 'Lee Naidoo (lee)');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(api.requestsOf('set_chaseup_event')).toHaveLength(3));
    expect(api.requestsOf('set_chaseup_event').map((r) => r.parameters)).toEqual([
      { id: 12, state: 2 },
      { id: 12, state: 3 },
      { id: 12, assigned_to_username: 'lee' },
    ]);
  });

  it('cancelling asks first', async () => {
    const api = serve(detailOf(chaseupOf(12, { state: 2, assigned_to_username: 'sam' })), {
      set_chaseup_event: (p) => ({ data: { chaseup_event: chaseupOf(p.id, { state: 4 }) } }),
    });
    open();
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Cancel chase-up 12?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requestsOf('set_chaseup_event')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      await within(await screen.findByRole('dialog')).findByRole('button', {
        name: 'Cancel chase-up',
      }),
    );
    await waitFor(() =>
      expect(api.requestsOf('set_chaseup_event')[0]?.parameters).toEqual({ id: 12, state: 4 }),
    );
  });

  it.each([
    [3, 'Resolved — locked: no further changes can be made.'],
    [4, 'Cancelled — locked: no further changes can be made.'],
  ])('state %i is locked: no actions, the reason in words', async (state, words) => {
    serve(detailOf(chaseupOf(12, { state, assigned_to_username: 'sam', closed_at: NOW })));
    open();
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Chase-up actions' })).toBeNull();
    for (const name of ['Take', 'Resolve', 'Cancel', 'Hand over', 'Customer contacted'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows the server refusal of a change', async () => {
    serve(detailOf(chaseupOf(12)), {
      set_chaseup_event: () => ({ result: 1, message: 'Chase-up 12 was already taken by lee' }),
    });
    open();
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Take' }));
    expect(
      await screen.findByText('Not changed: Chase-up 12 was already taken by lee'),
    ).toBeTruthy();
  });

  it('lists emergency contacts first by rank, greys those not to be called now, and logs a call', async () => {
    const contacts = [
      contactOf(1, { rank: 1, roles: ['Fleet manager'], first_name: 'Olive' }),
      contactOf(3, { rank: 3, first_name: 'Cara' }),
      contactOf(2, {
        rank: 2,
        first_name: 'Ben',
        callable_now: false,
        not_callable_reason: 'No calls after hours or at weekends',
      }),
    ];
    let refuse = true;
    const api = serve(detailOf(chaseupOf(12), { contacts, after_hours: true }), {
      set_call_log: (p) =>
        refuse
          ? ((refuse = false), { result: 1, message: 'number: is not a phone number' })
          : { data: { call_log: callLogOf(4, { name: p.name, number: p.number }) } },
    });
    open();
    const list = await screen.findByRole('list', { name: 'Contacts, in the order to call them' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.contact-name')?.textContent)).toEqual([
      'Ben Dlamini',
      'Cara Dlamini',
      'Olive Dlamini',
    ]);
    expect(items[0].getAttribute('data-callable')).toBe('false');
    expect(
      within(items[0]).getByText('Do not call now: No calls after hours or at weekends'),
    ).toBeTruthy();
    expect(within(items[0]).queryByRole('link')).toBeNull();
    expect(
      within(items[1])
        .getByRole('link', { name: 'Call Cara Dlamini on 082 555 003' })
        .getAttribute('href'),
    ).toBe('tel:082555003');
    expect(screen.getByText(/It is after hours for this client/)).toBeTruthy();

    fireEvent.click(within(items[1]).getByRole('button', { name: 'Log call to Cara Dlamini' }));
    const form = screen.getByRole('form', { name: 'Log a call' });
    expect((within(form).getByLabelText('Who') as HTMLInputElement).value).toBe('Cara Dlamini');
    expect((within(form).getByLabelText('Number') as HTMLInputElement).value).toBe('082 555 003');
    // No outcome: refused in the form, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Save call log' }));
    expect(await within(form).findByText('Choose how the call went')).toBeTruthy();
    expect(api.requestsOf('set_call_log')).toHaveLength(0);
    await choose('Outcome', 'No answer');
    fireEvent.click(within(form).getByRole('button', { name: 'Save call log' }));
    // The server's message beside the field it names.
    expect(await within(form).findByText('Number is not a phone number')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save call log' }));
    await waitFor(() => expect(api.requestsOf('set_call_log')).toHaveLength(2));
    expect(api.requestsOf('set_call_log')[1].parameters).toMatchObject({
      chaseup_id: 12,
      uid: 82,
      pid: 3,
      name: 'Cara Dlamini',
      number: '082 555 003',
      outcome: 'no_answer',
    });
    // Once saved the form is empty again, with no complaints about its empty fields.
    await waitFor(() =>
      expect((within(form).getByLabelText('Who') as HTMLInputElement).value).toBe(''),
    );
    expect(within(form).queryByText('Who: say who was called')).toBeNull();
    expect(within(form).queryByText('Choose how the call went')).toBeNull();
  });

  it('refuses a comment over 5,000 characters in the form and sends a shorter one', async () => {
    const api = serve(detailOf(chaseupOf(12)), {
      set_comment: (p) => ({ data: { comment: commentOf(9, { text: p.text }) } }),
    });
    open();
    const form = await screen.findByRole('form', { name: 'Add a comment' });
    const box = within(form).getByLabelText('Comment');
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    expect(within(form).getByText('5,001 / 5,000 characters — too long')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add comment' }));
    expect(
      await within(form).findByText('A comment is at most 5,000 characters: this one has 5,001.'),
    ).toBeTruthy();
    expect(api.requestsOf('set_comment')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'Client says the car is at home' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(api.requestsOf('set_comment')[0]?.parameters).toEqual({
        chaseup_id: 12,
        uid: 82,
        text: 'Client says the car is at home',
      }),
    );
  });

  it('shows comments id descending and one timeline of events, states, calls and comments', async () => {
    const e = chaseupOf(12, { time: minutesBefore(30) });
    serve(
      detailOf(e, {
        timeline: [
          {
            time: minutesBefore(20),
            kind: 'state',
            text: 'Taken by sam',
            username: 'sam',
            ref: null,
          },
          {
            time: minutesBefore(30),
            kind: 'event',
            text: 'Panic remote',
            username: null,
            ref: 512,
          },
          { time: minutesBefore(15), kind: 'comment', text: 'Comment 1', username: 'sam', ref: 1 },
        ],
      }),
      {
        get_comments: () => ({
          data: {
            comments: [
              commentOf(1, { created: minutesBefore(15) }),
              commentOf(2, { created: minutesBefore(5) }),
            ],
            count: 2,
            page_count: 1,
          },
        }),
        get_call_log_list: () => ({
          data: {
            call_log_list: [callLogOf(7, { created: minutesBefore(10) })],
            count: 1,
            page_count: 1,
          },
        }),
      },
    );
    open();
    const comments = await screen.findByRole('list', { name: 'Comments, newest first' });
    await within(comments).findByText('Comment 2');
    expect(
      within(comments)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.case-comment')?.textContent),
    ).toEqual(['Comment 2', 'Comment 1']);
    const timeline = screen.getByRole('list', { name: 'Case timeline, newest first' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.case-text')?.textContent),
    ).toEqual([
      'Comment 2',
      'Called Person1 Dlamini (082 555 001): No answer',
      'Comment 1',
      'Taken by sam',
      'Panic remote',
    ]);
  });

  it('opens a recovery log from the chase-up, or the one already opened', async () => {
    serve(detailOf(chaseupOf(12)));
    const app = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Open recovery log' }));
    await waitFor(() => expect(app.location()).toBe('/recovery/add/recovery_log/82?chaseup=12'));
  });

  it('an existing recovery log opens for editing', async () => {
    serve(detailOf(chaseupOf(12), { recovery_log_id: 44 }), {
      get_recovery_log: () => ({ result: 1, message: 'not in this test' }),
    });
    const app = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Open recovery log' }));
    await waitFor(() => expect(app.location()).toBe('/recovery/edit/recovery_log/44'));
  });
});
