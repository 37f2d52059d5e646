// One cache entry per server list: pages asking for the same task share one request, and a change
// (re-sync, label) reaches every page that shows it.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { FleetTripRow, TripRow } from '@fleet/common';
import { createQueryClient } from '../queryClient';
import { makeUnit } from '../map/testing/units';
import { useUnits } from '../pages/tracking/common/useUnits';
import { useLiveFleet } from '../pages/tracking/live/useLiveFleet';
import { mockApi } from '../test/mockApi';
import { call } from './call';
import { taskKey, taskQuery } from './queries';
import { fleetTripsQuery, showTripLabel, tripsQuery } from './tracking';

afterEach(() => vi.unstubAllGlobals());

function withClient() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const range = { from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' };
const trip = { id: 7, uid: 1, type: 0, label: 'unlabeled' } as const;

describe('the query cache', () => {
  it('reads the unit list once for the live map and the unit pickers, and re-reads it for both', async () => {
    let units = [makeUnit(2, { name: 'Bravo' }), makeUnit(1, { name: 'Alpha' })];
    const api = mockApi({ get_unit_list_full: () => ({ data: { units, count: units.length } }) });
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => ({ live: useLiveFleet(), picker: useUnits() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.picker.units).toHaveLength(2));
    expect(result.current.picker.units.map((u) => u.name)).toEqual(['Alpha', 'Bravo']);
    await waitFor(() => expect(result.current.live.loaded).toBe(true));
    expect(api.requestsOf('get_unit_list_full')).toHaveLength(1);

    units = [...units, makeUnit(3, { name: 'Charlie' })];
    // What the live socket does when it re-syncs.
    await act(() => client.invalidateQueries({ queryKey: taskKey('get_unit_list_full') }));
    await waitFor(() => expect(result.current.picker.units).toHaveLength(3));
    await waitFor(() => expect(result.current.live.units).toHaveLength(3));
    expect(api.requestsOf('get_unit_list_full')).toHaveLength(2);
  });

  it('shows a new trip label in the unit’s trip list and in the fleet list at once', async () => {
    mockApi({
      get_trips: () => ({ data: { trips: [{ ...trip, open: false }], oversized: false } }),
      get_fleet_trips: () => ({ data: { trips: [trip], oversized: false } }),
    });
    const { client, wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        unit: useQuery(tripsQuery(1, range, 'Off')),
        fleet: useQuery(fleetTripsQuery(range)),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.fleet.data?.trips).toHaveLength(1));
    await waitFor(() => expect(result.current.unit.data?.trips).toHaveLength(1));
    act(() => showTripLabel(client, 7, 'business'));
    const labels = (rows?: readonly (TripRow | FleetTripRow)[]) => rows?.map((t) => t.label);
    await waitFor(() => expect(labels(result.current.unit.data?.trips)).toEqual(['business']));
    await waitFor(() => expect(labels(result.current.fleet.data?.trips)).toEqual(['business']));
  });

  it('types each task’s parameters and answer (checked by tsc)', async () => {
    mockApi({ get_unit: () => ({ data: { unit: makeUnit(4) } }) });
    const answer = await call('get_unit', { uid: 4 });
    expect(answer.unit.name).toBe('Truck 4');
    // @ts-expect-error get_unit needs the unit's uid.
    void call('get_unit', {}, { silent: true }).catch(() => undefined);
    // @ts-expect-error no such task.
    void call('get_unit_list', {}, { silent: true }).catch(() => undefined);
  });

  /** get_users answers one user until fail() is called, then refuses. */
  function usersFailingLater() {
    let failing = false;
    mockApi({
      get_users: () =>
        failing
          ? { result: 1, message: 'Database unavailable' }
          : { data: { users: [{ nid: 1 }], count: 1, page_count: 1 } },
    });
    return { fail: () => (failing = true) };
  }

  it('empties a list whose refresh fails, then reports the failure (SPEC §7)', async () => {
    const users = usersFailingLater();
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useQuery(taskQuery('get_users', {}, { silent: true })), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data?.users).toHaveLength(1));
    users.fail();
    await act(() => client.invalidateQueries({ queryKey: taskKey('get_users') }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error?.message).toBe('Database unavailable');
  });

  it('keeps what a polled query last had when one poll fails', async () => {
    const users = usersFailingLater();
    const { client, wrapper } = withClient();
    const { result } = renderHook(
      () => useQuery({ ...taskQuery('get_users', {}, { silent: true }), refetchInterval: 60_000 }),
      { wrapper },
    );
    // Read isError from the start: the hook re-renders only for the fields a test has read.
    await waitFor(() => expect(result.current.data?.users).toHaveLength(1));
    expect(result.current.isError).toBe(false);
    users.fail();
    await act(() => client.invalidateQueries({ queryKey: taskKey('get_users') }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data?.users).toHaveLength(1);
  });
});
