// The area search page against a fake of its tasks; the map and the drawing are stand-ins (no
// WebGL): "Draw a square" hands the page a drawn polygon as the drawing tool would.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { areaQuery, visitSeconds, visitTripPath } from './areaSearch';

vi.mock('../../map', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('../tracking/common/FitPoints', () => ({ default: () => null }));
vi.mock('../../map/draw/MapDraw', () => ({
  MapDraw: ({ onChange }: { onChange(features: unknown[]): void }) => (
    <button
      type="button"
      onClick={() =>
        onChange([
          {
            type: 'Feature',
            properties: { mode: 'polygon' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [28.0, -26.0],
                  [28.1, -26.0],
                  [28.1, -26.1],
                  [28.0, -26.1],
                  [28.0, -26.0],
                ],
              ],
            },
          },
        ])
      }
    >
      Draw a square
    </button>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const visit = {
  uid: 7,
  name: 'Truck 7',
  reg: 'ND 123-456',
  arrived: '2026-11-20T08:00:00Z',
  left: '2026-11-20T09:30:00Z',
  fixes: 40,
};

describe('area search', () => {
  it('refuses to search before an area is drawn, then lists the visits of the drawn area', async () => {
    const api = mockApi({
      get_area_visits: () => ({ data: { visits: [visit], truncated: false } }),
    });
    renderApp('/portal/locations/area_search', { user: userOf('full') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Area Search' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Draw the area on the map first.')).toBeTruthy();
    expect(api.requestsOf('get_area_visits')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Draw a square' }));
    expect(screen.getByText(/Area drawn \(4 corners\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    const results = await screen.findByRole('region', { name: '1 visit' });
    const link = within(results).getByRole('link', { name: /^Truck 7.*trips of that day$/ });
    expect(link.getAttribute('href')).toBe('/portal/trip_day/7/2026-11-20');
    expect(within(results).getByText('1 hour 30 minutes')).toBeTruthy();
    const [request] = api.requestsOf('get_area_visits');
    expect(request.parameters.polygon).toEqual([
      { lat: -26.0, lon: 28.0 },
      { lat: -26.0, lon: 28.1 },
      { lat: -26.1, lon: 28.1 },
      { lat: -26.1, lon: 28.0 },
    ]);
    expect(Date.parse(request.parameters.to) - Date.parse(request.parameters.from)).toBeGreaterThan(
      6 * 86_400_000,
    );
  });

  it('searches by a chosen location and says when nobody was there', async () => {
    const api = mockApi({
      get_locations: () => ({
        data: {
          locations: [
            {
              lid: 3,
              name: 'Main Depot',
              type: 'point',
              geofence: [{ lat: -26.2, lon: 28.05 }],
              lat: -26.2,
              lon: 28.05,
              lng: 28.05,
              radius: 200,
              colour: '#7b1fa2',
              address: '',
              notes: '',
              updated: '2026-11-20T08:00:00Z',
            },
          ],
          count: 1,
          page_count: 1,
        },
      }),
      get_area_visits: () => ({ data: { visits: [], truncated: false } }),
    });
    renderApp('/portal/locations/area_search', { user: userOf('full') });
    fireEvent.click(await screen.findByText('A location'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('Choose a location.')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Location' }));
    fireEvent.click(await screen.findByTitle('Main Depot'));
    await waitFor(() => expect(screen.getByTestId('geofences').textContent).toBe('Main Depot'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    expect(await screen.findByText('No unit was inside the area then')).toBeTruthy();
    expect(api.requestsOf('get_area_visits')[0].parameters).toMatchObject({ lid: 3 });
  });
});

describe('area search rules', () => {
  const week: [dayjs.Dayjs, dayjs.Dayjs] = [
    dayjs('2026-11-01T00:00:00Z'),
    dayjs('2026-11-08T00:00:00Z'),
  ];
  const square = [
    { lat: -26, lon: 28 },
    { lat: -26, lon: 28.1 },
    { lat: -26.1, lon: 28.1 },
  ];

  it('refuses ranges over 31 days, backwards ranges and crossed polygons', () => {
    expect(areaQuery('draw', square, undefined, week)).toMatchObject({
      query: { polygon: square },
    });
    expect(areaQuery('draw', square, undefined, [week[0], week[0].add(32, 'day')])).toEqual({
      problem: 'Search at most 31 days at a time.',
    });
    expect(areaQuery('draw', square, undefined, [week[1], week[0]])).toEqual({
      problem: 'The range must end after it starts.',
    });
    const bowTie = [
      { lat: -26, lon: 28 },
      { lat: -26.1, lon: 28.1 },
      { lat: -26, lon: 28.1 },
      { lat: -26.1, lon: 28 },
    ];
    expect(areaQuery('draw', bowTie, undefined, week)).toEqual({
      problem: 'The area must not cross itself.',
    });
    expect(areaQuery('location', null, 4, week)).toMatchObject({ query: { lid: 4 } });
  });

  it('names the day of arrival and the time inside', () => {
    expect(visitTripPath({ uid: 2, arrived: '2026-11-20T23:30:00Z' })).toMatch(
      /^\/portal\/trip_day\/2\/2026-11-2[01]$/,
    );
    expect(visitSeconds({ arrived: '2026-11-20T08:00:00Z', left: '2026-11-20T08:00:59Z' })).toBe(
      59,
    );
  });
});
