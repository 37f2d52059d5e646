// OsmAnd decoder: units, formats, alarms and refusal of bad requests.
import { describe, expect, it } from 'vitest';
import { decodeOsmand } from '../../../src/ingest/protocols/osmand';
import { encodeOsmandQuery } from '../../../src/ingest/protocols/osmand-encode';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const get = (query: string) => decodeOsmand({ method: 'GET', url: `/?${query}` }, NOW);
const one = (query: string) => {
  const r = get(query);
  if (!r.ok) throw new Error(r.error);
  return r.records[0];
};

describe('OsmAnd decoding', () => {
  it('converts speed from knots to km/h and reads the usual parameters', () => {
    const rec = one(
      'id=abc&lat=-33.9249&lon=18.4241&timestamp=1763726400&speed=10&bearing=90&altitude=12&accuracy=5&batt=76',
    );
    expect(rec).toMatchObject({
      deviceId: 'abc',
      protocol: 'osmand',
      fixTime: 1763726400000,
      hasLocation: true,
      valid: true,
      lat: -33.9249,
      lon: 18.4241,
      course: 90,
      altitude: 12,
      accuracy: 5,
      batteryLevel: 76,
    });
    expect(rec.speed).toBeCloseTo(18.52, 6);
  });

  it('reads timestamps in seconds, milliseconds and ISO form', () => {
    expect(one('id=1&lat=1&lon=1&timestamp=1442068686579').fixTime).toBe(1442068686579);
    expect(one('id=1&lat=1&lon=1&timestamp=2016-01-27T18%3A55%3A47Z').fixTime).toBe(
      Date.UTC(2016, 0, 27, 18, 55, 47),
    );
    expect(one('id=1&lat=1&lon=1&timestamp=2014-06-04+09%3A10%3A11').fixTime).toBe(
      Date.UTC(2014, 5, 4, 9, 10, 11),
    );
    expect(one('id=1&lat=1&lon=1').fixTime).toBe(NOW);
  });

  it('turns alarms into events and keeps other parameters as attributes', () => {
    const rec = one('id=1&lat=1&lon=1&alarm=sos&ignition=true&rpm=933&driverUniqueId=D7');
    expect(rec.events).toEqual(['panic']);
    expect(rec.attributes).toMatchObject({ alarm: 'sos', rpm: 933 });
    expect(rec.ignition).toBe(true);
    expect(rec.driverId).toBe('D7');
    expect(one('id=1&lat=1&lon=1&alarm=hardBraking').events).toEqual(['harsh_braking']);
  });

  it('stores a status without location when no coordinates are sent', () => {
    expect(one('id=1&batt=50')).toMatchObject({ hasLocation: false, batteryLevel: 50 });
  });

  it('refuses requests without id or with bad coordinates', () => {
    expect(get('lat=1&lon=1')).toEqual({ ok: false, error: 'missing id' });
    expect(get('id=1&lat=abc&lon=1').ok).toBe(false);
    expect(get('id=1&lat=91&lon=1').ok).toBe(false);
    expect(get('id=1&lat=10').ok).toBe(false);
    expect(decodeOsmand({ method: 'POST', url: '/', body: '{not json' }, NOW).ok).toBe(false);
  });

  it('reads a form-encoded POST body', () => {
    const r = decodeOsmand(
      {
        method: 'POST',
        url: '/',
        contentType: 'application/x-www-form-urlencoded',
        body: 'id=7&lat=2&lon=3',
      },
      NOW,
    );
    expect(r.ok && r.records[0]).toMatchObject({ deviceId: '7', lat: 2, lon: 3 });
  });

  it("reads Traccar Client's JSON, in m/s, single or batched", () => {
    const loc = (ts: string, speed: number) => ({
      timestamp: ts,
      coords: {
        latitude: -25.7479,
        longitude: 28.2293,
        speed,
        heading: 45,
        altitude: 1339,
        accuracy: 4,
      },
      battery: { level: 0.42, is_charging: true },
      is_moving: true,
      odometer: 1520,
    });
    const single = decodeOsmand(
      {
        method: 'POST',
        url: '/',
        contentType: 'application/json',
        body: JSON.stringify({ device_id: 'p1', location: loc('2026-11-21T11:00:00Z', 10) }),
      },
      NOW,
    );
    if (!single.ok) throw new Error(single.error);
    expect(single.records[0]).toMatchObject({
      deviceId: 'p1',
      fixTime: Date.UTC(2026, 10, 21, 11),
      speed: 36,
      course: 45,
      batteryLevel: 42,
      motion: true,
      odometer: 1520,
    });
    const batch = decodeOsmand(
      {
        method: 'POST',
        url: '/',
        body: JSON.stringify({
          device_id: 'p1',
          location: [loc('2026-11-21T11:00:00Z', 1), loc('2026-11-21T11:00:10Z', 2)],
        }),
      },
      NOW,
    );
    expect(batch.ok && batch.records.map((r) => r.fixTime)).toEqual([
      Date.UTC(2026, 10, 21, 11),
      Date.UTC(2026, 10, 21, 11, 0, 10),
    ]);
  });

  it('round-trips the simulator encoder', () => {
    const q = encodeOsmandQuery({
      id: 'sim-1',
      time: NOW,
      lat: -26.1,
      lon: 28.2,
      speed: 100,
      course: 12,
      alarm: 'sos',
    });
    const rec = one(q);
    expect(rec.speed).toBeCloseTo(100, 1);
    expect(rec).toMatchObject({
      deviceId: 'sim-1',
      fixTime: NOW,
      lat: -26.1,
      lon: 28.2,
      course: 12,
      events: ['panic'],
    });
  });
});
