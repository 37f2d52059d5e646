// Rule alerts as the server answers them, for the tests of this folder.
import type { RuleAlert, RuleAlertDetail, UnitListItem } from '@fleet/common';

export function ruleAlertOf(raid: number, extra: Partial<RuleAlert> = {}): RuleAlert {
  return {
    raid,
    rid: 4,
    rule_name: 'Highway limit',
    type: 'speeding',
    type_name: 'Speeding',
    uid: 7,
    unit_name: 'Truck 7',
    reg: 'JOH-12',
    time: '2026-11-20T08:00:00Z',
    end: '2026-11-20T08:04:10Z',
    open: false,
    lat: -26.1,
    lon: 28.0,
    speed: 132,
    summary: 'Peak 132 km/h over the 120 km/h limit for 4 min 10 s',
    evidence: { limit: 120, peak: 132, duration_s: 250, grace_s: 30 },
    new: false,
    ...extra,
  };
}

export function ruleAlertDetailOf(
  raid: number,
  extra: Partial<RuleAlertDetail> = {},
): RuleAlertDetail {
  const base = ruleAlertOf(raid);
  return {
    ...base,
    points: [
      { lat: -26.1, lon: 27.99, speed: 110, datetime: '2026-11-20T07:59:30Z' },
      { lat: -26.1, lon: 28.0, speed: 124, datetime: '2026-11-20T08:00:00Z' },
      { lat: -26.1, lon: 28.02, speed: 132, datetime: '2026-11-20T08:02:00Z' },
      { lat: -26.1, lon: 28.04, speed: 126, datetime: '2026-11-20T08:04:00Z' },
      { lat: -26.1, lon: 28.05, speed: 100, datetime: '2026-11-20T08:05:00Z' },
    ],
    rule: {
      rid: base.rid,
      cgid: 1,
      fid: null,
      name: 'Highway limit',
      type: 'speeding',
      type_name: 'Speeding',
      apply_type: 'all',
      apply_to: [],
      param: { limit: 120 },
      emails: [],
      sms: [],
      phones: [],
      uids: [7],
      unsupported_uids: [],
      days: [1, 2, 3, 4, 5, 6, 7],
      start: '0:00',
      end: '24:00',
      active: true,
      created: '2026-11-01T08:00:00Z',
      updated: '2026-11-01T08:00:00Z',
    },
    ...extra,
  };
}

export function unitOf(uid: number, name: string, reg: string): UnitListItem {
  return {
    uid,
    name,
    reg,
    icon_colour: '#1565c0',
    icon_type: 'arrow',
    vehicle_class_ref: 'sedan',
    service_type: 'full',
    active: 1,
    display: true,
    driver: null,
    last_disconnect: null,
    connected: true,
    park_state: 1,
    position: null,
    tags: [],
  } as unknown as UnitListItem;
}
