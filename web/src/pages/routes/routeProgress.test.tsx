// routes/realtime against a fake of its tasks and of the live socket; the throttle on its own.
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { LiveMessage, RouteProgress } from '@fleet/common';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { createThrottle } from './progress/useRouteProgress';
import { summary } from './testing/routeFixtures';

vi.mock('../../map', async (importOriginal) => {
  const { mapStandIns } = await import('./testing/routeStandIns');
  return mapStandIns(await importOriginal());
});
// Every subscriber of the page (the progress and the units' live positions) gets each message.
const live = vi.hoisted(() => ({
  handlers: new Set<(m: LiveMessage) => void>(),
  push(m: LiveMessage) {
    for (const h of this.handlers) h(m);
  },
}));
vi.mock('../../api/live', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useLiveConnection: () => 'live',
  useLiveMessages: (handler: (m: LiveMessage) => void) => {
    const { useEffect } = React;
    useEffect(() => {
      live.handlers.add(handler);
      return () => void live.handlers.delete(handler);
    });
  },
  useLiveResync: () => {},
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function row(uid: number, name: string, extra: Partial<RouteProgress> = {}): RouteProgress {
  return {
    route_roid: 1,
    route_name: 'Airport run',
    uid,
    name,
    reg: `REG ${uid}`,
    done: 4_200,
    left: 8_100,
    percent: 34.1,
    off_route: 40,
    on_corridor: true,
    average_speed: 52.4,
    eta: null,
    fix_time: '2026-11-20T08:00:00Z',
    lat: -26.01,
    lon: 28.01,
    ...extra,
  };
}

const PROGRESS = [
  row(5, 'Hilux'),
  row(6, 'Ranger', { on_corridor: false, off_route: 2_300, average_speed: null }),
  row(7, 'Quantum', {
    route_roid: 2,
    route_name: 'Depot loop',
    fix_time: null,
    lat: null,
    lon: null,
  }),
];

function progressApi() {
  return mockApi({
    get_route_progress: () => ({ data: { progress: PROGRESS } }),
    get_routes: () => ({
      data: {
        routes: [summary(1, 'Airport run'), summary(2, 'Depot loop')],
        count: 2,
        page_count: 1,
      },
    }),
    get_unit_list_full: () => ({
      data: {
        units: [5, 6, 7].map((uid) => ({ uid, name: `Unit ${uid}`, reg: '', lat: -26, lon: 28 })),
        count: 3,
      },
    }),
  });
}

describe('Route progress', () => {
  it('shows each unit’s progress, distance off the route in words and colour, ETA and speed', async () => {
    progressApi();
    renderApp('/portal/routes/realtime', { user: userOf('full') });
    const hilux = (await screen.findByRole('link', { name: 'Hilux' })).closest('tr')!;
    expect(hilux.textContent).toContain('34%');
    expect(hilux.textContent).toContain('4.2 km done · 8.1 km left');
    expect(within(hilux).getByText('On route')).toBeTruthy();
    expect(hilux.textContent).toContain('40 m');
    expect(hilux.textContent).toContain('52 km/h');
    const ranger = screen.getByRole('link', { name: 'Ranger' }).closest('tr')!;
    expect(within(ranger).getByText('Off route')).toBeTruthy();
    expect(ranger.textContent).toContain('2.3 km');
    expect(ranger.textContent).toContain('—');
    expect(screen.getByRole('link', { name: 'Hilux' }).getAttribute('href')).toBe(
      '/portal/routes/map/5/1',
    );
    // A unit without a position yet, on a route of its own.
    expect(screen.getByRole('heading', { name: 'Depot loop' })).toBeTruthy();
    expect(screen.getByText('No position yet')).toBeTruthy();
    expect(screen.getByText('3 units on 2 routes, 1 off route')).toBeTruthy();
    expect(screen.getByTestId('routes').textContent).toBe('Airport run:3,Depot loop:3');
  });

  it('reads the progress again when an assigned unit moves, not for other units', async () => {
    const api = progressApi();
    renderApp('/portal/routes/realtime', { user: userOf('full') });
    await screen.findByRole('link', { name: 'Hilux' });
    expect(api.requestsOf('get_route_progress')).toHaveLength(1);
    live.push({ type: 'units', units: [{ uid: 99, name: 'Other' }] });
    // Past the 5 s minimum: a read due to unit 99 would have happened by now.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    expect(api.requestsOf('get_route_progress')).toHaveLength(1);
    live.push({ type: 'units', units: [{ uid: 6, name: 'Ranger' }] });
    await waitFor(() => expect(api.requestsOf('get_route_progress')).toHaveLength(2));
  });
});

describe('createThrottle', () => {
  it('runs at once, then at most once per interval, folding the calls between', () => {
    vi.useFakeTimers();
    let t = 0;
    const run = vi.fn();
    const throttle = createThrottle(run, 5000, () => t);
    throttle.request();
    expect(run).toHaveBeenCalledTimes(1);
    t = 1000;
    throttle.request();
    throttle.request();
    expect(run).toHaveBeenCalledTimes(1);
    t = 5000;
    vi.advanceTimersByTime(4000);
    expect(run).toHaveBeenCalledTimes(2);
    t = 6000;
    throttle.ran();
    throttle.request();
    t = 11_000;
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(3);
    throttle.cancel();
  });
});
