import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  support = await t.login('support');
});
afterAll(() => t.close());

describe('unit tasks', () => {
  it("lists the client's 40 demo units with their last position and state", async () => {
    const res = await t.task(demo, 'get_unit_list_full');
    expect(res.result).toBe(0);
    expect(res.data.units).toHaveLength(40);
    const u = res.data.units[0];
    expect(u).toMatchObject({
      uid: expect.any(Number),
      name: expect.any(String),
      park_state: 1,
      tags: expect.any(Array),
    });
    // The demo's labels ride on the units they are on (the live list filters by them).
    const labelled = res.data.units.filter((x: any) =>
      x.tags.some((tag: any) => tag.name === 'Gauteng'),
    );
    expect(labelled.length).toBeGreaterThan(0);
    expect(u.position.lat).toBeLessThan(-22);
    expect(new Set(res.data.units.map((x: any) => x.vehicle_class_ref)).size).toBeGreaterThan(10);
    // Seeded positions are older than a day: every unit is disconnected until it reports.
    expect(res.data.units.every((x: any) => x.connected === false)).toBe(true);
    const db = t.running.services.db.db;
    // A fresh report (fix and receipt both now) brings the unit back.
    await db
      .updateTable('unit_state')
      .set({ server_time: Date.now(), fix_time: Date.now() })
      .where('unit_id', '=', u.uid)
      .execute();
    const issues = await t.task(demo, 'get_unit_list_full', { filter: 'only_issues' });
    expect(issues.data.units.map((x: any) => x.uid)).not.toContain(u.uid);
    expect(issues.data.units).toHaveLength(39);
  });

  it('a user restricted to assigned units sees only those', async () => {
    const all = (await t.task(demo, 'get_unit_list_full')).data.units;
    const users = (await t.task(demo, 'get_users', {})).data.users;
    const lite = users.find((u: any) => u.username === 'lite');
    await t.task(demo, 'set_user_units', {
      nid: lite.nid,
      all_units: false,
      uids: [all[0].uid, all[1].uid],
    });
    const liteToken = await t.login('lite');
    const seen = (await t.task(liteToken, 'get_unit_list_full')).data.units.map((u: any) => u.uid);
    expect(seen.sort()).toEqual([all[0].uid, all[1].uid].sort());
    expect((await t.task(liteToken, 'get_unit', { uid: all[5].uid })).message).toBe(
      'Unit not found',
    );
    await t.task(demo, 'set_user_units', { nid: lite.nid, all_units: true });
  });

  it('support attaches a device to a unit; get_unit then shows it; clients cannot', async () => {
    const uid = (await t.task(demo, 'get_unit_list_full')).data.units[2].uid;
    expect(
      (
        await t.task(demo, 'set_unit_device', {
          uid,
          device_id: '123456789012345',
          protocol: 'gt06',
        })
      ).result,
    ).toBe(3);
    await t.running.services.db.db
      .insertInto('unit_issues')
      .values({
        device_id: '123456789012345',
        protocol: 'gt06',
        remote_address: '10.0.0.9',
        first_seen: Date.now() - 60000,
        last_seen: Date.now(),
        count: 4,
      })
      .execute();
    const issues = await t.task(support, 'get_unit_issues');
    const unknown = (list: any[]) => list.filter((i) => i.issue === 'Unknown device');
    expect(unknown(issues.data.unit_issues)).toHaveLength(1);
    expect(unknown(issues.data.unit_issues)[0]).toMatchObject({
      device_id: '123456789012345',
      protocol: 'gt06',
      remote_address: '10.0.0.9',
      count: 4,
    });
    const res = await t.task(support, 'set_unit_device', {
      uid,
      device_id: '123456789012345',
      protocol: 'gt06',
    });
    expect(res.result).toBe(0);
    const unit = await t.task(demo, 'get_unit', { uid });
    expect(unit.data.unit).toMatchObject({ device_id: '123456789012345', protocol: 'gt06' });
    expect(unknown((await t.task(support, 'get_unit_issues')).data.unit_issues)).toHaveLength(0);
    const clash = await t.task(support, 'set_unit_device', {
      uid: uid + 1,
      device_id: '123456789012345',
      protocol: 'gt06',
    });
    expect(clash.message).toMatch(/already attached/);
    expect(
      (await t.task(support, 'set_unit_device', { uid, device_id: 'x', protocol: 'nmea' })).message,
    ).toMatch(/^protocol/);
  });

  it('sets the model a GT06 clone is decoded as, and refuses a model of another protocol', async () => {
    const uid = (await t.task(demo, 'get_unit_list_full')).data.units[3].uid;
    const before = (await t.task(demo, 'get_unit', { uid })).data.unit;
    const wrong = await t.task(support, 'set_unit_device', {
      uid,
      device_id: '868120300009999',
      protocol: 'teltonika',
      model: 'LW',
    });
    expect(wrong.message).toMatch(/model/);
    expect((await t.task(demo, 'get_unit', { uid })).data.unit.device_id).toBe(before.device_id);
    const set = await t.task(support, 'set_unit_device', {
      uid,
      device_id: '868120300009999',
      protocol: 'gt06',
      model: 'LW',
    });
    expect(set.result).toBe(0);
    expect((await t.task(demo, 'get_unit', { uid })).data.unit).toMatchObject({
      device_id: '868120300009999',
      protocol: 'gt06',
      device_model: 'LW',
    });
    // The gateway asks the pipeline for the model once the device has logged in.
    expect(await t.running.devices.pipeline!.deviceModel!('gt06', '868120300009999')).toBe('LW');
    await t.task(support, 'set_unit_device', {
      uid,
      device_id: before.device_id ?? '',
      protocol: before.protocol ?? 'gt06',
    });
    expect((await t.task(demo, 'get_unit', { uid })).data.unit.device_model).toBeNull();
  });

  it('answers the dashboard for today with per-unit rows and totals', async () => {
    const res = await t.task(demo, 'get_dashboard_today');
    expect(res.data.today_array).toHaveLength(40);
    expect(res.data.totals.active_vehicles + res.data.totals.deactivate_vehicles).toBe(40);
    expect(res.data.totals.deactivate_vehicles).toBe(1);
    expect(res.data.today_array[0].moving).toBe(1);
  });
});

