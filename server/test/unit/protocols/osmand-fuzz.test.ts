// OsmAnd requests from anyone on the internet (issue 9): generated query strings, form bodies and
// JSON bodies, well-formed or not, give `{ok: true, records}` with sane values or `{ok: false,
// error}`; they never throw, never pollute Object.prototype and never take long.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeOsmand, type OsmandRequest } from '../../../src/ingest/protocols/osmand';
import type { DeviceRecord } from '../../../src/ingest/types';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const KEYS = [
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'batt',
  'ignition',
  'motion',
  'driverUniqueId',
  'alarm',
  'valid',
  'cell',
  'wifi',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];
const WEIRD = [
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '-1e308',
  '1e400',
  '9'.repeat(400),
  '9007199254740993',
  '0x1F',
  '2014-06-04 09:10:11',
  '2016-01-27T18:55:47+02:00',
  'true',
  'sos,hardBraking,,overspeed',
  '%zz',
  '\u0000',
  '{"a":1}',
];

// Weighted towards the parameters the decoder reads, with the values most likely to hurt.
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...KEYS), weight: 4 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);
const text = fc.oneof(
  { arbitrary: fc.constantFrom(...WEIRD), weight: 4 },
  fc.double().map(String),
  fc.integer().map(String),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
/**
 * A valid report with a few parameters replaced or added: a bad value must not hide behind an
 * earlier refusal (a bad latitude ends decoding before the speed is looked at).
 */
const VALID: [string, string][] = [
  ['id', 'abc'],
  ['lat', '-26.1'],
  ['lon', '28.2'],
  ['timestamp', '1763726400'],
  ['speed', '10'],
];
const structured = fc
  .array(fc.tuple(key, text), { minLength: 1, maxLength: 4 })
  .map((changes) => [...VALID.filter(([k]) => !changes.some(([c]) => c === k)), ...changes]);
const query = fc.oneof(
  fc
    .oneof(structured, fc.array(fc.tuple(key, text), { maxLength: 12 }))
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const jsonish = fc.oneof(
  { arbitrary: fc.double({ min: -180, max: 180, noNaN: true }), weight: 3 },
  fc.constantFrom<unknown>(...WEIRD, 1e308, -0, 2 ** 53 + 1, null, true, [], {}),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 1 }),
);
const location = fc.record(
  {
    timestamp: jsonish,
    device_id: jsonish,
    coords: fc.oneof(
      jsonish,
      fc.record(
        {
          latitude: jsonish,
          longitude: jsonish,
          speed: jsonish,
          heading: jsonish,
          altitude: jsonish,
          accuracy: jsonish,
        },
        { requiredKeys: [] },
      ),
    ),
    battery: fc.oneof(
      jsonish,
      fc.record({ level: jsonish, is_charging: jsonish }, { requiredKeys: [] }),
    ),
    is_moving: jsonish,
    odometer: jsonish,
    event: jsonish,
    alarm: jsonish,
    activity: fc.oneof(jsonish, fc.record({ type: jsonish })),
    extras: fc.oneof(jsonish, fc.dictionary(key, jsonish, { maxKeys: 6 })),
  },
  { requiredKeys: [] },
);
const traccarBody = fc
  .record(
    {
      device_id: jsonish,
      id: jsonish,
      location: fc.oneof(location, fc.array(location, { maxLength: 4 }), jsonish),
    },
    { requiredKeys: [] },
  )
  .map((o) => JSON.stringify(o));
