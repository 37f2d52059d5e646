import { VEHICLE_CLASSES, seededRandom, type TripPoint, type UnitListItem } from '@fleet/common';
import type { UnitUpdate } from '@map/live/mergeUnitUpdates';
import type { GeofenceItem } from '@map/overlays/geofenceGeojson';

// Synthetic, seeded fleet data for the harness: the same run draws the same map.

const CITIES = [
  { name: 'JHB', lat: -26.2, lon: 28.05, weight: 5 },
  { name: 'PTA', lat: -25.75, lon: 28.22, weight: 2 },
  { name: 'DBN', lat: -29.86, lon: 31.0, weight: 3 },
  { name: 'CPT', lat: -33.93, lon: 18.5, weight: 3 },
  { name: 'PE', lat: -33.96, lon: 25.6, weight: 1 },
  { name: 'BFN', lat: -29.1, lon: 26.2, weight: 1 },
  { name: 'PLK', lat: -23.9, lon: 29.45, weight: 1 },
];
const COLOURS = ['blue', 'red', 'green', 'orange', 'purple', '#00897b', '#6d4c41', 'black'];
const NAMES = [
  'Hilux',
  'Ranger',
  'Polo',
  'Quantum',
  'Actros',
  'Corolla',
  'Fortuner',
  'NP200',
  'Axor',
  'Bus',
];

function gauss(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() || 1e-9)) * Math.cos(2 * Math.PI * r());
}

/** `n` units around South African cities; `spread` is the std. deviation in degrees. */
export function makeUnits(n: number, spread: number, seed = 1, cities = CITIES): UnitListItem[] {
  const r = seededRandom(seed);
  const total = cities.reduce((s, c) => s + c.weight, 0);
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => {
    let pick = r() * total;
    const city = cities.find((c) => (pick -= c.weight) < 0) ?? cities[0];
    const roll = r();
    const connected = roll > 0.1;
    const speed = connected && roll > 0.45 ? Math.round(20 + r() * 100) : 0;
    return {
      uid: 1000 + i,
      name: `${NAMES[i % NAMES.length]} ${city.name}-${i + 1}`,
      reg: `CA ${100000 + i}`,
      icon_colour: COLOURS[Math.floor(r() * COLOURS.length)],
      icon_type: 0,
      vehicle_class_ref: VEHICLE_CLASSES[Math.floor(r() * VEHICLE_CLASSES.length)],
      service_type: 'full',
      unit_type: 'Wired',
      active: 1,
      display: true,
      driver: null,
      last_disconnect: null,
      connected,
      park_state: speed > 0 ? 0 : 1,
      position: {
        lat: city.lat + gauss(r) * spread,
        lon: city.lon + gauss(r) * spread * 1.1,
        speed,
        direction: Math.round(r() * 359),
        datetime: new Date(now - Math.floor(r() * 60000)).toISOString(),
        ignition: speed > 0,
      },
      tags: [],
    };
  });
}

/** The next fix of a unit: ~1 s of driving along its heading, with a little wander. */
export function nextFix(unit: UnitListItem, r: () => number, now: number): UnitUpdate {
  const p = unit.position!;
  const speed = Math.max(0, Math.min(140, (p.speed || 40) + (r() - 0.5) * 10));
  const direction = (p.direction + (r() - 0.5) * 20 + 360) % 360;
  const metres = (speed / 3.6) * 1;
  const dLat = (metres * Math.cos((direction * Math.PI) / 180)) / 111320;
  const dLon =
    (metres * Math.sin((direction * Math.PI) / 180)) / (111320 * Math.cos((p.lat * Math.PI) / 180));
  return {
    uid: unit.uid,
    connected: true,
    position: {
      lat: p.lat + dLat,
      lon: p.lon + dLon,
      speed,
      direction,
      datetime: new Date(now).toISOString(),
      ignition: true,
    },
  };
}

/**
 * A drive heading north-north-east (by default from Johannesburg CBD towards Pretoria) with a
 * speeding stretch on the highway.
 */
export function makeTrip(seed = 7, from = { lat: -26.2041, lon: 28.0473 }): TripPoint[] {
  const r = seededRandom(seed);
  const points: TripPoint[] = [];
  let lat = from.lat;
  let lon = from.lon;
  const start = Date.parse('2025-03-04T07:30:00Z');
  const n = 360;
  for (let i = 0; i < n; i++) {
    const f = i / n;
    const highway = f > 0.3 && f < 0.75;
    const speed = i === 0 || i === n - 1 ? 0 : highway ? 105 + r() * 30 : 35 + r() * 30;
    const heading = 12 + Math.sin(f * 9) * 30 + (r() - 0.5) * 8;
    const metres = (speed / 3.6) * 10;
    const nextLat = lat + (metres * Math.cos((heading * Math.PI) / 180)) / 111320;
    const nextLon =
      lon +
      (metres * Math.sin((heading * Math.PI) / 180)) / (111320 * Math.cos((lat * Math.PI) / 180));
    points.push({
      lat,
      lon,
      speed: Math.round(speed),
      direction: Math.round(heading),
      datetime: new Date(start + i * 10000).toISOString(),
    });
    lat = nextLat;
    lon = nextLon;
  }
  return points;
}

export function makeGeofences(): GeofenceItem[] {
  return [
    {
      lid: 1,
      name: 'Head office',
      type: 'point',
      geofence: [{ lat: -26.1076, lon: 28.0567 }],
      radius: 900,
    },
    {
      lid: 2,
      name: 'Depot Midrand',
      type: 'polygon',
      geofence: [
        { lat: -25.985, lon: 28.11 },
        { lat: -25.985, lon: 28.15 },
        { lat: -26.01, lon: 28.155 },
        { lat: -26.015, lon: 28.115 },
      ],
    },
    {
      lid: 3,
      name: 'Durban harbour',
      type: 'point',
      geofence: [{ lat: -29.87, lon: 31.03 }],
      radius: 1500,
    },
  ];
}

/** ~40 units around Johannesburg, Durban and Cape Town, every vehicle class and state represented. */
export function makeDemoUnits(): UnitListItem[] {
  const cities = [
    { name: 'JHB', lat: -26.13, lon: 28.06, weight: 2 },
    { name: 'DBN', lat: -29.84, lon: 31.0, weight: 1 },
    { name: 'CPT', lat: -33.93, lon: 18.5, weight: 1 },
  ];
  return makeUnits(42, 0.06, 3, cities);
}
