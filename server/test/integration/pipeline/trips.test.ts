// Trips and stops computed at ingest and stored, from recorded sequences.
import { afterEach, describe, expect, it } from 'vitest';
import { loadTrack, type RecordedFix } from '../../unit/domain/tracks';
import type { DeviceRecord } from '../../../src/ingest/types';
import { count, createHarness, fix, stateOf, tripsOf, type Harness, MODES } from './harness';

const A = '356307042441021';
const B = '356307042441022';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

const records = (dev: string, track: RecordedFix[]): DeviceRecord[] =>
  track.map((p) => fix(dev, p.time, p.lat, p.lon, p.speed, { ignition: p.ignition }));

/** Submits in packets as a tracker would (one submit per packet), one packet at a time. */
async function send(h: Harness, recs: DeviceRecord[], packet = 8) {
  for (let i = 0; i < recs.length; i += packet) await h.pipeline.submit(recs.slice(i, i + packet));
}

/** The stored trips, without ids: what a trip list shows. */
const shape = (rows: Awaited<ReturnType<typeof tripsOf>>) =>
  rows.map((r) => ({
    type: r.type,
    start: r.start_time,
    end: r.end_time,
    distance: Math.round(r.distance),
    max_speed: r.max_speed,
    duration: r.duration,
    idle: r.idle_time,
    open: r.open,
    histogram: r.speed_histogram,
    start_position: [r.start_lat, r.start_lon],
    end_position: [r.end_lat, r.end_lon],
  }));

/** Every stored trip and stop has the box of the unit's positions from its start to its end. */
async function expectBoxes(h: Harness, uid: number) {
  const rows = await tripsOf(h, uid);
  expect(rows.length).toBeGreaterThan(1);
  const fixes = await h.handle.db
    .selectFrom('positions')
    .select(['fix_time', 'lat', 'lon'])
    .where('unit_id', '=', uid)
    .execute();
  for (const r of rows) {
    const own = fixes.filter((f) => f.fix_time >= r.start_time && f.fix_time <= r.end_time);
    expect([r.min_lat, r.min_lon, r.max_lat, r.max_lon], `segment at ${r.start_time}`).toEqual([
      Math.min(...own.map((f) => f.lat)),
      Math.min(...own.map((f) => f.lon)),
      Math.max(...own.map((f) => f.lat)),
      Math.max(...own.map((f) => f.lon)),
    ]);
  }
}

