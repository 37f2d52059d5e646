import { describe, expect, it } from 'vitest';
import { haversineMeters } from './geo';
import { pathLength, type LatLon } from './places';
import {
  ROUTE_OVERVIEW_MAX_POINTS,
  buildRoute,
  compassName,
  directionsUrl,
  plannedDuration,
  stepsOf,
  waypointIndices,
} from './routeLegs';

// Johannesburg, about 1 km per 0.009° of latitude and 0.01° of longitude.
const depot = { lat: -26.2, lon: 28.0, name: 'Depot' };
const customer = { lat: -26.2, lon: 28.1, name: 'Customer' };
const north = { lat: -26.1, lon: 28.1, name: 'North yard' };

describe('buildRoute from waypoints (straight legs)', () => {
  const route = buildRoute({
    origin: depot,
    destination: north,
    waypoints: [customer],
    source: 'waypoints',
  });

  it('runs origin → waypoint → destination densified about every kilometre', () => {
    expect(route.polyline[0]).toEqual({ lat: -26.2, lon: 28.0 });
    expect(route.polyline.at(-1)).toEqual({ lat: -26.1, lon: 28.1 });
    expect(route.polyline).toContainEqual({ lat: -26.2, lon: 28.1 });
    for (let i = 1; i < route.polyline.length; i++) {
      const a = route.polyline[i - 1];
      const b = route.polyline[i];
      expect(haversineMeters(a.lat, a.lon, b.lat, b.lon)).toBeLessThanOrEqual(1000.5);
    }
    // 0.1° of longitude at -26.2 is about 10 km, 0.1° of latitude about 11.1 km.
    expect(route.distance).toBeGreaterThan(21_000);
    expect(route.distance).toBeLessThan(21_300);
    expect(route.polyline.length).toBeGreaterThan(20);
  });

  it('has one leg per stretch between points, named at both ends, with planned durations', () => {
    expect(route.legs).toHaveLength(2);
    expect(route.legs[0].start).toEqual(depot);
    expect(route.legs[0].end).toEqual(customer);
    expect(route.legs[1].start).toEqual(customer);
    expect(route.legs[1].end).toEqual(north);
    expect(route.legs[0].path.at(-1)).toEqual(route.legs[1].path[0]);
    const sum = route.legs[0].values.distance + route.legs[1].values.distance;
    expect(Math.abs(sum - route.distance)).toBeLessThanOrEqual(1);
    // 60 km/h: 10 km is 600 s.
    expect(route.legs[0].values.duration).toBeGreaterThan(590);
    expect(route.legs[0].values.duration).toBeLessThan(610);
    expect(route.legs[0].via_waypoints).toEqual([]);
  });

  it('reads the steps from the geometry: head east, then arrive; head north, then arrive', () => {
    expect(route.legs[0].steps.map((s) => s.instruction)).toEqual([
      'Head east',
      'Arrive at Customer',
    ]);
    expect(route.legs[1].steps.map((s) => s.instruction)).toEqual([
      'Head north',
      'Arrive at North yard',
    ]);
    expect(route.legs[0].steps[0].distance).toBe(route.legs[0].values.distance);
    expect(route.legs[0].steps[1]).toMatchObject({ distance: 0, duration: 0 });
  });

  it('keeps the overview short and the box around the line', () => {
    // Two straight stretches: the overview needs only the corner.
    expect(route.polyline_overview).toEqual([
      { lat: -26.2, lon: 28.0 },
      { lat: -26.2, lon: 28.1 },
      { lat: -26.1, lon: 28.1 },
    ]);
    expect(route.box).toEqual({ minLat: -26.2, maxLat: -26.1, minLon: 28.0, maxLon: 28.1 });
  });

  it("calls the end 'destination' when it has no name", () => {
    const r = buildRoute({
      origin: { lat: -26.2, lon: 28 },
      destination: { lat: -26.3, lon: 28 },
      waypoints: [],
      source: 'waypoints',
    });
    expect(r.legs[0].steps.map((s) => s.instruction)).toEqual([
      'Head south',
      'Arrive at destination',
    ]);
  });
});

