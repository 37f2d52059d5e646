// Route progress kept current: get_route_progress, read again at most every 5 s when the live
// socket says an assigned unit moved, and every 60 s in any case (a unit going quiet sends nothing).
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RouteProgress } from '@fleet/common';
import { now } from '../../../components/clock';
import { useLiveConnection, useLiveMessages, useLiveResync } from '../../../api/live';
import { routeProgressQuery } from '../parts/routeApi';

export const PROGRESS_MIN_INTERVAL_MS = 5_000;
export const PROGRESS_POLL_MS = 60_000;
const NONE: RouteProgress[] = [];

/**
 * Calls `run` at once if the last run was at least `minMs` ago, else once when that time is up;
 * calls in between are folded into that one.
 */
export function createThrottle(run: () => void, minMs: number, clock: () => number = now) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = clock();
    run();
  };
  return {
    request() {
      if (timer) return;
      const wait = last + minMs - clock();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    /** A run happened anyway (a poll): the next request waits from here. */
    ran() {
      last = clock();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export function useRouteProgress() {
  const status = useLiveConnection();
  const query = useQuery({
    ...routeProgressQuery(),
    refetchInterval: PROGRESS_POLL_MS,
  });
  const progress = query.data?.progress ?? NONE;
  const assigned = useMemo(() => new Set(progress.map((p) => p.uid)), [progress]);
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  const throttle = useMemo(
    () => createThrottle(() => void refetch.current(), PROGRESS_MIN_INTERVAL_MS),
    [],
  );
  useEffect(() => () => throttle.cancel(), [throttle]);
  useEffect(() => {
    if (query.dataUpdatedAt) throttle.ran();
  }, [query.dataUpdatedAt, throttle]);
  useLiveMessages((message) => {
    if (message.type !== 'units' || !Array.isArray(message.units)) return;
    if (message.units.some((u) => assigned.has(u.uid))) throttle.request();
  });
  useLiveResync(() => throttle.request());
  return { query, progress, status };
}
