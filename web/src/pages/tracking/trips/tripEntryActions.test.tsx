// The trip list's way to the places pages: a trip made into a route, a stop or a trip's end made
// into a location, each only for the users who may write them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { TripRow } from '@fleet/common';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { tripActions } from './TripEntryActions';

vi.mock('../common/TripMapPanel', () => ({ default: () => <div data-testid="map" /> }));

afterEach(() => vi.unstubAllGlobals());

const TRIP = {
  id: 11,
  type: 0 as const,
  start: '2026-11-20T05:00:00.000Z',
  end: '2026-11-20T05:40:00.000Z',
  start_position: { lat: -26.1, lon: 28.1 },
  end_position: { lat: -26.2041234, lon: 28.0473219 },
};
const STOP = { ...TRIP, id: 12, type: 1 as const, start_position: { lat: -26.3, lon: 28.3 } };

describe('tripActions', () => {
  it('makes a route from a trip, with the unit and the trip’s times', () => {
    const [route] = tripActions(5, TRIP, { routes: true, locations: false });
    expect(route.label).toBe('Make a route from this trip');
    expect(route.to).toBe(
      '/portal/routes/add/trip?uid=5&from=2026-11-20T05%3A00%3A00.000Z&to=2026-11-20T05%3A40%3A00.000Z',
    );
  });

  it('adds a location at a stop, or at a finished trip’s end, to 6 decimals', () => {
    expect(tripActions(5, STOP, { routes: true, locations: true })).toEqual([
      {
        key: 'location',
        label: 'Add location here',
        to: '/portal/locations/add/-26.300000/28.300000',
      },
    ]);
    expect(tripActions(5, TRIP, { routes: false, locations: true })).toEqual([
      {
        key: 'location',
        label: 'Add location here (trip end)',
        to: '/portal/locations/add/-26.204123/28.047322',
      },
    ]);
    expect(tripActions(5, { ...TRIP, open: true }, { routes: false, locations: true })).toEqual([]);
  });

  it('offers nothing to a user who may write neither', () => {
    expect(tripActions(5, TRIP, { routes: false, locations: false })).toEqual([]);
    expect(tripActions(5, STOP, { routes: true, locations: false })).toEqual([]);
  });
});

describe('Trip page actions', () => {
  function tripsApi() {
    const day = (t: string) => dayjs(`2026-11-20T${t}`).toISOString();
    const row = (id: number, type: 0 | 1, start: string, end: string): TripRow => ({
      ...TRIP,
      id,
      type,
      start: day(start),
      end: day(end),
      distance: 10,
      max_speed: 60,
      duration: 1800,
      label: 'unlabeled',
      driver: null,
      open: false,
      speeding: false,
    });
    return mockApi({
      get_unit_list_full: () => ({
        data: { units: [{ uid: 5, name: 'Hilux', reg: '' }], count: 1 },
      }),
      get_trips: () => ({
        data: {
          trips: [row(12, 1, '07:40', '12:00'), row(11, 0, '07:00', '07:40')],
          oversized: false,
        },
      }),
      get_trip_points: () => ({ data: { motions: [], thinned: false } }),
    });
  }

  it('opens the route editor from a trip’s menu', async () => {
    tripsApi();
    const view = renderApp('/portal/trip/5/2026-11-20', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: 'More for the trip 07:00 – 07:40' }));
    fireEvent.click(await screen.findByText('Make a route from this trip'));
    await waitFor(() =>
      expect(view.location()).toMatch(/^\/portal\/routes\/add\/trip\?uid=5&from=/),
    );
  });

  it('shows no menu to a user who may not write routes or locations', async () => {
    tripsApi();
    renderApp('/portal/trip/5/2026-11-20', {
      user: userOf('full', { roles: ['feature_trips', 'feature_routes_view'] }),
    });
    await screen.findAllByRole('button', { name: 'Hide on map' });
    expect(screen.queryByRole('button', { name: /^More for the/ })).toBeNull();
  });
});
