// Panic remotes and mobile units through /api/call (issue 12): a remote's create, read, edit and
// delete with change-log rows, a press of a paired remote stored as panic_remote and shown as its
// last press, bad input refused naming the field, another client's ids answering not found; a mobile unit created with a device
// identifier of its own and the app's setup from the request's host, which reports at once
// through the pipeline (unit_device_changed clears its device cache).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Protocol } from '../../src/ingest/types';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, listen, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let demoCid: number;
let demoUids: number[];
let otherUid: number;
let demoPid: number;
let otherPid: number;

const db = () => t.running.services.db.db;
const firstPerson = async (cid: number) =>
  (
    await db()
      .selectFrom('people')
      .select('pid')
      .where('client_id', '=', cid)
      .orderBy('pid')
      .executeTakeFirstOrThrow()
  ).pid;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  const otherCid = await clientIdOf(db(), 'Other Fleet');
  demoUids = (await unitsOf(db(), demoCid)).map((u) => u.uid);
  otherUid = (await unitsOf(db(), otherCid))[0].uid;
  demoPid = await firstPerson(demoCid);
  otherPid = await firstPerson(otherCid);
});
afterAll(() => t.close());

describe('panic remotes', () => {
  it('creates, reads, edits and deletes a remote, logged', async () => {
    const uid = demoUids[3];
    const created = await t.task(demo, 'set_remote', {
      remote_id: '12345',
      uid,
      holder_pid: demoPid,
    });
    expect(created.result, created.message).toBe(0);
    const remote = created.data.remote;
    expect(remote).toMatchObject({
      remote_id: '12345',
      uid,
      unit_name: expect.any(String),
      holder: { pid: demoPid, name: expect.any(String) },
      holder_name: '',
      battery_state: 'unknown',
      last_press: null,
    });
    const edited = await t.task(demo, 'set_remote', {
      id: remote.id,
      remote_id: 'PB-9',
      uid,
      holder_pid: null,
      holder_name: 'Night guard',
    });
    expect(edited.data.remote).toMatchObject({
      remote_id: 'PB-9',
      holder: null,
      holder_name: 'Night guard',
    });
    const ofUnit = (await t.task(demo, 'get_remotes', { uid })).data.remotes;
    expect(ofUnit).toEqual([edited.data.remote]);
    const all = (await t.task(demo, 'get_remotes')).data.remotes;
    expect(all.map((r: any) => r.id)).toContain(remote.id);
    expect((await t.task(demo, 'delete_remote', { id: remote.id })).result).toBe(0);
    expect((await t.task(demo, 'get_remotes', { uid })).data.remotes).toEqual([]);
    const logs = await changeLogsOf(db(), 'Remote', remote.id);
    expect(logs.map((l) => l.action)).toEqual(['I', 'E', 'D']);
    expect(logs[1].description).toMatch(/^Remote PB-9 edited: on .*, held by Night guard$/);
  });

  it('stores a press of a paired remote as a panic_remote event, its last press', async () => {
    const unit = (await unitsOf(db(), demoCid)).find((u) => u.device_id && u.uid === demoUids[4])!;
    const protocol = unit.protocol as Protocol;
    const pipeline = t.running.devices.pipeline!;
    expect(await pipeline.identify(protocol, unit.device_id!, '127.0.0.1')).toBe(true);
    const press = async (fixTime: number) => {
      await pipeline.submit([
        {
          deviceId: unit.device_id!,
          protocol,
          fixTime,
          hasLocation: true,
          valid: true,
          lat: -26.2,
          lon: 28.05,
          speed: 0,
          course: 0,
          events: ['panic'],
          attributes: {},
        },
      ]);
      await pipeline.flush();
    };
    const events = async () =>
      (
        await db()
          .selectFrom('device_events')
          .select(['type', 'time'])
          .where('unit_id', '=', unit.uid)
          .where('type', 'in', ['panic', 'panic_remote'])
          .orderBy('time')
          .execute()
      ).map((e) => [e.type, Number(e.time)]);
    // Without a remote, the tracker's own panic button.
    const first = Date.now() - 120_000;
    await press(first);
    expect(await events()).toEqual([['panic', first]]);

    const remote = (
      await t.task(demo, 'set_remote', {
        remote_id: 'PB-PRESS',
        uid: unit.uid,
        battery_state: 'ok',
      })
    ).data.remote;
    expect(remote).toMatchObject({ battery_state: 'ok', last_press: null });
    // Paired: the pipeline reads the pairing again (unit_device_changed) and files the press as the
    // remote's, which the remote list shows as its last press.
    const second = Date.now() - 60_000;
    await press(second);
    expect(await events()).toEqual([
      ['panic', first],
      ['panic_remote', second],
    ]);
    const [read] = (await t.task(demo, 'get_remotes', { uid: unit.uid })).data.remotes;
    expect(read).toMatchObject({ id: remote.id, last_press: new Date(second).toISOString() });
    // Its presses: the remote's events only, not the tracker's own button.
    const one = await t.task(demo, 'get_remote', { id: remote.id });
    expect(one.data).toEqual({
      remote: read,
      presses: [
        { id: expect.any(Number), time: new Date(second).toISOString(), lat: -26.2, lon: 28.05 },
      ],
    });

    // A battery found low when tested is kept; unpaired, a press is the tracker's own again.
    const low = await t.task(demo, 'set_remote', {
      id: remote.id,
      remote_id: 'PB-PRESS',
      uid: unit.uid,
      battery_state: 'low',
    });
    expect(low.data.remote.battery_state).toBe('low');
    await t.task(demo, 'delete_remote', { id: remote.id });
    const third = Date.now() - 30_000;
    await press(third);
    expect((await events()).at(-1)).toEqual(['panic', third]);
  });

  it('refuses bad input naming the field and stores nothing', async () => {
    await t.task(demo, 'set_remote', { remote_id: 'PB-TAKEN', uid: demoUids[5] });
    const count = await rowCount(db(), 'remotes');
    for (const [params, message] of [
      [
        { remote_id: 'pb-taken', uid: demoUids[6] },
        'remote_id: another remote has this identifier',
      ],
      [{ remote_id: 'PB-X', uid: otherUid }, 'uid: Unit not found'],
      [
        { remote_id: 'PB-X', uid: demoUids[6], holder_pid: otherPid },
        'holder_pid: Person not found',
      ],
      [{ remote_id: 'PB X', uid: demoUids[6] }, /^remote_id: use letters/],
      [{ remote_id: '', uid: demoUids[6] }, /^remote_id: is required/],
      [{ remote_id: 'PB-X', uid: demoUids[6], holder_name: 'Guard <script>' }, /^holder_name: /],
    ] as const) {
      const res = await t.task(demo, 'set_remote', params);
      expect(res.result, JSON.stringify(params)).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await rowCount(db(), 'remotes')).toBe(count);
  });

  it("answers another client's remote as not found and changes nothing", async () => {
    const theirs = (await t.task(other, 'set_remote', { remote_id: 'THEIRS-1', uid: otherUid }))
      .data.remote;
    expect((await t.task(demo, 'get_remotes', { uid: otherUid })).data.remotes).toEqual([]);
    for (const [task, params] of [
      ['set_remote', { id: theirs.id, remote_id: 'MINE', uid: demoUids[0] }],
      ['delete_remote', { id: theirs.id }],
      ['get_remote', { id: theirs.id }],
    ] as const) {
      expect(await t.task(demo, task, params)).toMatchObject({
        result: 1,
        message: 'Remote not found',
      });
    }
    expect((await t.task(other, 'get_remotes', { uid: otherUid })).data.remotes).toEqual([theirs]);
  });
});

