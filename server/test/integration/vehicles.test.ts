// Vehicles through /api/call (issue 12): the vehicle table's pages, sorting and filters, one
// vehicle, creating and editing with change-log rows and the live unit message, every bad input
// refused naming the field with nothing stored, another client's ids answering not found, and an
// odometer correction that the vehicle page and the live map read at once and the pipeline counts
// on from. The CSV import is in vehicle-import.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_SORTS } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, listen, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let support: string;
let demoCid: number;
let demoUids: number[];
let otherUid: number;
let otherPid: number;
let driverPid: number;

const db = () => t.running.services.db.db;
const vehicles = async (token: string, params: Record<string, unknown> = {}) => {
  const res = await t.task(token, 'get_vehicles', { page_size: 500, ...params });
  expect(res.result, res.message).toBe(0);
  return res.data.vehicles as any[];
};
const vehicle = async (uid: number, token = demo) =>
  (await t.task(token, 'get_vehicle', { uid })).data.vehicle;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  support = await t.login('support');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  demoUids = (await unitsOf(db(), demoCid)).map((u) => u.uid);
  const otherCid = await clientIdOf(db(), 'Other Fleet');
  otherUid = (await unitsOf(db(), otherCid))[0].uid;
  const person = (cid: number) =>
    db().selectFrom('people').select('pid').where('client_id', '=', cid).orderBy('pid');
  otherPid = (await person(otherCid).executeTakeFirstOrThrow()).pid;
  driverPid = (await person(demoCid).executeTakeFirstOrThrow()).pid;
});
afterAll(() => t.close());

describe('the vehicle table', () => {
  it("lists the client's vehicles by name, in pages, with their readings", async () => {
    const all = await vehicles(demo);
    expect(all.map((v) => v.uid).sort((a, b) => a - b)).toEqual(demoUids);
    expect(all[0]).toMatchObject({
      uid: expect.any(Number),
      tags: expect.any(Array),
      fleets: expect.any(Array),
      last_report: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      odometer: expect.any(Number),
      engine_hours: expect.any(Number),
    });
    const pages: number[] = [];
    for (let page = 1; page <= 6; page++) {
      const res = await t.task(demo, 'get_vehicles', { page, page_size: 7 });
      expect(res.data).toMatchObject({ count: 40, page_count: 6 });
      pages.push(...res.data.vehicles.map((v: any) => v.uid));
    }
    expect(pages).toEqual(all.map((v) => v.uid));
    const others = await vehicles(other);
    expect(others).toHaveLength(5);
    expect(others.some((v) => demoUids.includes(v.uid))).toBe(false);
  });

  it('sorts by every column both ways, the descending order the ascending one reversed', async () => {
    const numeric = { last_report: (v: any) => Date.parse(v.last_report ?? 0) } as Record<
      string,
      (v: any) => number
    >;
    numeric.odometer = (v) => v.odometer ?? 0;
    numeric.engine_hours = (v) => v.engine_hours ?? 0;
    for (const sort of VEHICLE_SORTS) {
      const asc = await vehicles(demo, { sort, order: 'asc' });
      const desc = await vehicles(demo, { sort, order: 'desc' });
      expect(
        desc.map((v) => v.uid),
        sort,
      ).toEqual(asc.map((v) => v.uid).reverse());
      const key = numeric[sort];
      if (key) {
        const values = asc.map(key);
        expect(values, sort).toEqual([...values].sort((a, b) => a - b));
      }
    }
    const byClass = await vehicles(demo, { sort: 'vehicle_class_ref' });
    const classes = byClass.map((v) => v.vehicle_class_ref);
    // Each class in one run.
    expect(new Set(classes).size).toBe(classes.filter((c, i) => c !== classes[i - 1]).length);
  });

  it('filters by search, state, class, label and fleet', async () => {
    const [a, b, c] = demoUids;
    await t.task(demo, 'set_vehicle', { uid: a, make: 'Scania', vin: '1HGCM82633A004352' });
    expect((await vehicles(demo, { search: 'SCANIA' })).map((v) => v.uid)).toEqual([a]);
    expect((await vehicles(demo, { search: '82633a' })).map((v) => v.uid)).toEqual([a]);
    const reg = (await vehicle(b)).reg as string;
    expect((await vehicles(demo, { search: reg.toLowerCase() })).map((v) => v.uid)).toEqual([b]);
    // Wildcards are taken literally.
    expect(await vehicles(demo, { search: '%' })).toEqual([]);
    expect(await vehicles(demo, { search: '_' })).toEqual([]);

    const disabled = await vehicles(demo, { state: 'disabled' });
    const active = await vehicles(demo, { state: 'active' });
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every((v) => v.active !== 1)).toBe(true);
    expect(active.every((v) => v.active === 1)).toBe(true);
    expect(active.length + disabled.length).toBe(40);

    const cls = (await vehicle(c)).vehicle_class_ref;
    const ofClass = await vehicles(demo, { vehicle_class: cls });
    expect(ofClass.length).toBeGreaterThan(0);
    expect(ofClass.every((v) => v.vehicle_class_ref === cls)).toBe(true);

    const tag = await t.task(demo, 'set_tag', { name: 'Filter label', uids: [b, c] });
    const tagged = await vehicles(demo, { tgid: tag.data.tag.tgid });
    expect(tagged.map((v) => v.uid).sort()).toEqual([b, c].sort());
    expect(tagged[0].tags).toContainEqual({
      tgid: tag.data.tag.tgid,
      name: 'Filter label',
      colour: '#1677ff',
      is_global: false,
    });
    const fleet = await t.task(demo, 'set_fleet', { name: 'Filter fleet', uids: [c] });
    const inFleet = await vehicles(demo, { fid: fleet.data.fleet.fid });
    expect(inFleet.map((v) => v.uid)).toEqual([c]);
    expect(inFleet[0].fleets).toContainEqual({ fid: fleet.data.fleet.fid, name: 'Filter fleet' });
    // Another client's label or fleet filters to nothing.
    expect(await vehicles(other, { tgid: tag.data.tag.tgid })).toEqual([]);
  });
});

