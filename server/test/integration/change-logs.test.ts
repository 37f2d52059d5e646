import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_LOG_ENTITY_TYPES } from '@fleet/common';
import { allTasks } from '../../src/tasks/registry';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
});
afterAll(() => t.close());

describe('change logs', () => {
  it('every set_/delete_ task declares an entity type of SPEC §3', () => {
    const writers = allTasks().filter((d) => /^(set|delete)_/.test(d.name));
    expect(writers.length).toBeGreaterThan(5);
    for (const d of writers) expect(CHANGE_LOG_ENTITY_TYPES).toContain(d.entityType);
  });

  it('writes an I row for an add, E for an edit and D for a delete', async () => {
    const created = await t.task(demo, 'set_user', {
      username: 'temp.user',
      password: 'Temp12345',
      user_type: 'lite',
    });
    const nid = created.data.user.nid;
    await t.task(demo, 'set_user', { nid, display_name: 'Temporary' });
    await t.task(demo, 'delete_user', { nid });
    const logs = await t.task(demo, 'get_user_change_logs', {});
    const rows = logs.data.change_logs.filter((r: any) => r.entity_id === String(nid));
    expect(rows.map((r: any) => r.action)).toEqual(['D', 'E', 'I']);
    expect(rows.every((r: any) => r.entity_type === 'User Settings' && r.username === 'demo')).toBe(
      true,
    );
    expect(rows[2].description).toMatch(/temp\.user added/);
  });

  it('a refused write leaves no change-log row', async () => {
    const before = (await t.task(demo, 'get_user_change_logs', {})).data.count;
    await t.task(demo, 'set_user_settings', { timezone: 'Mars/Olympus' });
    const after = (await t.task(demo, 'get_user_change_logs', {})).data.count;
    expect(after).toBe(before);
  });

  it("shows another user's change logs to a user who may view users, not to others", async () => {
    const users = await t.task(demo, 'get_users', {});
    const lite = users.data.users.find((u: any) => u.username === 'lite');
    expect((await t.task(demo, 'get_user_change_logs', { nid: lite.nid })).result).toBe(0);
    const track = await t.task(demo, 'set_user', {
      username: 'tracker1',
      password: 'Tracker2026',
      user_type: 'track',
    });
    expect(track.result).toBe(0);
    const trackToken = await t.login('tracker1', 'Tracker2026');
    expect((await t.task(trackToken, 'get_user_change_logs', { nid: lite.nid })).result).toBe(3);
    expect((await t.task(trackToken, 'get_user_change_logs', {})).result).toBe(0);
  });
});
