import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { currentCrumb, renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import type { Notice } from '@fleet/common';
import { priorityNotice } from './NoticePopup';

afterEach(() => vi.unstubAllGlobals());

const notice = (tid: number, extra: Partial<Notice> = {}): Notice => ({
  tid,
  title: `Notice ${tid}`,
  message: `<p>Body ${tid}</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>`,
  type: 1,
  priority: 1,
  unread: true,
  created: `2025-06-0${tid}T10:00:00Z`,
  ...extra,
});

describe('priority notice pop-up (SPEC §2, §4)', () => {
  it('picks the last unread notice with priority above 0', () => {
    const list = [notice(1), notice(3, { priority: 0 }), notice(2), notice(4, { unread: false })];
    expect(priorityNotice(list, '/dashboard', [])?.tid).toBe(2);
    expect(priorityNotice(list, '/portal/alerts/notices', [])).toBeNull();
    expect(priorityNotice(list, '/dashboard', [2])?.tid).toBe(1);
  });

  it('marks the notice read with "Mark as read"', async () => {
    let unread = true;
    const api = mockApi({
      get_notices: () => ({ data: { notices: [notice(1, { unread })] } }),
      set_notice: (p) => {
        unread = p.unread;
        return { data: {} };
      },
    });
    renderApp('/portal/user_settings', { user: userOf('full') });
    expect(await screen.findByText('Notice 1', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Body 1')).toBeTruthy();
    expect(document.querySelector('.notice-body script')).toBeNull();
    expect(document.querySelector('.notice-body a')?.getAttribute('href')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(api.requestsOf('set_notice')).toHaveLength(1));
    expect(api.requestsOf('set_notice')[0].parameters).toEqual({ id: 1, unread: false });
    await waitFor(() => expect(screen.queryByText('Notice 1')).toBeNull());
    expect(api.requestsOf('get_notices').length).toBeGreaterThan(1);
  });

  it('leaves the notice unread with "Close"', async () => {
    const api = mockApi({ get_notices: () => ({ data: { notices: [notice(1)] } }) });
    renderApp('/portal/user_settings', { user: userOf('full') });
    await screen.findByText('Notice 1');
    fireEvent.click(screen.getByText('Close').closest('button')!);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(api.requestsOf('set_notice')).toHaveLength(0);
  });

  it('stays away on the notices page', async () => {
    mockApi({ get_notices: () => ({ data: { notices: [notice(1)] } }) });
    renderApp('/portal/alerts/notices', { user: userOf('full') });
    await waitFor(() => expect(currentCrumb()).toBe('Notices'));
    // The page lists the notice; the pop-up does not open over it.
    expect(await screen.findByRole('link', { name: /Notice 1/ })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
