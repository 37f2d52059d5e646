import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_BODY_LIMIT } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let lite: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  lite = await t.login('lite');
});
afterAll(() => t.close());

describe('/api/call batches', () => {
  it('answers in order, one response per request, a failing task keeping its neighbours', async () => {
    const res = await t.call(demo, [
      { task: 'who_am_i', ref: 'a' },
      { task: 'delete_user', ref: 'b', parameters: { nid: 999999 } },
      { task: 'no_such_task', ref: 'c' },
      { task: 'get_user_settings', ref: 'd' },
    ]);
    expect(res.result).toBe(0);
    expect(res.responses.map((r: any) => r.ref)).toEqual(['a', 'b', 'c', 'd']);
    expect(res.responses[0]).toMatchObject({ result: 0, data: { user: { username: 'demo' } } });
    expect(res.responses[1]).toMatchObject({ result: 1, message: 'User not found' });
    expect(res.responses[2]).toMatchObject({ result: 1, message: 'Unknown task: no_such_task' });
    expect(res.responses[3]).toMatchObject({ result: 0, data: { settings: { max_speed: 120 } } });
  });

  it('refuses a task the user has no role for with result 3', async () => {
    const res = await t.task(lite, 'get_clients');
    expect(res.result).toBe(3);
    expect(res.message).toMatch(/permission/);
    expect(
      (await t.task(lite, 'set_user', { username: 'sneaky', password: 'Sneaky2026' })).result,
    ).toBe(3);
  });

  it('names the field of a wrong type or a missing field, and changes nothing', async () => {
    const wrongType = await t.task(demo, 'set_user_units', { nid: 'abc', all_units: true });
    expect(wrongType.result).toBe(1);
    expect(wrongType.message).toMatch(/^nid: /);
    const missing = await t.task(demo, 'set_user_units', { all_units: true });
    expect(missing.message).toBe('nid is required');
    const badEmail = await t.task(demo, 'set_user_settings', { email: 'not@valid.' });
    expect(badEmail).toMatchObject({
      result: 1,
      message: 'email: please enter a valid e-mail address',
    });
    const settings = await t.task(demo, 'get_user_settings');
    expect(settings.data.settings.email).toBeUndefined();
  });

  it('cleans numeric strings in parameters as SPEC §5 says', async () => {
    const res = await t.task(demo, 'set_user_settings', {
      max_speed: '100',
      cellphone: '0821234567',
    });
    expect(res.result).toBe(0);
    expect(res.data.settings.max_speed).toBe(100);
    expect(res.data.settings.cellphone).toBe('0821234567');
  });

  it('answers a clear message for malformed bodies and oversized batches, never a stack trace', async () => {
    const notJson = await t.post('/api/call', '{"requests": [', demo);
    expect(notJson.status).toBe(400);
    expect(notJson).toMatchObject({ result: 1, message: 'The request body is not valid JSON' });
    const noList = await t.post('/api/call', { requests: 'who_am_i' }, demo);
    expect(noList.message).toMatch(/requests must be a list/);
    const big = await t.call(
      demo,
      Array.from({ length: 51 }, () => ({ task: 'who_am_i' })),
    );
    expect(big).toMatchObject({ result: 1, message: 'At most 50 requests per call' });
    const huge = await t.post(
      '/api/call',
      { requests: [{ task: 'who_am_i', parameters: { x: 'y'.repeat(CALL_BODY_LIMIT) } }] },
      demo,
    );
    expect(huge.status).toBe(413);
    for (const body of [notJson, noList, big, huge])
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    const badParams = await t.call(demo, [
      { task: 'who_am_i', parameters: [1, 2] } as any,
      null as any,
    ]);
    expect(badParams.responses[0].message).toBe('parameters must be an object');
    expect(badParams.responses[1].message).toMatch(/Unknown task/);
  });
});

describe('user tasks', () => {
  it('merges ui settings and ignores _sys_ keys', async () => {
    await t.task(demo, 'set_user_ui_settings', { map_type: 'satellite', _sys_Id: 5 });
    const res = await t.task(demo, 'set_user_ui_settings', { menu_open: 0 });
    expect(res.data.ui_settings).toEqual({ map_type: 'satellite', menu_open: 0 });
  });

  it('restricts a user to assigned units and lists them', async () => {
    const users = await t.task(demo, 'get_users', { search: 'lite' });
    const liteUser = users.data.users.find((u: any) => u.username === 'lite');
    const units = await t.task(demo, 'get_user_units', { nid: liteUser.nid });
    expect(units.data.all_units).toBe(true);
    expect(units.data.units).toHaveLength(40);
    const pick = units.data.units.slice(0, 3).map((u: any) => u.uid);
    expect(
      (await t.task(demo, 'set_user_units', { nid: liteUser.nid, all_units: false, uids: [] }))
        .message,
    ).toMatch(/at least one unit/);
    expect(
      (await t.task(demo, 'set_user_units', { nid: liteUser.nid, all_units: false, uids: pick }))
        .result,
    ).toBe(0);
    const after = await t.task(demo, 'get_user_units', { nid: liteUser.nid });
    expect(after.data.units.filter((u: any) => u.assigned).map((u: any) => u.uid)).toEqual(pick);
    const list = await t.task(demo, 'get_users', {});
    expect(list.data.users.find((u: any) => u.username === 'lite').unit_count).toBe(3);
    await t.task(demo, 'set_user_units', { nid: liteUser.nid, all_units: true, uids: [] });
  });

  it('changes the own password only with the current one', async () => {
    const token = await t.login('recovery');
    expect(
      (await t.task(token, 'set_password', { current_password: 'wrong', password: 'Recovery2026' }))
        .message,
    ).toBe('The current password is not correct');
    expect(
      (await t.task(token, 'set_password', { current_password: 'recovery', password: 'short' }))
        .result,
    ).toBe(1);
    expect(
      (
        await t.task(token, 'set_password', {
          current_password: 'recovery',
          password: 'Recovery2026',
        })
      ).result,
    ).toBe(0);
    expect(
      (await t.post('/api/login', { username: 'recovery', password: 'Recovery2026' })).result,
    ).toBe(0);
  });

  it('creates a user with an invitation and deletes it', async () => {
    const created = await t.task(demo, 'set_user', {
      username: 'newdriver',
      display_name: 'New Driver',
      email: 'nd@demofleet.co.za',
      user_type: 'lite',
    });
    expect(created.result).toBe(0);
    expect(created.data.user.roles).toContain('feature_realtime');
    expect(created.data.user.client.name).toBe('Demo Fleet');
    const dup = await t.task(demo, 'set_user', { username: 'NewDriver', email: 'x@y.co' });
    expect(dup.message).toBe('That username is already taken');
    expect((await t.task(demo, 'delete_user', { nid: created.data.user.nid })).result).toBe(0);
    expect((await t.task(demo, 'delete_user', { nid: created.data.user.nid })).message).toBe(
      'User not found',
    );
  });
});