describe('share links', () => {
  it('a share link shows the unit without a session until it is revoked', async () => {
    const unit = (await t.task(demo, 'get_unit_list_full')).data.units[0];
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const link = await t.task(demo, 'set_track_link', { uid: unit.uid, expires });
    expect(link.result).toBe(0);
    const seen = await t.post('/api/track', { send_token: link.data.send_token });
    expect(seen.result).toBe(0);
    expect(seen.realtime.data.unit).toMatchObject({ uid: unit.uid, name: unit.name });
    expect(Array.isArray(seen.realtime.data.trips)).toBe(true);
    expect(
      (await t.task(demo, 'delete_track_link', { send_token: link.data.send_token })).result,
    ).toBe(0);
    expect((await t.post('/api/track', { send_token: link.data.send_token })).result).toBe(2);
  });

  it('an expired link and a garbage token answer result 2', async () => {
    const unit = (await t.task(demo, 'get_unit_list_full')).data.units[1];
    const link = await t.task(demo, 'set_track_link', {
      uid: unit.uid,
      expires: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.running.services.db.db
      .updateTable('track_links')
      .set({ expires: Date.now() - 1 })
      .execute();
    expect((await t.post('/api/track', { send_token: link.data.send_token })).result).toBe(2);
    expect((await t.post('/api/track', { send_token: 'garbage' })).result).toBe(2);
    expect(
      (await t.task(demo, 'set_track_link', { uid: unit.uid, expires: '2001-01-01T00:00:00Z' }))
        .message,
    ).toBe('expires must be in the future');
  });
});
