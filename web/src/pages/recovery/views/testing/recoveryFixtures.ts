// Answers of the recovery views' tasks, typed by the contract (common/src/tasks/recovery.ts), for
// the web tests of the search, client, unit, border crossing and backup unit pages.
import {
  RECOVERY_LOG_STATE,
  type BackupUnit,
  type BorderCrossing,
  type ChaseupEvent,
  type CrossBorderData,
  type EmergencyContact,
  type RecoveryClientView,
  type RecoveryLog,
  type RecoveryUnit,
  type RecoveryUnitView,
  type SearchHit,
  type UnitDetail,
  type UnitListItem,
} from '@fleet/common';
import { chaseupOf, contactOf, minutesBefore, NOW } from '../../desk/testDesk';

export { NOW, minutesBefore };

export function listUnit(uid: number, extra: Partial<UnitListItem> = {}): UnitListItem {
  return {
    uid,
    name: `Truck ${uid}`,
    reg: `CA ${uid}`,
    icon_colour: 'blue',
    icon_type: 1,
    vehicle_class_ref: 'car',
    service_type: 'full',
    unit_type: 'Wired',
    active: 1,
    display: true,
    driver: null,
    last_disconnect: null,
    connected: true,
    park_state: 1,
    position: {
      lat: -26.2,
      lon: 28.04,
      speed: 0,
      direction: 90,
      datetime: minutesBefore(2),
      ignition: false,
    },
    tags: [],
    ...extra,
  };
}

export function recoveryUnit(uid: number, extra: Partial<RecoveryUnit> = {}): RecoveryUnit {
  return {
    ...listUnit(uid),
    cid: 3,
    client_name: 'Acme Haulage',
    vin: 'AHTFR22G806012345',
    make: 'Toyota',
    model: 'Hilux',
    colour: 'White',
    device_id: '356307042441013',
    protocol: 'teltonika',
    backup_of: null,
    ...extra,
  };
}

/** get_unit's answer for a unit. */
export function unitDetail(uid: number, extra: Partial<UnitDetail> = {}): UnitDetail {
  return {
    ...listUnit(uid),
    _sys_Id: uid,
    _sys_Ref: `unit:${uid}`,
    device_id: '356307042441013',
    protocol: 'teltonika',
    device_model: null,
    stock_status: 0,
    odometer: 123_456,
    engine_hours: 1_000,
    power: 12.6,
    battery: 4.1,
    gsm: 4,
    last_data: minutesBefore(1),
    attributes: {},
    latest_events: [],
    ...extra,
  };
}

export function chaseup(id: number, extra: Partial<ChaseupEvent> = {}): ChaseupEvent {
  return chaseupOf(id, {
    type: 6,
    uid: 7,
    unit_name: 'Truck 7',
    reg: 'CA 7',
    time: minutesBefore(3),
    created: minutesBefore(3),
    lat: -26.2,
    lon: 28.04,
    place: 'Johannesburg',
    device_event_id: 900 + id,
    ...extra,
  });
}

export function contact(pid: number, extra: Partial<EmergencyContact> = {}): EmergencyContact {
  return contactOf(pid, {
    title: 'Ms',
    first_name: `Thandi${pid}`,
    surname: 'Mokoena',
    cellphone: `082 555 010${pid}`,
    ...extra,
  });
}

export function recoveryLog(id: number, extra: Partial<RecoveryLog> = {}): RecoveryLog {
  const state = extra.state ?? 1;
  return {
    id,
    uid: 7,
    unit_name: 'Truck 7',
    reg: 'CA 7',
    cid: 3,
    client_name: 'Acme Haulage',
    state,
    state_name: RECOVERY_LOG_STATE[state] ?? `State ${state}`,
    initiated_by: 1,
    chaseup_id: null,
    start_time: minutesBefore(60 * 24 * 7),
    end_time: state === 0 ? null : minutesBefore(60 * 24 * 6),
    recovery_team: 'Team Alpha',
    police_case_number: 'CAS 123/11/2026',
    location_recovered: state === 0 ? '' : 'Soweto',
    lat: null,
    lon: null,
    notes: '',
    created_by: 'sam',
    created: minutesBefore(60 * 24 * 7),
    updated: minutesBefore(60 * 24 * 6),
    ...extra,
  };
}

export function backupUnit(uid: number, extra: Partial<BackupUnit> = {}): BackupUnit {
  return {
    ...listUnit(uid, { name: `Backup ${uid}`, service_type: 'backup', reg: '' }),
    cid: 3,
    backup_of: 7,
    main_name: 'Truck 7',
    last_data: minutesBefore(4),
    battery: 3.9,
    power: null,
    distance_from_main: 12,
    ...extra,
  };
}

export function clientView(extra: Partial<RecoveryClientView> = {}): RecoveryClientView {
  return {
    client: {
      cid: 3,
      name: 'Acme Haulage',
      state: 1,
      timezone: 'Africa/Johannesburg',
      chase_up: true,
    },
    units: [listUnit(7), listUnit(8, { connected: false, position: null })],
    contacts: [contact(2, { roles: ['Other contact'] }), contact(1)],
    chaseup_events: [chaseup(41)],
    recovery_logs: [recoveryLog(5), recoveryLog(6, { uid: 8, unit_name: 'Truck 8', reg: 'CA 8' })],
    ...extra,
  };
}

export function unitView(extra: Partial<RecoveryUnitView> = {}): RecoveryUnitView {
  return {
    unit: recoveryUnit(7),
    events: [
      {
        id: 301,
        type: 'panic',
        label: 'Panic button pressed',
        time: minutesBefore(3),
        lat: -26.2,
        lon: 28.04,
      },
      {
        id: 300,
        type: 'ignition_off',
        label: 'Ignition off',
        time: minutesBefore(30),
        lat: null,
        lon: null,
      },
    ],
    chaseup_events: [chaseup(41)],
    recovery_logs: [recoveryLog(5)],
    odometer_logs: [
      { id: 1, datetimestamp: '2026-10-01T08:00:00Z', odometer: 120000, kind: 'Service' },
      { id: 2, datetimestamp: '2026-11-01T08:00:00Z', odometer: 123000, kind: 'Manual' },
    ],
    backup_units: [backupUnit(17)],
    ...extra,
  };
}

export function searchHit(extra: Partial<SearchHit> = {}): SearchHit {
  return { units: [], clients: [], people: [], ...extra };
}

export function stay(extra: Partial<BorderCrossing> = {}): BorderCrossing {
  return {
    exit_time: '2026-11-10T06:00:00Z',
    exit_lat: -22.22,
    exit_lon: 29.99,
    entry_time: '2026-11-12T09:30:00Z',
    entry_lat: -22.21,
    entry_lon: 29.98,
    country: 'Zimbabwe',
    seconds_outside: 2 * 86400 + 3.5 * 3600,
    track: [
      { lat: -22.2, lon: 30.0, speed: 60, datetime: '2026-11-10T06:00:00Z' },
      { lat: -21.0, lon: 30.5, speed: 80, datetime: '2026-11-10T08:00:00Z' },
    ],
    ...extra,
  };
}

export function crossBorder(extra: Partial<CrossBorderData> = {}): CrossBorderData {
  return {
    uid: 7,
    from: '2026-10-22T00:00:00Z',
    to: '2026-11-20T23:59:59Z',
    crossings: [],
    seconds_outside: 0,
    outside_now: false,
    ...extra,
  };
}

/** A live socket that never opens: the pages under test read over HTTP only. */
export class QuietSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {
    this.readyState = 3;
  }
}
