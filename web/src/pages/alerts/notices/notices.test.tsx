// The user's notices (issue 11 item 7; SPEC §2, §4): the list newest first with its unread marks,
// marking read and unread (the icon's count follows), the notice page's cleaned HTML, and the
// live push that makes the icon re-read its notices.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notice } from '@fleet/common';
import { liveSocket, type SocketLike } from '../../../api/live';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { fieldMessages, newestFirst } from './noticeFormat';
import { noticesChanged } from './noticePush';

class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  liveSocket().stop();
  vi.unstubAllGlobals();
});

const notice = (tid: number, extra: Partial<Notice> = {}): Notice => ({
  tid,
  title: `Notice ${tid}`,
  message: `<p>Body ${tid}</p>`,
  type: 0,
  priority: 0,
  unread: false,
  created: `2026-11-0${tid}T10:00:00Z`,
  ...extra,
});

/** A fake server holding the notices; set_notice changes them as the real one does. */
function noticeServer(initial: Notice[]) {
  let notices = initial.map((n) => ({ ...n }));
  const api = mockApi({
    get_notices: () => ({ data: { notices } }),
    set_notice: (p) => {
      notices = notices.map((n) => (n.tid === p.id ? { ...n, unread: p.unread } : n));
      return { data: { notice: notices.find((n) => n.tid === p.id) } };
    },
  });
  return {
    api,
    set: (next: Notice[]) => {
      notices = next;
    },
  };
}

const rowOf = (title: string) =>
  screen.getByRole('link', { name: new RegExp(title) }).closest('li')!;

describe('notices list (alerts/notices)', () => {
  it('lists newest first, marks unread ones, and links each title to its page', async () => {
    noticeServer([
      notice(1, { title: 'Old news' }),
      notice(3, { title: 'Maintenance tonight', unread: true, type: 1 }),
      notice(2, { title: 'New depot', type: 2 }),
    ]);
    renderApp('/portal/alerts/notices', { user: userOf('full') });
    const list = await screen.findByRole('list', { name: 'Notices, newest first' });
    const titles = within(list)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(titles).toEqual(['Unread: Maintenance tonight', 'New depot', 'Old news']);
    expect(rowOf('Maintenance tonight').className).toContain('is-unread');
    expect(rowOf('New depot').className).not.toContain('is-unread');
    expect(within(rowOf('Maintenance tonight')).getByText('Warning')).toBeTruthy();
    expect(within(rowOf('New depot')).getByText('Error')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Maintenance tonight/ }).getAttribute('href')).toMatch(
      /\/portal\/alerts\/notice\/3$/,
    );
    expect(screen.getByText('1 unread of 3')).toBeTruthy();
  });

  it('marks a notice read and unread again, and the icon count follows', async () => {
    const { api } = noticeServer([notice(1, { unread: true, title: 'Tyre recall' }), notice(2)]);
    renderApp('/portal/alerts/notices', { user: userOf('full') });
    await screen.findByRole('button', { name: 'Notices, 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read: Tyre recall' }));
    await waitFor(() => expect(api.requestsOf('set_notice')).toHaveLength(1));
    expect(api.requestsOf('set_notice')[0].parameters).toEqual({ id: 1, unread: false });
    expect(await screen.findByRole('button', { name: 'Notices, 0' })).toBeTruthy();
    expect(rowOf('Tyre recall').className).not.toContain('is-unread');

    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread: Tyre recall' }));
    await waitFor(() => expect(api.requestsOf('set_notice')).toHaveLength(2));
    expect(api.requestsOf('set_notice')[1].parameters).toEqual({ id: 1, unread: true });
    expect(await screen.findByRole('button', { name: 'Notices, 1' })).toBeTruthy();
    expect(rowOf('Tyre recall').className).toContain('is-unread');
  });

  it('orders by time, not by the order the server sent', () => {
    const list = [notice(2), notice(1), notice(3)];
    expect(newestFirst(list).map((n) => n.tid)).toEqual([3, 2, 1]);
  });
});

