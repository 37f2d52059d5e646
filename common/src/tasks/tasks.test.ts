// The task schemas the server validates with and the web's client is typed by (API.md §3).
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { UnitListItem, UserInfo } from '../api';
import { MAX_ID, TASK_PARAMS, type TaskMap, type TaskRequest, type TaskResponse } from './index';

const messages = (task: keyof typeof TASK_PARAMS, input: unknown) => {
  const r = TASK_PARAMS[task].safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('task parameters', () => {
  it('fill in the first page of 20 rows and refuse pages past 500 rows', () => {
    expect(TASK_PARAMS.get_users.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(messages('get_users', { page_size: 501 })).toEqual([
      'page_size: Too big: expected number to be <=500',
    ]);
  });

  it('name the field of a date that is not ISO-8601', () => {
    expect(
      messages('get_trips', { uid: 3, from: 'yesterday', to: '2025-01-02T00:00:00Z' }),
    ).toEqual(['from: must be an ISO-8601 date and time']);
    expect(messages('set_track_link', { uid: 3, expires: 'soon' })).toEqual([
      'expires: expires must be an ISO-8601 date and time',
    ]);
  });

  it('say which characters a username may have', () => {
    expect(messages('set_user', { username: 'a b c' })).toEqual([
      'username: use letters, digits and @ . _ - only',
    ]);
  });

  it('attach only trackers of a protocol the gateways speak', () => {
    expect(messages('set_unit_device', { uid: 1, device_id: '123', protocol: 'gt06' })).toEqual([]);
    expect(messages('set_unit_device', { uid: 1, device_id: '123', protocol: 'nmea' })).toEqual([
      'protocol: Invalid option: expected one of "osmand"|"teltonika"|"gt06"|"h02"|"meitrack"|"queclink"',
    ]);
    // A model is one the gateway decodes for that protocol, or none.
    const gt06 = { uid: 1, device_id: '123', protocol: 'gt06' };
    expect(messages('set_unit_device', { ...gt06, model: 'SEEWORLD' })).toEqual([]);
    expect(messages('set_unit_device', { ...gt06, model: '' })).toEqual([]);
    expect(messages('set_unit_device', { ...gt06, model: 'GV300' })).toEqual([
      'model: not a model of this protocol',
    ]);
  });

  it('refuse ids past the PostgreSQL integer columns, in lists too', () => {
    expect(messages('get_unit', { uid: MAX_ID })).toEqual([]);
    expect(messages('get_unit', { uid: MAX_ID + 1 })).toEqual([
      'uid: Too big: expected number to be <=2147483647',
    ]);
    expect(messages('set_user_units', { nid: 1, all_units: false, uids: [1, 2 ** 31] })).toEqual([
      'uids.1: Too big: expected number to be <=2147483647',
    ]);
  });

  it('refuse a NUL character in text that reaches the database', () => {
    expect(messages('get_people', { search: 'a\u0000b' })).toEqual([
      'search: must not contain NUL characters',
    ]);
    expect(messages('get_people', { search: 'a\nb' })).toEqual([]);
  });

  it('type requests and answers per task (checked by tsc)', () => {
    expectTypeOf<TaskRequest<'get_unit'>>().toEqualTypeOf<{ uid: number }>();
    expectTypeOf<TaskResponse<'get_unit_list_full'>['units']>().toEqualTypeOf<UnitListItem[]>();
    expectTypeOf<TaskResponse<'who_am_i'>>().toEqualTypeOf<{ user: UserInfo }>();
    expectTypeOf<TaskMap['get_users']['parsed']['page_size']>().toEqualTypeOf<number>();
    expectTypeOf<TaskRequest<'set_notice'>>().toEqualTypeOf<{ id: number; unread: boolean }>();
  });
});