describe.each(MODES)('trips at ingest (%s)', (mode) => {
  it('stores a day with two trips and a lunch stop, keeping the ongoing one open', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A], mode);
    const uid = h.units[A];
    const driver = await h.handle.db
      .insertInto('people')
      .values({
        client_id: h.clientId,
        first_name: 'Thabo',
        surname: 'Nkosi',
        title: 'Mr',
        rank: 0,
        roles: '[6]',
        contact_roles: '[]',
        email: null,
        cellphone: null,
        licence_class: 'B',
        licence_expiry: null,
        prdp_expiry: null,
        driver_tag: null,
        created: track[0].time,
      })
      .returning('pid')
      .executeTakeFirstOrThrow();
    await h.handle.db
      .updateTable('units')
      .set({ driver_id: driver.pid })
      .where('uid', '=', uid)
      .execute();
    h.now = track[track.length - 1].time + 60_000;
    const recs = records(A, track);

    // Midway through the first trip, today's list shows it as an open trip.
    const midTrip = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 36));
    await send(h, recs.slice(0, midTrip));
    let rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(rows[1].end_time).toBe(track[midTrip - 1].time);
    expect(rows[1].distance).toBeGreaterThan(1000);
    // A user labels it while it is still going on.
    await h.handle.db
      .updateTable('trips')
      .set({ label: 'business' })
      .where('id', '=', rows[1].id)
      .execute();

    await send(h, recs.slice(midTrip));
    rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 0],
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
    const [, toLunch, lunch, back] = rows;
    expect(toLunch.label).toBe('business');
    expect(back.label).toBe('unlabeled');
    expect(toLunch.driver_id).toBe(driver.pid);
    expect(lunch.driver_id).toBe(null);
    expect(toLunch.distance).toBeGreaterThan(4300);
    expect(toLunch.distance).toBeLessThan(4800);
    expect(toLunch.duration).toBe((toLunch.end_time - toLunch.start_time) / 1000);
    expect(lunch.start_time).toBe(toLunch.end_time);
    expect(lunch.duration).toBeGreaterThan(50 * 60);
    // The two traffic-light halts (75 s and 40 s) are idle time; a stop has none.
    expect(toLunch.idle_time).toBeGreaterThan(60);
    expect(toLunch.idle_time).toBeLessThan(115);
    expect(lunch.idle_time).toBe(0);
    const histogram = JSON.parse(toLunch.speed_histogram);
    expect(Object.keys(histogram)).toEqual(['low', '60s', '80s', '100s', '120s', 'high']);
    expect(
      Object.values(histogram as Record<string, number>).reduce((a, b) => a + b, 0),
    ).toBeCloseTo(toLunch.duration, -1);

    // The unit's odometer covers both trips (and the drift of parked fixes is small).
    const state = await stateOf(h, uid);
    expect(state!.odometer).toBeGreaterThan(toLunch.distance + back.distance);
    expect(state!.odometer).toBeLessThan(toLunch.distance + back.distance + 600);
    expect(state!.park_state).toBe(1);
    expect(await count(h, 'positions', uid)).toBe(track.length);
    await expectBoxes(h, uid);
  });

  it('stores a 5-minute stand inside a trip as 300 s of idle time', async () => {
    // A 10-minute stop threshold (a truck at a weighbridge): the stand stays inside the trip.
    h = await createHarness([A], mode, { trips: { minParkingS: 600 } });
    const uid = h.units[A];
    const T = Date.UTC(2025, 2, 3, 6, 0);
    // East along -26.2 at 60 km/h, a fix every 10 s (166.7 m); 31 fixes at 0 km/h in one place.
    const step =
      (((60 / 3.6) * 10) / (6378137 * Math.cos((26.2 * Math.PI) / 180))) * (180 / Math.PI);
    const recs: DeviceRecord[] = [fix(A, T, -26.2, 28, 0)];
    let lon = 28;
    let t = T;
    const go = (n: number, kmh: number) => {
      for (let i = 0; i < n; i++) {
        t += 10_000;
        if (kmh) lon += step;
        recs.push(fix(A, t, -26.2, lon, kmh));
      }
    };
    go(30, 60);
    go(31, 0);
    go(30, 60);
    go(90, 0);
    h.now = t + 60_000;
    await send(h, recs);
    const rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.idle_time])).toEqual([
      [1, 0],
      [0, 300],
      [1, 0],
    ]);
    // The trip runs from the first moving fix to the first fix parked for good: 10 + 300 + 300 + 300 s.
    expect(rows[1].duration).toBe(910);
  });

  it('re-segments the affected window when fixes arrive late, and never moves the live state back', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A, B], mode);
    h.now = track[track.length - 1].time + 60_000;
    // A: everything in order. B: the end of the first trip and the arrival come late, after the
    // tracker had already sent part of the lunch stop (buffered data from a coverage hole).
    await send(h, records(A, track));
    const lateFrom = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 36));
    const lateTo = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 45));
    const resumeTo = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 11, 5));
    const b = records(B, track);
    await send(h, b.slice(0, lateFrom));
    await send(h, b.slice(lateTo, resumeTo));
    const live = await stateOf(h, h.units[B]);
    expect(live!.fix_time).toBe(track[resumeTo - 1].time);
    // The late packets, newest first as some trackers send a backlog.
    const late = b.slice(lateFrom, lateTo);
    for (let i = late.length; i > 0; i -= 5) {
      await h.pipeline.submit(late.slice(Math.max(0, i - 5), i));
      const s = await stateOf(h, h.units[B]);
      expect(s!.fix_time).toBe(live!.fix_time);
      expect(s!.lat).toBe(live!.lat);
    }
    await send(h, b.slice(resumeTo));

    expect(shape(await tripsOf(h, h.units[B]))).toEqual(shape(await tripsOf(h, h.units[A])));
    expect(await count(h, 'positions', h.units[B])).toBe(track.length);
    // The re-segmented window's rows have the box of their fixes, late ones included.
    await expectBoxes(h, h.units[B]);
    // A late fix's odometer continues from the fix stored before it: at least that fix's, and
    // never more than the distance actually driven to it (unit A's odometer there).
    const odometers = async (uid: number) =>
      new Map(
        (
          await h.handle.db
            .selectFrom('positions')
            .select(['fix_time', 'odometer'])
            .where('unit_id', '=', uid)
            .execute()
        ).map((r) => [r.fix_time, r.odometer]),
      );
    const [odoA, odoB] = [await odometers(h.units[A]), await odometers(h.units[B])];
    const base = odoA.get(track[lateFrom - 1].time)!;
    expect(odoB.get(track[lateFrom - 1].time)).toBe(base);
    for (const p of track.slice(lateFrom, lateTo)) {
      expect(odoB.get(p.time)!).toBeGreaterThanOrEqual(base);
      expect(odoB.get(p.time)!).toBeLessThanOrEqual(odoA.get(p.time)! + 1e-6);
    }
  });

  it('drops a GPS jump without poisoning the trip', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A, B], mode);
    h.now = track[track.length - 1].time + 60_000;
    await send(h, records(A, track));
    const b = records(B, track);
    const i = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 36));
    // A multipath fix 30 km away, between two good ones.
    b.splice(i, 0, fix(B, track[i].time - 5000, track[i].lat + 0.27, track[i].lon, 61));
    await send(h, b);
    expect(shape(await tripsOf(h, h.units[B]))).toEqual(shape(await tripsOf(h, h.units[A])));
    expect(await count(h, 'positions', h.units[B])).toBe(track.length);
    // The re-segmented window's rows have the box of their fixes, late ones included.
    await expectBoxes(h, h.units[B]);
    expect((await stateOf(h, h.units[B]))!.odometer).toBeCloseTo(
      (await stateOf(h, h.units[A]))!.odometer,
      3,
    );
  });

  it('continues trips across a restart as if it had not happened', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A, B], mode);
    h.now = track[track.length - 1].time + 60_000;
    await send(h, records(A, track));
    const b = records(B, track);
    const cut = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 33, 45)); // at a red light
    await send(h, b.slice(0, cut));
    await h.restart();
    await send(h, b.slice(cut));
    expect(shape(await tripsOf(h, h.units[B]))).toEqual(shape(await tripsOf(h, h.units[A])));
    await expectBoxes(h, h.units[B]);
  });

  it('closes the trip of a unit that went silent, and reopens it if its backlog continues it', async () => {
    const track = loadTrack('day-two-trips-lunch');
    h = await createHarness([A], mode);
    const uid = h.units[A];
    const recs = records(A, track);
    const cut = track.findIndex((p) => p.time >= Date.UTC(2025, 2, 3, 10, 36));
    h.now = track[cut - 1].time + 10_000;
    await send(h, recs.slice(0, cut));
    expect((await tripsOf(h, uid)).map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    h.published.unit.length = 0;

    h.now = track[cut - 1].time + 31 * 60_000;
    await h.pipeline.expireTrips();
    let rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
    expect(rows[1].end_time).toBe(track[cut - 1].time);
    expect(h.published.unit).toEqual([{ client_id: h.clientId, uid, park_state: 1 }]);
    expect((await stateOf(h, uid))!.park_state).toBe(1);

    // The tracker comes back with what it buffered: the trip resumes where it was.
    h.now = track[track.length - 1].time + 60_000;
    await send(h, recs.slice(cut));
    rows = await tripsOf(h, uid);
    expect(rows.map((r) => [r.type, r.open])).toEqual([
      [1, 0],
      [0, 0],
      [1, 0],
      [0, 0],
      [1, 1],
    ]);
    expect(rows[1].end_time).toBe(Date.UTC(2025, 2, 3, 10, 39, 10));
  });
});