/** A valid Traccar Client body with a few fields replaced, as `structured` does for queries. */
const PATHS = [
  'device_id',
  'location',
  'location.timestamp',
  'location.coords',
  'location.coords.latitude',
  'location.coords.longitude',
  'location.coords.speed',
  'location.coords.heading',
  'location.coords.altitude',
  'location.coords.accuracy',
  'location.battery',
  'location.battery.level',
  'location.is_moving',
  'location.odometer',
  'location.event',
  'location.alarm',
  'location.activity',
  'location.extras',
  'location.extras.__proto__',
  'location.extras.ignition',
];
function validJson(): Record<string, any> {
  return {
    device_id: 'x',
    location: {
      timestamp: '2026-11-21T11:59:00Z',
      coords: { latitude: -26, longitude: 28, speed: 5, heading: 10, altitude: 1, accuracy: 3 },
      battery: { level: 0.5, is_charging: true },
      is_moving: true,
      odometer: 1000,
      event: 'motion',
      activity: { type: 'still' },
      extras: { door: 'open' },
    },
  };
}
const changedJson = fc
  .array(fc.tuple(fc.constantFrom(...PATHS), jsonish), { minLength: 1, maxLength: 3 })
  .map((changes) => {
    const o = validJson();
    for (const [path, value] of changes) {
      const keys = path.split('.');
      let at: any = o;
      for (const k of keys.slice(0, -1)) at = at && typeof at === 'object' ? at[k] : undefined;
      // defineProperty: an own "__proto__" key, as JSON.parse makes it from the text.
      if (at && typeof at === 'object') {
        Object.defineProperty(at, keys[keys.length - 1], {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return JSON.stringify(o);
  });
const body = fc.oneof(
  fc.constant(undefined),
  changedJson,
  traccarBody,
  fc.json({ maxDepth: 3 }),
  query,
  fc.constantFrom(
    '{"__proto__": {"polluted": 1}, "device_id": "x", "location": {"coords": {"latitude": 1, "longitude": 2}}}',
    '{"device_id": "x", "location": {"extras": {"__proto__": {"polluted": 1}, "constructor": 1}}}',
    '['.repeat(5000) + ']'.repeat(5000),
    '{"device_id": "x", "location": [' + '{},'.repeat(300) + '{}]}',
    '{',
  ),
);
const request: fc.Arbitrary<OsmandRequest> = fc.record(
  {
    method: fc.constantFrom('GET', 'POST', 'PUT', ''),
    url: query.map((q) => `/?${q}`),
    contentType: fc.constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'text/plain',
      'APPLICATION/JSON; charset=utf-8',
    ),
    body,
  },
  { requiredKeys: ['method', 'url'] },
);

const NUMERIC: (keyof DeviceRecord)[] = [
  'fixTime',
  'lat',
  'lon',
  'speed',
  'course',
  'altitude',
  'accuracy',
  'batteryLevel',
  'odometer',
];

function checkRecord(r: DeviceRecord): void {
  expect(typeof r.deviceId === 'string' && r.deviceId.length > 0).toBe(true);
  expect(r.protocol).toBe('osmand');
  for (const k of NUMERIC) {
    const v = r[k];
    if (v !== undefined) expect(Number.isFinite(v), `${k} = ${String(v)}`).toBe(true);
  }
  if (r.hasLocation) {
    expect(Math.abs(r.lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(r.lon)).toBeLessThanOrEqual(180);
  }
  expect(r.speed).toBeGreaterThanOrEqual(0);
  for (const v of Object.values(r.attributes)) {
    expect(['number', 'string', 'boolean']).toContain(typeof v);
  }
}

describe('OsmAnd decoder fuzzing', () => {
  it('any request gives records with finite, in-range values, or an error; never throws', () => {
    fc.assert(
      fc.property(request, (req) => {
        const r = decodeOsmand(req, NOW);
        if (r.ok) {
          expect(r.records.length).toBeGreaterThan(0);
          r.records.forEach(checkRecord);
        } else {
          expect(typeof r.error).toBe('string');
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      }),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('a request at the 1 MiB body limit is decoded in a bounded time, whatever it repeats', () => {
    const names = Array.from({ length: 60_000 }, (_, i) => `a${i}`).join(',');
    const cases: OsmandRequest[] = [
      { method: 'GET', url: `/?id=1&alarm=${names}` },
      { method: 'GET', url: `/?id=1&${'cell=1&'.repeat(100_000)}` },
      { method: 'POST', url: '/', body: `id=1&${'x=y&'.repeat(200_000)}` },
      {
        method: 'POST',
        url: '/',
        contentType: 'application/json',
        body: JSON.stringify({ device_id: 'x', location: { alarm: names } }),
      },
    ];
    for (const req of cases) {
      const started = performance.now();
      const r = decodeOsmand(req, NOW);
      expect(r.ok).toBe(true);
      expect(performance.now() - started, req.url.slice(0, 30)).toBeLessThan(1000);
    }
  });
});