describe('one notice (alerts/notice/{tid})', () => {
  const hostile = notice(4, {
    title: 'Portal upgrade',
    type: 1,
    unread: true,
    message:
      '<p>We <b>upgrade</b> on Sunday.</p><script>window.hacked = 1</script>' +
      '<img src="x.png" onerror="window.hacked = 2"><a href="javascript:alert(1)">details</a>',
  });

  it('shows the cleaned message: no script, handler or javascript: link reaches the DOM', async () => {
    const { api } = noticeServer([hostile]);
    renderApp('/portal/alerts/notice/4', { user: userOf('full') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portal upgrade' })).toBeTruthy();
    const body = document.querySelector('.page-body .notice-body')!;
    expect(body.textContent).toContain('We upgrade on Sunday.');
    expect(body.querySelector('b')?.textContent).toBe('upgrade');
    expect(document.querySelector('script:not([src])')?.textContent ?? '').not.toContain('hacked');
    expect(body.innerHTML).not.toMatch(/script|onerror|javascript:/i);
    expect(body.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(body.querySelector('a')?.getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText('Warning')).toBeTruthy();
    // Opening is not reading (SPEC §4): nothing is marked until the user clicks.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requestsOf('set_notice')).toHaveLength(0);
  });

  it('marks it read with the page’s button, and leads back to the list', async () => {
    const { api } = noticeServer([hostile]);
    const app = renderApp('/portal/alerts/notice/4', { user: userOf('full') });
    // The page's own button (the priority pop-up is not shown: priority 0).
    const page = (await screen.findByRole('heading', { name: 'Portal upgrade' })).closest(
      '.page',
    ) as HTMLElement;
    fireEvent.click(within(page).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(api.requestsOf('set_notice')[0]?.parameters).toEqual({ id: 4, unread: false }),
    );
    expect(await within(page).findByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    fireEvent.click(within(page).getByRole('link', { name: /All notices/ }));
    await waitFor(() => expect(app.location()).toBe('/portal/alerts/notices'));
  });

  it('says so when the notice does not exist', async () => {
    noticeServer([]);
    renderApp('/portal/alerts/notice/99', { user: userOf('full') });
    expect(
      await screen.findByRole('heading', {
        name: 'This notice does not exist or is no longer addressed to you',
      }),
    ).toBeTruthy();
  });
});

describe('live notices', () => {
  it('recognises the server’s notices messages and nothing else', () => {
    expect(noticesChanged({ type: 'counts', changed: ['notices'] })).toBe(true);
    expect(noticesChanged({ type: 'alert', alert: { kind: 'notice', tid: 3 } })).toBe(true);
    expect(noticesChanged({ type: 'counts', changed: ['new_rule_alerts_count'] })).toBe(false);
    expect(noticesChanged({ type: 'alert', alert: { kind: 'rule_alert', raid: 1 } })).toBe(false);
    expect(noticesChanged({ type: 'units', units: [{ uid: 1 }] })).toBe(false);
  });

  it('a pushed counts message brings a new priority notice up without a reload', async () => {
    const server = noticeServer([]);
    renderApp('/portal/user_settings', { user: userOf('full') });
    await screen.findByRole('button', { name: 'Notices, 0' });
    await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
    const socket = FakeSocket.made[FakeSocket.made.length - 1]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    socket.push({ type: 'ready' });
    const reads = server.api.requestsOf('get_notices').length;
    server.set([notice(5, { title: 'Road closure', unread: true, priority: 2 })]);
    socket.push({ type: 'units', units: [{ uid: 1 }] });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.api.requestsOf('get_notices')).toHaveLength(reads);

    socket.push({ type: 'counts', changed: ['notices'] });
    expect(await screen.findByRole('button', { name: 'Notices, 1' })).toBeTruthy();
    // Priority above 0: the pop-up of SPEC §2 opens with it.
    expect(await screen.findByText('Road closure')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as read' })).toBeTruthy();
  });
});

describe('server refusals beside their fields', () => {
  it('splits a refusal by the field each part names', () => {
    const { fields, rest } = fieldMessages(
      'title is required; client_ids: choose at least one client, or all clients; priority: must be at most 10; Server busy',
      ['title', 'client_ids', 'priority'] as const,
    );
    expect(fields).toEqual({
      title: 'Title is required',
      client_ids: 'Choose at least one client, or all clients',
      priority: 'Priority must be at most 10',
    });
    expect(rest).toEqual(['Server busy']);
  });
});
