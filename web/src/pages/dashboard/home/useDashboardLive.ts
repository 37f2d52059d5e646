// Keeps the dashboard current from the socket (API.md §5): a unit that starts or stops moving, a
// new rule alert or changed counters refresh the dashboard's reads, at most once per interval so
// a busy fleet does not make it re-read all the time; a re-sync after a reconnect refreshes too.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages, useLiveResync } from '../../../api/live';
import { taskKey } from '../../../api/queries';
import { DASHBOARD_TASKS } from '../../../api/dashboard';
import { now } from '../../../components/clock';

/** The least time between two refreshes caused by the socket. */
export const DASHBOARD_REFRESH_MS = 5_000;

export function useDashboardLive(): void {
  const client = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + DASHBOARD_REFRESH_MS - now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = now();
      for (const task of DASHBOARD_TASKS)
        void client.invalidateQueries({ queryKey: taskKey(task) });
    }, wait);
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLiveMessages((message) => {
    if (message.type === 'alert' || message.type === 'counts') refresh();
    // Movement, activity or connection changes move the counts; a position alone does not.
    else if (
      message.type === 'units' &&
      message.units.some((u) => 'park_state' in u || 'active' in u || 'connected' in u)
    )
      refresh();
  });
  useLiveResync(refresh);
}
