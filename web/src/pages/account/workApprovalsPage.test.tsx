// account/work_approvals against a fake of the approval tasks: pending ones with Approve and
// Decline, decided ones with who and when, ?status=pending from the site alert, and support
// asking for an approval with the amount checked before anything is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import WorkApprovalsPage from './WorkApprovalsPage';
import { approvalOf, dialogTitled, ordersApi } from './orders/orderFixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/portal/account/work_approvals';
const open = (search = '', user = userOf('full')) =>
  renderPage(
    `${PATH}${search}`,
    { path: PATH, title: 'Work Approvals', Component: WorkApprovalsPage },
    user,
  );

const APPROVALS = [
  approvalOf(1),
  approvalOf(2, {
    title: 'New fuse box',
    amount_cents: 45050,
    status: 'approved',
    decided_by: 5,
    decided_by_name: 'Thandi Nkosi',
    decided_at: '2026-03-02T08:00:00Z',
    decision_note: 'Go ahead',
  }),
];

const rowOf = async (title: string) =>
  (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('Work approvals', PAGE_TEST, () => {
  it('shows the amount in rand, who decided and when, and approves a pending one', async () => {
    wideScreen();
    const api = ordersApi(
      { approvals: APPROVALS },
      {
        approve_work_approval: (p) => ({
          data: { work_approval: approvalOf(p.id, { status: 'approved' }) },
        }),
      },
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Work Approvals' })).toBeTruthy();
    const pending = await rowOf('Replace a damaged harness');
    expect(within(pending).getByText('R 1 250.00')).toBeTruthy();
    expect(within(pending).getByText('R 1 250.00').closest('td')!.style.textAlign).toBe('right');
    expect(within(pending).getByText('Waiting for you')).toBeTruthy();
    const decided = await rowOf('New fuse box');
    expect(within(decided).getByText('R 450.50')).toBeTruthy();
    expect(within(decided).getByText(/by Thandi Nkosi/)).toBeTruthy();
    expect(within(decided).getByText('“Go ahead”')).toBeTruthy();
    expect(within(decided).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ask for approval/ })).toBeNull();

    fireEvent.click(within(pending).getByRole('button', { name: 'Approve WA-2026-0001' }));
    const modal = await dialogTitled('Approve WA-2026-0001?');
    fireEvent.change(within(modal).getByLabelText('Note (optional)'), {
      target: { value: 'Fine' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.requestsOf('approve_work_approval')).toHaveLength(1));
    expect(api.requestsOf('approve_work_approval')[0].parameters).toEqual({ id: 1, note: 'Fine' });
  });

  it('?status=pending lists only those waiting; a refused decision is said', async () => {
    wideScreen();
    const api = ordersApi(
      { approvals: APPROVALS },
      {
        decline_work_approval: () => ({
          result: 1,
          message: 'This work approval was already approved',
        }),
      },
    );
    open('?status=pending');
    await rowOf('Replace a damaged harness');
    expect(screen.queryByText('New fuse box')).toBeNull();
    expect(api.requestsOf('get_work_approvals')[0].parameters).toMatchObject({ status: 'pending' });
    expect(screen.getByRole('radio', { name: 'Waiting for you' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Decline WA-2026-0001' }));
    const modal = await dialogTitled('Decline WA-2026-0001?');
    fireEvent.click(within(modal).getByRole('button', { name: 'Decline' }));
    expect(await within(modal).findByText('This work approval was already approved')).toBeTruthy();
  });

  it('support asks for an approval; the amount is checked first', async () => {
    wideScreen();
    const api = ordersApi(
      { approvals: APPROVALS },
      {
        set_work_approval: (p) => ({
          data: { work_approval: approvalOf(3, { title: p.title, amount_cents: 85000 }) },
        }),
      },
    );
    open('', userOf('support'));
    await rowOf('Replace a damaged harness');
    expect(screen.queryByRole('button', { name: 'Approve WA-2026-0001' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Ask for approval/ }));
    const modal = await dialogTitled('Ask for approval');
    const client = within(modal).getByRole('combobox', { name: 'Client' });
    fireEvent.mouseDown(client);
    fireEvent.click(await screen.findByTitle('Demo Fleet'));
    fireEvent.change(within(modal).getByLabelText('Work'), { target: { value: 'Fuse box' } });
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '850.005' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    expect(
      await within(modal).findByText('The amount may have at most 2 decimals (cents)'),
    ).toBeTruthy();
    expect(api.requestsOf('set_work_approval')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '850' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.requestsOf('set_work_approval')).toHaveLength(1));
    expect(api.requestsOf('set_work_approval')[0].parameters).toEqual({
      cid: 1,
      title: 'Fuse box',
      description: '',
      amount: '850',
    });
  });
});