describe('set_vehicle', () => {
  it('creates a vehicle with the defaults, logged and announced to the live hub', async () => {
    const changed = listen(t, 'units_changed');
    const res = await t.task(demo, 'set_vehicle', { name: 'Truck 12', reg: 'ND 123' });
    changed.stop();
    expect(res.result, res.message).toBe(0);
    const v = res.data.vehicle;
    expect(v).toMatchObject({
      name: 'Truck 12',
      reg: 'ND 123',
      vehicle_class_ref: 'sedan',
      service_type: 'full',
      unit_type: 'Wired',
      icon_colour: '#1677ff',
      active: 1,
      display: true,
      stock_status: 5,
      device_id: null,
      last_report: null,
      odometer: null,
      engine_hours: null,
      driver: null,
      current_driver: null,
    });
    expect(await vehicle(v.uid)).toEqual(v);
    expect(changed.messages).toEqual([{ clientId: demoCid }]);
    const logs = await changeLogsOf(db(), 'Vehicle', v.uid);
    expect(logs.map((l) => [l.action, l.description])).toEqual([
      ['I', 'Vehicle Truck 12 added (ND 123)'],
    ]);
  });

  it('edits only the fields given, logs what changed and sends the live map the change', async () => {
    const uid = (await t.task(demo, 'set_vehicle', { name: 'Truck 13', reg: 'ND 130' })).data
      .vehicle.uid;
    const tag = (await t.task(demo, 'set_tag', { name: 'Test night rota' })).data.tag;
    const fleet = (await t.task(demo, 'set_fleet', { name: 'Test north' })).data.fleet;
    const live = listen(t, 'unit');
    const rules = listen(t, 'rules_changed');
    const people = listen(t, 'people_changed');
    const res = await t.task(demo, 'set_vehicle', {
      uid,
      reg: 'ND 131',
      icon_colour: '#ff0000',
      driver_id: driverPid,
      tgids: [tag.tgid],
      fids: [fleet.fid],
    });
    live.stop();
    rules.stop();
    people.stop();
    expect(res.result, res.message).toBe(0);
    // The pipeline re-reads the unit's default driver, which it puts on trips without a tag.
    expect(people.messages).toEqual([{ client_id: demoCid }]);
    expect(res.data.vehicle).toMatchObject({
      name: 'Truck 13',
      reg: 'ND 131',
      icon_colour: '#ff0000',
      driver: { pid: driverPid, name: expect.any(String) },
      tags: [{ tgid: tag.tgid, name: 'Test night rota', colour: '#1677ff', is_global: false }],
      fleets: [{ fid: fleet.fid, name: 'Test north' }],
    });
    expect(live.messages).toEqual([
      {
        client_id: demoCid,
        uid,
        reg: 'ND 131',
        icon_colour: '#ff0000',
        driver: res.data.vehicle.driver,
      },
    ]);
    expect(rules.messages.map((m) => m.client_id)).toContain(demoCid);
    const [, edit] = await changeLogsOf(db(), 'Vehicle', uid);
    expect(edit.action).toBe('E');
    expect(edit.description).toBe(
      `Truck 13: registration ND 130 → ND 131, driver none → ${res.data.vehicle.driver.name}, ` +
        'fleets none → Test north, icon colour changed',
    );
    const [assign] = await changeLogsOf(db(), 'Assign Tags', uid);
    expect(assign.description).toBe('Truck 13: labels none → Test night rota');
    // The live list reads the same.
    const listed = (await t.task(demo, 'get_unit_list_full')).data.units.find(
      (u: any) => u.uid === uid,
    );
    expect(listed).toMatchObject({
      reg: 'ND 131',
      icon_colour: '#ff0000',
      tags: [{ id: tag.tgid, name: 'Test night rota' }],
    });
    const one = (await t.task(demo, 'get_unit', { uid })).data.unit;
    expect(one.tags).toEqual([{ id: tag.tgid, name: 'Test night rota' }]);
  });

  it('refuses every bad input with a message naming the field, storing nothing', async () => {
    const uid = demoUids[5];
    await db()
      .insertInto('people')
      .values({
        client_id: demoCid,
        first_name: 'Gone',
        surname: 'Person',
        title: 'Mr',
        rank: 0,
        roles: '[11]',
        contact_roles: '[]',
        email: null,
        cellphone: null,
        licence_class: 'unknown',
        licence_expiry: null,
        prdp_expiry: null,
        driver_tag: null,
        created: Date.now(),
      })
      .execute();
    const deleted = await db()
      .selectFrom('people')
      .select('pid')
      .where('surname', '=', 'Person')
      .executeTakeFirstOrThrow();
    const otherTag = (await t.task(other, 'set_tag', { name: 'Theirs' })).data.tag.tgid;
    const otherFleet = (await t.task(other, 'set_fleet', { name: 'Theirs' })).data.fleet.fid;
    const takenReg = (await vehicle(demoUids[6])).reg;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ reg: 'ND 1' }, /^name is required/],
      [{ name: 'Bad; name' }, /^name: must not contain/],
      [{ uid, reg: 'ND#1' }, /^reg: /],
      [{ uid, reg: takenReg.toLowerCase() }, /^reg: another vehicle has this registration$/],
      [{ uid, vin: 'IOQ12345' }, /^vin: /],
      [{ uid, vehicle_class_ref: 'lorry' }, /^vehicle_class_ref: is not a vehicle class/],
      [{ uid, icon_colour: 'red' }, /^icon_colour: /],
      [{ uid, year: 1800 }, /^year: /],
      [{ uid, driver_id: otherPid }, /^driver_id: Person not found$/],
      [{ uid, driver_id: deleted.pid }, /^driver_id: Person not found$/],
      [{ uid, tgids: [otherTag] }, /^tgids: Label not found$/],
      [{ uid, fids: [otherFleet] }, /^fids: Fleet not found$/],
      [{ uid, active: 4 }, /^active: /],
      [{ uid, stock_status: 1 }, /^stock_status: only support staff/],
    ];
    const before = await vehicle(uid);
    const units = await rowCount(db(), 'units');
    const logs = await rowCount(db(), 'change_logs');
    for (const [params, message] of cases) {
      const res = await t.task(demo, 'set_vehicle', params);
      expect(res.result, JSON.stringify(params)).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await vehicle(uid)).toEqual(before);
    expect(await rowCount(db(), 'units')).toBe(units);
    expect(await rowCount(db(), 'change_logs')).toBe(logs);
  });

  it("answers another client's vehicle as not found and changes nothing", async () => {
    const before = await vehicle(otherUid, other);
    for (const [task, params] of [
      ['get_vehicle', { uid: otherUid }],
      ['set_vehicle', { uid: otherUid, name: 'Mine now' }],
    ] as const) {
      const res = await t.task(demo, task, params);
      expect(res).toMatchObject({ result: 1, message: 'Unit not found' });
    }
    expect(await vehicle(otherUid, other)).toEqual(before);
  });

  it('lets a client set Active or Disabled, and support staff any state and stock status', async () => {
    const uid = demoUids[8];
    expect((await t.task(demo, 'set_vehicle', { uid, active: 2 })).data.vehicle.active).toBe(2);
    const res = await t.task(support, 'set_vehicle', { uid, active: 6, stock_status: 3 });
    expect(res.result, res.message).toBe(0);
    expect(res.data.vehicle).toMatchObject({ active: 6, stock_status: 3 });
    // The client's form sends the codes back unchanged: not a change.
    const echo = await t.task(demo, 'set_vehicle', {
      uid,
      active: 6,
      stock_status: 3,
      colour: 'Turquoise',
    });
    expect(echo.result, echo.message).toBe(0);
    const [last] = (await changeLogsOf(db(), 'Vehicle', uid)).reverse();
    expect(last.description).toMatch(/colour \w+ → Turquoise$/);
  });
});

