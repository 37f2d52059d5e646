// The support dashboard's chase-up queue card (issue 16 item 8): new, open and the median time to
// take from get_support_dashboard's chaseup_queue, leading to the queue.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SupportDashboard } from '@fleet/common';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { userOf } from '../../../test/fixtures';
import { medianText } from './ChaseupQueueCard';

vi.mock('echarts/core', () => import('../../../test/fakeEcharts'));
afterEach(() => vi.unstubAllGlobals());

const dashboard = (queue: SupportDashboard['chaseup_queue']): SupportDashboard => ({
  clients_by_state: [{ state: 1, name: 'Active', count: 4 }],
  units: { total: 10, reporting: 8, silent_day: 1, never: 1 },
  unknown_devices: 0,
  positions_per_minute: [],
  open_chaseups: queue.open,
  chaseup_queue: queue,
  overdue_accounts: [],
});

describe('support dashboard chase-up queue', () => {
  it('shows new, open and the median time to take, and leads to the queue', async () => {
    mockApi({
      get_chaseup_events_count_new: () => ({ data: { count: 2 } }),
      get_support_dashboard: () => ({
        data: { support_dashboard: dashboard({ new: 2, open: 5, median_take_seconds: 190 }) },
      }),
      get_chaseup_events: () => ({ data: { chaseup_events: [], count: 0, page_count: 0 } }),
    });
    const app = renderApp('/support', { user: userOf('support') });
    const list = await screen.findByRole('list', { name: 'Chase-up queue' });
    expect(screen.getByRole('heading', { level: 2, name: 'Chase-up queue' })).toBeTruthy();
    const text = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(text).toEqual([
      '2New, waiting to be taken',
      '5Open',
      '3 minMedian time to take (7 days)',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Open the queue' }));
    await waitFor(() => expect(app.location()).toBe('/recovery/chase_up'));
  });

  it('says when nothing was taken in the period', () => {
    expect(medianText(null)).toBe('none taken in 7 days');
    expect(medianText(30)).toBe('less than a minute');
    expect(medianText(3 * 3600 + 120)).toBe('3 h 2 min');
  });
});
