// The stages as one unit sees them: processRecords over successive batches.
import { describe, expect, it } from 'vitest';
import { Runner, T0, east, fix, status } from './records';
import { EVENT_COLUMNS } from '../../../src/pipeline/columns';

const LAT = -26.1;
const LON = 28.05;
const at = (metres: number) => LON + east(metres);

describe('duplicates', () => {
  it('stores a resent fix once, in the same batch or a later one', () => {
    const r = new Runner();
    const a = r.run([
      fix(T0, LAT, LON, 0),
      fix(T0 + 10_000, LAT, at(100), 36),
      fix(T0 + 10_000, LAT, at(100), 36),
    ]);
    expect(Runner.positions(a)).toEqual([T0, T0 + 10_000]);
    expect(a.stats.duplicates).toBe(1);
    const b = r.run([
      fix(T0, LAT, LON, 0),
      fix(T0 + 10_000, LAT, at(100), 36),
      fix(T0 + 20_000, LAT, at(200), 36),
    ]);
    expect(Runner.positions(b)).toEqual([T0 + 20_000]);
    expect(b.stats.duplicates).toBe(2);
    expect(r.rt.odometer).toBeCloseTo(200, 3);
  });
});

describe('late fixes', () => {
  it('are stored without moving the live state backwards', () => {
    const r = new Runner();
    r.run([
      fix(T0, LAT, LON, 0, { ignition: false }),
      fix(T0 + 60_000, LAT, at(600), 36, { ignition: true, power: 13.8 }),
    ]);
    const live = { ...r.rt };
    const b = r.run([fix(T0 + 30_000, LAT, at(300), 36, { ignition: false, power: 12.1 })]);
    expect(Runner.positions(b)).toEqual([]);
    const w = b.units.get(7)!;
    expect(w.late.map((l) => l.point.time)).toEqual([T0 + 30_000]);
    expect(r.rt.fixTime).toBe(live.fixTime);
    expect(r.rt.lon).toBe(live.lon);
    expect(r.rt.odometer).toBe(live.odometer);
    // Its older status values do not overwrite the newer ones, nor raise transition events.
    expect(r.rt.ignition).toBe(true);
    expect(r.rt.power).toBe(13.8);
    expect(Runner.events(b)).toEqual([]);
    expect(r.rt.seg.last?.time).toBe(T0 + 60_000);
  });

  it('are sorted into place when one batch holds them out of order', () => {
    const r = new Runner();
    const b = r.run([
      fix(T0 + 20_000, LAT, at(200), 36),
      fix(T0, LAT, LON, 0),
      fix(T0 + 10_000, LAT, at(100), 36),
    ]);
    expect(Runner.positions(b)).toEqual([T0, T0 + 10_000, T0 + 20_000]);
    expect(b.units.get(7)!.late).toEqual([]);
  });
});

describe('GPS jumps', () => {
  it('drops one wild fix and accepts the good ones after it', () => {
    const r = new Runner();
    const b = r.run([
      fix(T0, LAT, LON, 40),
      fix(T0 + 10_000, LAT, at(110), 40),
      fix(T0 + 20_000, LAT + 0.5, at(220), 40, { events: ['harsh_braking'] }), // 55 km away in 10 s
      fix(T0 + 30_000, LAT, at(330), 40),
      fix(T0 + 40_000, LAT, at(440), 40),
    ]);
    expect(Runner.positions(b)).toEqual([T0, T0 + 10_000, T0 + 30_000, T0 + 40_000]);
    expect(b.stats.jumps).toBe(1);
    expect(r.rt.odometer).toBeCloseTo(440, 3);
    // The event of the dropped fix is kept, at the last good location.
    expect(Runner.events(b)).toEqual(['harsh_braking']);
    expect(b.events[4]).toBe(LAT);
  });

  it('recovers from a wild first fix instead of refusing everything after it', () => {
    const r = new Runner();
    r.run([fix(T0, LAT + 1, LON, 0)]); // 111 km off: nothing to compare it with
    const b = r.run([
      fix(T0 + 10_000, LAT, LON, 0),
      fix(T0 + 20_000, LAT, at(50), 18),
      fix(T0 + 30_000, LAT, at(100), 18),
      fix(T0 + 40_000, LAT, at(150), 18),
    ]);
    expect(Runner.positions(b)).toEqual([T0 + 30_000, T0 + 40_000]);
    expect(r.rt.lat).toBe(LAT);
    // The leap back from the bad fix is not distance driven.
    expect(r.rt.odometer).toBeCloseTo(50, 3);
  });

  it('accepts fast but possible moves, and short moves whatever the time between', () => {
    const r = new Runner();
    const b = r.run([
      fix(T0, LAT, LON, 0),
      fix(T0 + 1000, LAT, at(150), 0), // 540 km/h implied, but within the 200 m tolerance
      fix(T0 + 61_000, LAT, at(150 + 4500), 270),
    ]);
    expect(Runner.positions(b)).toHaveLength(3);
  });
});

