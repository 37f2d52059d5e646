// Rules, units, labels and fleets as the server answers them, and a fake of the rule tasks that
// keeps what set_rule and delete_rule do, for the rule page tests.
import { ruleTypeName, type Rule, type Tag, type UnitListItem } from '@fleet/common';
import { mockApi, type TaskHandler } from '../../../test/mockApi';

export function unitOf(uid: number, name: string, extra: Partial<UnitListItem> = {}): UnitListItem {
  return {
    uid,
    name,
    reg: `REG ${uid}`,
    icon_colour: '#1565c0',
    icon_type: 0,
    vehicle_class_ref: 'sedan',
    service_type: 'full',
    unit_type: 'Wired',
    active: 1,
    display: true,
    driver: null,
    last_disconnect: null,
    connected: true,
    park_state: 1,
    position: null,
    tags: [],
    ...extra,
  };
}

export function ruleOf(rid: number, name: string, extra: Partial<Rule> = {}): Rule {
  const type = extra.type ?? 'speeding';
  return {
    rid,
    cgid: 1,
    fid: null,
    name,
    type,
    type_name: ruleTypeName(type),
    apply_type: 'all',
    apply_to: [],
    param: { limit: 120, grace_s: 10 },
    emails: [],
    sms: [],
    phones: [],
    uids: [],
    unsupported_uids: [],
    days: [1, 2, 3, 4, 5, 6, 7],
    start: '0:00',
    end: '24:00',
    active: true,
    created: '2026-11-20T08:00:00Z',
    updated: '2026-11-20T08:00:00Z',
    ...extra,
  };
}

export const UNITS = [
  unitOf(1, 'Alpha', { tags: [{ id: 7, name: 'Trucks' }] }),
  unitOf(2, 'Bravo', { service_type: 'recovery', tags: [{ id: 7, name: 'Trucks' }] }),
  unitOf(3, 'Charlie'),
  unitOf(4, 'Delta'),
  unitOf(5, 'Echo'),
  unitOf(6, 'Foxtrot'),
];

export const TAGS: Tag[] = [
  { tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false, uids: [1, 2] },
  { tgid: 8, name: 'Vans', colour: '#1677ff', is_global: false, uids: [3] },
];

/** The rule tasks over a list that set_rule and delete_rule change; more handlers may be added. */
export function rulesApi(rules: Rule[], more: Record<string, TaskHandler> = {}) {
  let list = rules.map((r) => ({ ...r }));
  const page = <K extends string, T>(key: K, rows: T[]) => ({
    data: { [key]: rows, count: rows.length, page_count: 1 },
  });
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS } }),
    get_tags: () => page('tags', TAGS),
    get_fleets: () => page('fleets', [{ fid: 3, name: 'North', uids: [3, 4] }]),
    get_locations: () =>
      page('locations', [
        { lid: 11, name: 'Main Depot' },
        { lid: 12, name: 'Harbour Yard' },
      ]),
    get_routes: () => page('routes', [{ roid: 21, name: 'Airport run' }]),
    get_rules: (p) =>
      page(
        'rules',
        list.filter(
          (r) =>
            (!p.search || r.name.toLowerCase().includes(String(p.search).toLowerCase())) &&
            (!p.type || r.type === p.type),
        ),
      ),
    get_rule: (p) => {
      const r = list.find((x) => x.rid === p.rid);
      return r ? { data: { rule: r } } : { result: 1, message: 'rid: not found' };
    },
    set_rule: (p) => {
      const saved = ruleOf(p.rid ?? 99, p.name, { type: p.type });
      list = [...list.filter((r) => r.rid !== saved.rid), saved];
      return { data: { rule: saved } };
    },
    delete_rule: (p) => {
      list = list.filter((r) => r.rid !== p.rid);
      return { data: {} };
    },
    ...more,
  });
}