describe('buildRoute from a drawn path', () => {
  // East 1 km, north 1 km (left turn), then back south-east (sharp right), then east (keep left).
  const path: LatLon[] = [
    { lat: -26.2, lon: 28.0 },
    { lat: -26.2, lon: 28.01 },
    { lat: -26.191, lon: 28.01 },
    { lat: -26.2, lon: 28.016 },
    { lat: -26.2005, lon: 28.026 },
  ];

  it('takes the path as given; origin and destination move to its ends and keep their names', () => {
    const r = buildRoute({
      origin: { lat: -26.3, lon: 28.3, name: 'Start' },
      destination: { lat: -26.4, lon: 28.4, name: 'End' },
      waypoints: [],
      path,
      source: 'drawn',
    });
    expect(r.polyline).toEqual(path);
    expect(r.origin).toEqual({ lat: -26.2, lon: 28.0, name: 'Start' });
    expect(r.destination).toEqual({ lat: -26.2005, lon: 28.026, name: 'End' });
    expect(r.legs[0].start).toEqual(r.origin);
    expect(Math.abs(r.distance - pathLength(path))).toBeLessThan(1);
  });

  it('makes a step at every turn above 35°, each measured to the next', () => {
    const steps = stepsOf(path, 'Yard');
    expect(steps.map((s) => s.instruction)).toEqual([
      'Head east',
      'Turn left',
      'Turn sharp right',
      'Keep left',
      'Arrive at Yard',
    ]);
    expect(steps.map((s) => s.start_index)).toEqual([0, 1, 2, 3, 4]);
    expect(steps[0].distance).toBeGreaterThan(990);
    expect(steps[0].distance).toBeLessThan(1010);
    expect(steps[0].duration).toBe(plannedDuration(steps[0].distance));
    const total = steps.reduce((s, x) => s + x.distance, 0);
    expect(Math.abs(total - pathLength(path))).toBeLessThan(3);
  });

  it('makes no step for a gentle bend and ignores repeated points', () => {
    const gentle: LatLon[] = [
      { lat: -26.2, lon: 28.0 },
      { lat: -26.2, lon: 28.01 },
      { lat: -26.2, lon: 28.01 },
      { lat: -26.197, lon: 28.02 },
    ];
    expect(
      buildRoute({
        origin: gentle[0],
        destination: gentle[3],
        waypoints: [],
        path: gentle,
        source: 'drawn',
      }).legs[0].steps.map((s) => s.instruction),
    ).toEqual(['Head east', 'Arrive at destination']);
  });

  it('splits at the nearest vertex to each waypoint, never before the previous one', () => {
    // Out east and back west on the same road: the second waypoint sits where the first did.
    const outAndBack: LatLon[] = [];
    for (let i = 0; i <= 10; i++) outAndBack.push({ lat: -26.2, lon: 28 + i * 0.01 });
    for (let i = 9; i >= 0; i--) outAndBack.push({ lat: -26.2001, lon: 28 + i * 0.01 });
    const a = { lat: -26.2, lon: 28.03, name: 'A' };
    const b = { lat: -26.2, lon: 28.1, name: 'Turnaround' };
    const c = { lat: -26.2, lon: 28.03, name: 'A again' };
    expect(waypointIndices(outAndBack, [a, b, c])).toEqual([3, 10, 17]);
    const r = buildRoute({
      origin: outAndBack[0],
      destination: outAndBack.at(-1)!,
      waypoints: [a, b, c],
      path: outAndBack,
      source: 'trip',
    });
    expect(r.legs.map((l) => l.path.length)).toEqual([4, 8, 8, 4]);
    expect(r.legs.map((l) => l.end.name)).toEqual(['A', 'Turnaround', 'A again', undefined]);
    expect(r.legs[1].steps.map((s) => s.instruction)).toEqual([
      'Head east',
      'Arrive at Turnaround',
    ]);
    expect(r.legs[2].steps[0].instruction).toBe('Head west');
  });

  it('keeps the overview at most 500 points on a long winding path', () => {
    // 250 km of road winding 2 km either side every 4 km: at 25 m nearly every vertex counts.
    const wiggle: LatLon[] = [];
    for (let i = 0; i < 5000; i++) {
      wiggle.push({ lat: -26.2 + 0.02 * Math.sin(i / 13), lon: 28 + i * 0.0005 });
    }
    const r = buildRoute({
      origin: wiggle[0],
      destination: wiggle.at(-1)!,
      waypoints: [],
      path: wiggle,
      source: 'drawn',
    });
    expect(r.polyline).toHaveLength(5000);
    expect(r.polyline_overview.length).toBeLessThanOrEqual(ROUTE_OVERVIEW_MAX_POINTS);
    expect(r.polyline_overview.length).toBeGreaterThan(100);
    expect(r.polyline_overview[0]).toEqual(r.polyline[0]);
    expect(r.polyline_overview.at(-1)).toEqual(r.polyline.at(-1));
    // Coordinates are kept at 6 decimals (about 0.1 m).
    expect(r.polyline.at(-1)).toEqual({ lat: -26.180933, lon: 30.4995 });
  });
});

describe('compass names', () => {
  it('names the 8 points, rounding to the nearest', () => {
    expect([0, 44, 46, 90, 135, 180, 225, 270, 315, 359].map(compassName)).toEqual([
      'north',
      'north-east',
      'north-east',
      'east',
      'south-east',
      'south',
      'south-west',
      'west',
      'north-west',
      'north',
    ]);
  });
});

describe('directionsUrl (SPEC §7)', () => {
  it('builds a Google Maps driving link with 6 decimals and encoded waypoints', () => {
    expect(
      directionsUrl({ lat: -26.2, lon: 28.0 }, [customer, north], { lat: -25.7479, lon: 28.2293 }),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=-26.200000,28.000000' +
        '&destination=-25.747900,28.229300' +
        '&waypoints=-26.200000%2C28.100000%7C-26.100000%2C28.100000&travelmode=driving',
    );
  });

  it('leaves waypoints out when there are none', () => {
    const url = directionsUrl(depot, [], north);
    expect(url).not.toContain('waypoints');
    expect(new URL(url).searchParams.get('destination')).toBe('-26.100000,28.100000');
  });

  it('passes at most 9 waypoints, evenly spread and in order', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ lat: -26, lon: 28 + i / 100 }));
    const via = new URL(directionsUrl(depot, many, north)).searchParams.get('waypoints')!;
    const lons = via.split('|').map((p) => Number(p.split(',')[1]));
    expect(lons).toHaveLength(9);
    expect([...lons].sort((a, b) => a - b)).toEqual(lons);
    expect(new Set(lons).size).toBe(9);
  });
});
