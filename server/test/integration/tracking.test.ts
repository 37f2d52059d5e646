// Positions sent by a device over the real OsmAnd gateway become trips, stops, points and
// summaries that the tracking tasks answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../src/ingest/gateways';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let gw: RunningGateways;
let demo: string;
let uid: number;
let driverPid: number;
const DEVICE = 'DF0021';
const start = Date.now() - 2 * 3600_000;
const silent = { info() {}, warn() {}, error() {}, debug() {} };

async function report(id: string, time: number, lat: number, lon: number, kmh: number) {
  const q = new URLSearchParams({
    id,
    lat: String(lat),
    lon: String(lon),
    timestamp: String(Math.round(time / 1000)),
    speed: String(kmh / 1.852),
    bearing: '90',
  });
  return fetch(`http://127.0.0.1:${gw.ports.osmand}/?${q}`);
}

beforeAll(async () => {
  t = await createTestApp();
  gw = await startGateways(
    {
      osmandPort: 'ephemeral',
      teltonikaPort: 0,
      gt06Port: 0,
      idleTimeoutMs: 60_000,
      host: '127.0.0.1',
    } as any,
    t.running.devices.pipeline!,
    silent as any,
  );
  demo = await t.login('demo');
  const unit = await t.running.services.db.db
    .selectFrom('units')
    .select(['uid', 'driver_id'])
    .where('device_id', '=', DEVICE)
    .executeTakeFirstOrThrow();
  uid = unit.uid;
  driverPid = unit.driver_id!;
  // Drive east for 20 minutes at ~72 km/h, stand still for 15 minutes, drive on for 10 minutes.
  let time = start;
  let lon = 28.0;
  for (let i = 0; i < 40; i++, time += 30_000, lon += 0.0066)
    expect((await report(DEVICE, time, -26.2, lon, 72)).status).toBe(200);
  for (let i = 0; i < 30; i++, time += 30_000)
    expect((await report(DEVICE, time, -26.2, lon, 0)).status).toBe(200);
  for (let i = 0; i < 20; i++, time += 30_000, lon += 0.0066)
    expect((await report(DEVICE, time, -26.2, lon, 72)).status).toBe(200);
  await t.running.devices.pipeline!.flush();
});
afterAll(async () => {
  await gw.close();
  await t.close();
});

const range = () => ({
  from: new Date(start - 60_000).toISOString(),
  to: new Date().toISOString(),
});

describe('from device to trips', () => {
  it('lists the trips and the stop newest first, with distances in km', async () => {
    const res = await t.task(demo, 'get_trips', { uid, ...range(), max_speed: 60 });
    expect(res.result).toBe(0);
    const trips = res.data.trips.filter((x: any) => x.type === 0);
    const stops = res.data.trips.filter((x: any) => x.type === 1);
    expect(trips.length).toBe(2);
    expect(stops.length).toBeGreaterThanOrEqual(1);
    expect(Date.parse(res.data.trips[0].start)).toBeGreaterThan(
      Date.parse(res.data.trips.at(-1).start),
    );
    // 39 legs of 0.0066° of longitude at 26.2° S: about 25.8 km.
    const first = trips.at(-1);
    expect(first.distance).toBeGreaterThan(24);
    expect(first.distance).toBeLessThan(28);
    expect(first.max_speed).toBeGreaterThanOrEqual(71);
    expect(first.speeding).toBe(true);
    expect(first.driver.pid).toBe(driverPid);
  });

  it('answers the points of the range in time order', async () => {
    const res = await t.task(demo, 'get_trip_points', { uid, ...range() });
    expect(res.data.motions).toHaveLength(90);
    const times = res.data.motions.map((m: any) => Date.parse(m.datetime));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(res.data.motions[0]).toMatchObject({ lat: -26.2, lon: 28, speed: 72 });
  });

  it('summarises per unit, per fleet, per driver and as coverage points', async () => {
    const summary = await t.task(demo, 'get_trip_summary', { ...range(), uids: [uid] });
    expect(summary.message).toBeUndefined();
    expect(summary.data.trips[0]).toMatchObject({ id: uid, trips: 2 });
    expect(summary.data.trips[0].distance).toBeGreaterThan(35);
    expect(summary.data.trips[0].speed_histogram['60s']).toBeGreaterThan(0);
    const fleet = await t.task(demo, 'get_fleet_trips', range());
    expect(fleet.data.trips.filter((x: any) => x.uid === uid)).toHaveLength(2);
    const driver = await t.task(demo, 'get_driver_trips', { ...range(), pids: [driverPid] });
    expect(driver.data.trips.some((x: any) => x.uid === uid)).toBe(true);
    const coverage = await t.task(demo, 'get_coverage', { ...range(), uids: [uid] });
    expect(coverage.data.points).toBeGreaterThan(50);
    const counted = coverage.data.cells.reduce((n: number, c: number[]) => n + c[2], 0);
    expect(counted).toBe(coverage.data.points);
    expect(coverage.data.truncated).toBe(false);
  });

  it('shows the unit at its newest position, disconnected: its data is over an hour old', async () => {
    const unit = (await t.task(demo, 'get_unit', { uid })).data.unit;
    // The last fix was driving at 72 km/h, but 75 minutes ago: not reporting, so not moving.
    expect(unit).toMatchObject({ connected: false, park_state: 1 });
    expect(unit.position.speed).toBe(0);
    expect(unit.position.lon).toBeCloseTo(28 + 59 * 0.0066, 4);
    expect(unit.odometer).toBeGreaterThan(35);
  });

  it('labels a trip; a stop cannot be labelled', async () => {
    const trips = (await t.task(demo, 'get_trips', { uid, ...range() })).data.trips;
    const trip = trips.find((x: any) => x.type === 0);
    const stop = trips.find((x: any) => x.type === 1);
    expect((await t.task(demo, 'set_trip_label', { id: trip.id, label: 'business' })).result).toBe(
      0,
    );
    expect(
      (await t.task(demo, 'set_trip_label', { id: stop.id, label: 'business' })).message,
    ).toMatch(/Only trips/);
    const again = (await t.task(demo, 'get_trips', { uid, ...range() })).data.trips.find(
      (x: any) => x.id === trip.id,
    );
    expect(again.label).toBe('business');
  });

  it('refuses an unknown device and lists it for support to provision', async () => {
    expect((await report('NOT-PROVISIONED-7', Date.now() - 1000, -26.1, 28.1, 10)).status).toBe(
      403,
    );
    const support = await t.login('support');
    const issues = (await t.task(support, 'get_unit_issues')).data.unit_issues;
    expect(issues.filter((i: { issue: string }) => i.issue === 'Unknown device')).toEqual([
      expect.objectContaining({
        device_id: 'NOT-PROVISIONED-7',
        protocol: 'osmand',
        remote_address: expect.stringContaining('127.0.0.1'),
        count: 1,
      }),
    ]);
  });
});

describe('fleet share links', () => {
  it('a /track_all token shows every unit of the client until revoked', async () => {
    const link = await t.task(demo, 'set_track_all_link', {
      expires: new Date(Date.now() + 3600_000).toISOString(),
    });
    const seen = await t.post('/api/track', { send_token: link.data.send_token });
    expect(seen.realtime.data.units).toHaveLength(40);
    expect(seen.realtime.data.units[0].client_id).toBeUndefined();
    expect(
      (await t.task(demo, 'delete_track_all_link', { send_token: link.data.send_token })).result,
    ).toBe(0);
    expect((await t.post('/api/track', { send_token: link.data.send_token })).result).toBe(2);
  });
});