describe('motion, ignition and engine hours', () => {
  it('counts engine time while the ignition is on, also from status records', () => {
    const r = new Runner();
    r.run([
      fix(T0, LAT, LON, 0, { ignition: true }),
      status(T0 + 600_000, { ignition: true }),
      fix(T0 + 1200_000, LAT, LON, 0, { ignition: false }),
      status(T0 + 3000_000, { ignition: false }),
    ]);
    expect(r.rt.engineSeconds).toBe(1200);
    expect(r.rt.ignition).toBe(false);
  });

  it('stores no position for a status record but updates the live values', () => {
    const r = new Runner();
    const b = r.run([status(T0, { power: 12.7, battery: 4.1, gsm: 3, batteryLevel: 90 })]);
    expect(b.positions).toEqual([]);
    expect(r.rt.hasFix).toBe(false);
    expect(r.rt.parkState).toBe(2);
    expect([r.rt.power, r.rt.battery, r.rt.gsm, r.rt.batteryLevel]).toEqual([12.7, 4.1, 3, 90]);
    expect(r.rt.serverTime).toBe(r.now);
  });

  it('moves through park states as the unit parks and drives', () => {
    const r = new Runner();
    r.run([fix(T0, LAT, LON, 0, { ignition: false })]);
    expect(r.rt.parkState).toBe(1);
    const drive = [];
    for (let i = 1; i <= 12; i++)
      drive.push(fix(T0 + i * 10_000, LAT, at(i * 150), 54, { ignition: true }));
    r.run(drive);
    expect(r.rt.parkState).toBe(0);
    expect(r.rt.seg.phase).toBe('trip');
    // A red light: still a trip, still moving.
    r.run([
      fix(T0 + 130_000, LAT, at(1800), 0, { ignition: true }),
      fix(T0 + 190_000, LAT, at(1800), 0, { ignition: true }),
    ]);
    expect(r.rt.parkState).toBe(0);
    // Ignition off: parked at once.
    r.run([fix(T0 + 200_000, LAT, at(1800), 0, { ignition: false })]);
    expect(r.rt.parkState).toBe(1);
    expect(r.rt.parkSince).toBe(T0 + 200_000);
  });
});