describe('odometer and engine-hour corrections', () => {
  it('reads the typed value at once on the vehicle page and the live map, and counts on from it', async () => {
    const uid = (await t.task(demo, 'set_vehicle', { name: 'Counting van' })).data.vehicle.uid;
    const device = '356307040000777';
    await t.task(support, 'set_unit_device', { uid, device_id: device, protocol: 'teltonika' });
    const res = await t.task(demo, 'set_vehicle', { uid, odometer: 150000, engine_hours: 1234.5 });
    expect(res.data.vehicle).toMatchObject({ odometer: 150000, engine_hours: 1234.5 });
    const unit = (await t.task(demo, 'get_unit', { uid })).data.unit;
    expect(unit).toMatchObject({ odometer: 150000, engine_hours: 1234.5 });
    const log = (await changeLogsOf(db(), 'Unit', uid)).at(-1)!;
    expect(log.description).toBe(
      'Counting van: odometer set to 150000 km (was none), engine hours set to 1234.5 h (was none)',
    );

    // Two fixes 1 km apart (0.009 degrees of latitude ≈ 1.0 km) a minute apart.
    const time = Date.now() - 60_000;
    const fix = (i: number) => ({
      deviceId: device,
      protocol: 'teltonika' as const,
      fixTime: time + i * 60_000,
      hasLocation: true,
      valid: true,
      lat: -26.2 + i * 0.009,
      lon: 28.05,
      speed: 60,
      course: 0,
      ignition: true,
      events: [],
      attributes: {},
    });
    const pipeline = t.running.devices.pipeline!;
    await pipeline.submit([fix(0), fix(1)]);
    await pipeline.flush();
    const after = await vehicle(uid);
    expect(after.odometer).toBeGreaterThanOrEqual(150000.9);
    expect(after.odometer).toBeLessThanOrEqual(150001.1);
    expect(after.last_report).toBe(new Date(time + 60_000).toISOString());
    const live = (await t.task(demo, 'get_unit', { uid })).data.unit;
    expect(Math.abs(live.odometer - after.odometer)).toBeLessThan(0.06);

    // A second correction starts from the running value.
    const again = await t.task(demo, 'set_vehicle', { uid, odometer: 200000 });
    expect(again.data.vehicle.odometer).toBe(200000);
  });
});