describe('mobile units', () => {
  /** One task sent to the given host name, as a phone's browser would reach the portal. */
  const viaHost = async (task: string, parameters: Record<string, unknown>, host: string) => {
    const res = await t.post('/api/call', { requests: [{ task, parameters }] }, demo, { host });
    return res.responses[0];
  };

  it("lists the client's mobile units only", async () => {
    const units = (await t.task(demo, 'get_mobile_units')).data.units;
    const mobile = (await unitsOf(db(), demoCid)).filter((u) => u.unit_type === 'Mobile');
    expect(units.map((u: any) => u.uid).sort()).toEqual(mobile.map((u) => u.uid).sort());
    expect((await t.task(other, 'get_mobile_units')).data.units).toEqual([]);
    expect((await t.task(other, 'get_mobile_unit', { uid: mobile[0].uid })).message).toBe(
      'Unit not found',
    );
    // A unit that is not a mobile one is not found either.
    const wired = (await unitsOf(db(), demoCid)).find((u) => u.unit_type === 'Wired')!;
    expect((await t.task(demo, 'get_mobile_unit', { uid: wired.uid })).message).toBe(
      'Unit not found',
    );
  });

  it('creates a mobile unit whose phone reports at once with the setup it is given', async () => {
    const devices = listen(t, 'unit_device_changed');
    const res = await viaHost(
      'set_mobile_unit',
      { name: 'Sales phone', reg: 'PHONE 1' },
      'portal.example.com',
    );
    devices.stop();
    expect(res.result, res.message).toBe(0);
    const { unit, setup } = res.data;
    expect(unit).toMatchObject({
      name: 'Sales phone',
      reg: 'PHONE 1',
      device_id: expect.stringMatching(/^m\d{10}$/),
      last_report: null,
      battery: null,
      connected: false,
    });
    expect(setup).toEqual({
      server_url: 'http://portal.example.com:5055',
      host: 'portal.example.com',
      port: 5055,
      device_id: unit.device_id,
    });
    expect(devices.messages).toEqual([{ uid: unit.uid }]);
    const row = await db()
      .selectFrom('units')
      .selectAll()
      .where('uid', '=', unit.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ client_id: demoCid, unit_type: 'Mobile', protocol: 'osmand' });
    const [log] = await changeLogsOf(db(), 'Unit', unit.uid);
    expect(log).toMatchObject({
      action: 'I',
      description: `Mobile unit Sales phone added (device ${unit.device_id})`,
    });

    // The phone reports through the OsmAnd gateway's pipeline.
    const pipeline = t.running.devices.pipeline!;
    expect(await pipeline.identify('osmand', unit.device_id, '127.0.0.1')).toBe(true);
    const fixTime = Date.now() - 5_000;
    await pipeline.submit([
      {
        deviceId: unit.device_id,
        protocol: 'osmand',
        fixTime,
        hasLocation: true,
        valid: true,
        lat: -26.2,
        lon: 28.05,
        speed: 0,
        course: 0,
        batteryLevel: 64,
        events: [],
        attributes: {},
      },
    ]);
    await pipeline.flush();
    const read = await viaHost('get_mobile_unit', { uid: unit.uid }, 'fleet.example.org');
    expect(read.data.unit).toMatchObject({
      last_report: new Date(fixTime).toISOString(),
      battery: 64,
      connected: true,
    });
    expect(read.data.setup.server_url).toBe('http://fleet.example.org:5055');

    // Renaming keeps the device.
    const renamed = await t.task(demo, 'set_mobile_unit', { uid: unit.uid, name: 'Sales phone 2' });
    expect(renamed.data.unit).toMatchObject({ name: 'Sales phone 2', device_id: unit.device_id });
  });

  it("refuses another client's unit and a registration in use", async () => {
    const theirs = await t.task(demo, 'set_mobile_unit', { uid: otherUid, name: 'Mine' });
    expect(theirs).toMatchObject({ result: 1, message: 'Unit not found' });
    const reg = (await unitsOf(db(), demoCid))[0].reg;
    const taken = await t.task(demo, 'set_mobile_unit', { name: 'Phone', reg });
    expect(taken).toMatchObject({
      result: 1,
      message: 'reg: another vehicle has this registration',
    });
  });
});