describe('device events', () => {
  it('stores reported events and derives ignition transitions once', () => {
    const r = new Runner();
    const a = r.run([fix(T0, LAT, LON, 0, { ignition: false, events: ['panic', 'panic'] })]);
    expect(Runner.events(a)).toEqual(['panic']);
    const b = r.run([
      fix(T0 + 10_000, LAT, LON, 0, { ignition: true }),
      fix(T0 + 20_000, LAT, LON, 0, { ignition: true, events: ['ignition_off'] }),
      fix(T0 + 30_000, LAT, LON, 0, { ignition: false, events: ['ignition_off'] }),
    ]);
    expect(Runner.events(b)).toEqual(['ignition_on', 'ignition_off', 'ignition_off']);
  });

  it('derives power cut and restore from the external voltage, with hysteresis', () => {
    const r = new Runner();
    const volts = [12.6, 12.4, 0.3, 0.2, 7.5, 12.8, 8.0, 12.9];
    const b = r.run(volts.map((v, i) => status(T0 + i * 1000, { power: v })));
    expect(Runner.events(b)).toEqual(['power_cut', 'power_restored']);
    // A unit whose first word is "no power" raises nothing: there was no known state to leave.
    const r2 = new Runner();
    expect(Runner.events(r2.run([status(T0, { power: 0 })]))).toEqual([]);
  });

  it('derives low battery from voltage or level, once until it recovers', () => {
    const r = new Runner();
    const b = r.run([
      status(T0, { batteryLevel: 80 }),
      status(T0 + 1000, { batteryLevel: 19 }),
      status(T0 + 2000, { batteryLevel: 18 }),
      status(T0 + 3000, { batteryLevel: 25 }),
      status(T0 + 4000, { batteryLevel: 12 }),
      status(T0 + 5000, { batteryLevel: 60 }),
      status(T0 + 6000, { battery: 3.4 }),
    ]);
    expect(Runner.events(b)).toEqual(['low_battery', 'low_battery']);
  });

  it('names the driver of a new tag and puts the driver on the trip', () => {
    const r = new Runner();
    r.drivers.set('01A2B3C4', 55);
    const b = r.run([
      fix(T0, LAT, LON, 0, { driverId: '01A2B3C4' }),
      fix(T0 + 10_000, LAT, LON, 0, { driverId: '01A2B3C4' }),
      fix(T0 + 20_000, LAT, LON, 0, { driverId: '0000000000' }),
    ]);
    // The tag read, and the unit's driver changing from nobody to person 55.
    expect(Runner.events(b)).toEqual(['driver_id', 'driver_changed']);
    expect(JSON.parse(b.events[7] as string)).toMatchObject({
      driverUniqueId: '01A2B3C4',
      pid: 55,
    });
    expect(JSON.parse(b.events[16] as string)).toMatchObject({ pid: 55, previous: null });
    expect(r.rt.driverPid).toBe(null);
    r.run([fix(T0 + 30_000, LAT, LON, 0, { driverId: '01A2B3C4' })]);
    expect(r.rt.driverPid).toBe(55);
  });

  it('changes the driver when another person’s tag is read, not for a tag of nobody', () => {
    const r = new Runner();
    r.drivers.set('01A2B3C4', 55);
    r.drivers.set('0FFFFFF1', 56);
    const b = r.run([
      fix(T0, LAT, LON, 0, { driverId: '01A2B3C4' }),
      fix(T0 + 10_000, LAT, LON, 0, { driverId: 'DEADBEEF' }),
      fix(T0 + 20_000, LAT, LON, 0, { driverId: '0FFFFFF1' }),
    ]);
    expect(Runner.events(b)).toEqual([
      'driver_id',
      'driver_changed',
      'driver_id',
      'driver_id',
      'driver_changed',
    ]);
    expect(JSON.parse(b.events[43] as string)).toMatchObject({ pid: 56, previous: null });
    expect(r.rt.driverPid).toBe(56);
  });

  it('derives towing from movement with the ignition off, once per ignition-off', () => {
    const r = new Runner();
    const recs = [fix(T0, LAT, LON, 0, { ignition: false })];
    for (let i = 1; i <= 6; i++) recs.push(fix(T0 + i * 10_000, LAT, at(i * 80), 29));
    const b = r.run(recs);
    expect(Runner.events(b)).toEqual(['towing']);
  });

  it('derives overspeed only when a limit is configured', () => {
    const fast = [
      fix(T0, LAT, LON, 100),
      fix(T0 + 10_000, LAT, at(350), 126),
      fix(T0 + 20_000, LAT, at(700), 130),
    ];
    expect(Runner.events(new Runner().run(fast))).toEqual([]);
    expect(Runner.events(new Runner({ overspeedKmh: 120 }).run(fast))).toEqual(['overspeed']);
  });

  it("files a device's answer to a command as a command reply, also when it comes late", () => {
    const r = new Runner();
    const reply = (t: number, result: string) => status(t, { attributes: { result } });
    const b = r.run([status(T0 + 5000), reply(T0 + 6000, 'DOUT1:1 Timeout:INFINITY')]);
    expect(Runner.events(b)).toEqual(['command_reply']);
    const cols = EVENT_COLUMNS.length;
    const i = Runner.events(b).indexOf('command_reply');
    expect(JSON.parse(b.events[i * cols + 7] as string)).toEqual({
      text: 'DOUT1:1 Timeout:INFINITY',
    });
    // An answer stamped before the live state (a device clock behind) is still kept.
    expect(Runner.events(r.run([reply(T0, 'Relay,1# OK')]))).toEqual(['command_reply']);
    expect(Runner.events(r.run([reply(T0 + 7000, '')]))).toEqual([]);
  });
});
