// Routes as the server lists them, for the page tests.
import type { RouteSummary } from '@fleet/common';

export const line = (n: number, lat = -26) =>
  Array.from({ length: n }, (_, i) => ({ lat: lat - i * 0.01, lon: 28 + i * 0.01 }));

export function summary(
  roid: number,
  name: string,
  extra: Partial<RouteSummary> = {},
): RouteSummary {
  return {
    roid,
    name,
    display: true,
    colour: '#00897b',
    source: 'drawn',
    origin: { lat: -26, lon: 28, name: 'Depot' },
    destination: { lat: -26.1, lon: 28.1, name: 'Client' },
    waypoints: [],
    polyline_overview: line(3),
    distance: 12_345,
    corridor: 500,
    uids: [5, 6],
    datetime: '2026-11-20T08:00:00Z',
    updated: '2026-11-20T08:00:00Z',
    ...extra,
  };
}
