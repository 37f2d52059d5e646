// The support dashboard's notices card (issue 11 item 7): support users list the notices they wrote, write one for
// chosen clients (set_notice_message carries the audience), see the message cleaned in the
// preview, get the server's refusal beside its field, and delete after a question.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NoticeMessage } from '@fleet/common';
import { renderApp } from '../../../test/renderApp';
import { mockApi, type TaskHandler } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const clients = [
  {
    cid: 11,
    name: 'Acme Haulage',
    state: 1,
    created: '2025-01-01T00:00:00Z',
    unit_count: 4,
    user_count: 2,
  },
  {
    cid: 12,
    name: 'Berg Couriers',
    state: 1,
    created: '2025-01-01T00:00:00Z',
    unit_count: 9,
    user_count: 3,
  },
];

const written = (tid: number, extra: Partial<NoticeMessage> = {}): NoticeMessage => ({
  tid,
  title: `Notice ${tid}`,
  message: '<p>Hello</p>',
  type: 0,
  priority: 0,
  all_clients: true,
  client_ids: [],
  created: '2026-11-20T08:00:00Z',
  read_count: 0,
  ...extra,
});

function supportServer(rows: NoticeMessage[], extra: Record<string, TaskHandler> = {}) {
  let list = [...rows];
  return mockApi({
    get_notice_messages: () => ({
      data: { notice_messages: list, count: list.length, page_count: 1 },
    }),
    get_clients: (p) => ({
      data: {
        clients: clients.filter(
          (c) => !p.search || c.name.toLowerCase().includes(p.search.toLowerCase()),
        ),
        count: 2,
        page_count: 1,
      },
    }),
    set_notice_message: (p) => {
      const saved = written(p.tid ?? 50, {
        ...p,
        created: '2026-11-25T08:00:00Z',
      } as Partial<NoticeMessage>);
      list = [saved, ...list.filter((n) => n.tid !== saved.tid)];
      return { data: { notice_message: saved } };
    },
    delete_notice_message: (p) => {
      list = list.filter((n) => n.tid !== p.tid);
      return { data: {} };
    },
    ...extra,
  });
}

// The form's dialog, found once per test (role queries over the whole page are slow in jsdom).
let box: HTMLElement;
const openDialog = async () => {
  box = await screen.findByRole('dialog');
  return box;
};
const dialog = () => box;
/** A button of the dialog by its text (cheaper than a role query in antd's large DOM). */
const dialogButton = (text: string) =>
  within(dialog()).getByText(text).closest('button') as HTMLButtonElement;
const typeIn = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('Notices to clients (on /support)', () => {
  it('lists each notice with its audience by client name, priority and read count', async () => {
    supportServer([
      written(1, { title: 'Tariffs change', priority: 3, read_count: 7 }),
      written(2, { title: 'Depot move', all_clients: false, client_ids: [12, 11], type: 2 }),
    ]);
    renderApp('/support', { user: userOf('support') });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Notices to clients' }),
    ).toBeTruthy();
    const first = (await screen.findByText('Tariffs change')).closest('tr')!;
    expect(first.textContent).toContain('All clients');
    expect(within(first).getByText('Pops up')).toBeTruthy();
    expect(first.textContent).toContain('7');
    const second = screen.getByText('Depot move').closest('tr')!;
    await waitFor(() => expect(second.textContent).toContain('Berg Couriers, Acme Haulage'));
    expect(within(second).getByText('Error')).toBeTruthy();
  });

  it('writes a notice for chosen clients, previewing the message without its script', async () => {
    const api = supportServer([]);
    renderApp('/support', { user: userOf('support') });
    fireEvent.click((await screen.findByText('Write a notice')).closest('button')!);
    await openDialog();
    typeIn('Title', 'Road closure on the N1');
    fireEvent.change(within(dialog()).getByLabelText('Priority (0 to 10)'), {
      target: { value: '2' },
    });
    typeIn(
      'Message',
      '<p>Use the <b>R21</b>.</p><script>window.hacked=1</script><img src=x onerror="window.hacked=2">',
    );
    const preview = screen.getByTestId('notice-preview');
    await waitFor(() => expect(preview.textContent).toContain('Use the R21.'));
    expect(preview.innerHTML).not.toMatch(/script|onerror/i);

    fireEvent.click(within(dialog()).getByLabelText('Chosen clients'));
    const picker = await within(dialog()).findByLabelText('Clients');
    // Publishing with no client chosen is refused before anything is sent.
    fireEvent.click(dialogButton('Publish'));
    expect(await within(dialog()).findByText('Choose at least one client')).toBeTruthy();
    expect(api.requestsOf('set_notice_message')).toHaveLength(0);

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('Berg Couriers'));
    fireEvent.click(dialogButton('Publish'));
    await waitFor(() => expect(api.requestsOf('set_notice_message')).toHaveLength(1));
    expect(api.requestsOf('set_notice_message')[0].parameters).toEqual({
      title: 'Road closure on the N1',
      type: 0,
      priority: 2,
      message:
        '<p>Use the <b>R21</b>.</p><script>window.hacked=1</script><img src=x onerror="window.hacked=2">',
      all_clients: false,
      client_ids: [12],
    });
    await waitFor(() => expect(box.isConnected && box.querySelector('form')).toBeFalsy());
    const row = (await screen.findByText('Road closure on the N1')).closest('tr')!;
    expect(row.textContent).toContain('Berg Couriers');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('edits a notice for all clients and shows the server’s refusal beside its field', async () => {
    const api = supportServer(
      [written(8, { title: 'Old title', all_clients: false, client_ids: [11] })],
      {
        set_notice_message: () => ({
          result: 3,
          message: 'title: is already used by another notice',
        }),
      },
    );
    renderApp('/support', { user: userOf('support') });
    fireEvent.click(await screen.findByLabelText('Edit Old title'));
    await openDialog();
    expect((within(dialog()).getByLabelText('Title') as HTMLInputElement).value).toBe('Old title');
    fireEvent.click(within(dialog()).getByLabelText('All clients'));
    fireEvent.click(dialogButton('Save changes'));
    await waitFor(() => expect(api.requestsOf('set_notice_message')).toHaveLength(1));
    expect(api.requestsOf('set_notice_message')[0].parameters).toMatchObject({
      tid: 8,
      all_clients: true,
      client_ids: [],
    });
    expect(
      await within(dialog()).findByText('Title is already used by another notice'),
    ).toBeTruthy();
  });

  it('deletes a notice only after the question', async () => {
    const api = supportServer([written(3, { title: 'Holiday hours' })]);
    renderApp('/support', { user: userOf('support') });
    fireEvent.click(await screen.findByLabelText('Delete Holiday hours'));
    await screen.findByText('Delete the notice "Holiday hours"?');
    expect(api.requestsOf('delete_notice_message')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_notice_message')).toHaveLength(1));
    expect(api.requestsOf('delete_notice_message')[0].parameters).toEqual({ tid: 3 });
    await waitFor(() => expect(screen.queryByText('Holiday hours')).toBeNull());
  });

  it('is not offered to a client’s users', async () => {
    supportServer([]);
    const app = renderApp('/support', { user: userOf('full') });
    await waitFor(() => expect(app.location()).not.toBe('/recovery/notices'));
  });
});
