// Fixtures of the recovery desk's answers, typed by the contract (common/src/tasks/recovery.ts), for
// the web tests; and a fake live socket the tests play the server of.
import { act } from '@testing-library/react';
import {
  callOutcomeName,
  chaseupStateName,
  chaseupTypeName,
  isChaseupLocked,
  type CallLog,
  type ChaseupDetail,
  type ChaseupEvent,
  type EmergencyContact,
  type RecoveryComment,
  type RecoveryLog,
  type RecoveryUnit,
} from '@fleet/common';
import type { SocketLike } from '../../../api/live';

export const NOW = '2026-11-20T10:00:00Z';
export const minutesBefore = (minutes: number, from = NOW) =>
  new Date(Date.parse(from) - minutes * 60_000).toISOString();

export function chaseupOf(id: number, extra: Partial<ChaseupEvent> = {}): ChaseupEvent {
  const type = extra.type ?? 7;
  const state = extra.state ?? 0;
  return {
    id,
    cid: 3,
    client_name: 'Acme Haulage',
    uid: 70 + id,
    unit_name: `Truck ${id}`,
    reg: `CA ${id}00`,
    type,
    type_name: chaseupTypeName(type),
    state,
    state_name: chaseupStateName(state),
    locked: isChaseupLocked(state),
    time: minutesBefore(1),
    created: minutesBefore(1),
    lat: -33.92,
    lon: 18.42,
    place: 'Cape Town',
    description: '',
    phones: [],
    assigned_to_username: null,
    taken_at: null,
    closed_at: null,
    rule_alert_id: null,
    device_event_id: 500 + id,
    duplicate_of: null,
    ...extra,
  };
}

export function contactOf(pid: number, extra: Partial<EmergencyContact> = {}): EmergencyContact {
  return {
    pid,
    title: '',
    first_name: `Person${pid}`,
    surname: 'Dlamini',
    rank: pid,
    cellphone: `082 555 00${pid}`,
    email: null,
    roles: ['Emergency contact'],
    callable_now: true,
    not_callable_reason: null,
    ...extra,
  };
}

export function unitOf(uid: number, extra: Partial<RecoveryUnit> = {}): RecoveryUnit {
  return {
    uid,
    name: `Truck ${uid}`,
    reg: `CA ${uid}`,
    icon_colour: 'blue',
    icon_type: 1,
    vehicle_class_ref: 'car',
    service_type: 'Standard',
    unit_type: 'vehicle',
    active: 1,
    display: true,
    driver: null,
    last_disconnect: null,
    connected: true,
    park_state: 0,
    position: null,
    tags: [],
    cid: 3,
    client_name: 'Acme Haulage',
    vin: 'VIN123',
    make: 'Isuzu',
    model: 'NPR',
    colour: 'White',
    device_id: '356000000000001',
    protocol: 'teltonika',
    backup_of: null,
    ...extra,
  };
}

export function detailOf(event: ChaseupEvent, extra: Partial<ChaseupDetail> = {}): ChaseupDetail {
  return {
    chaseup_event: event,
    unit: unitOf(event.uid, { name: event.unit_name, reg: event.reg }),
    client: {
      cid: event.cid,
      name: event.client_name,
      timezone: 'Africa/Johannesburg',
      chase_up: true,
    },
    evidence: {
      device_event: {
        id: event.device_event_id ?? 1,
        type: 'panic',
        label: 'Panic button pressed',
        time: event.time,
        lat: event.lat,
        lon: event.lon,
        speed: 42,
        attributes: { io: 'din2' },
      },
      rule_alert: null,
    },
    contacts: [],
    after_hours: false,
    timeline: [{ time: event.time, kind: 'event', text: event.type_name, username: null, ref: 1 }],
    recovery_log_id: null,
    ...extra,
  };
}

export function commentOf(id: number, extra: Partial<RecoveryComment> = {}): RecoveryComment {
  return {
    id,
    uid: 71,
    chaseup_id: 1,
    text: `Comment ${id}`,
    username: 'sam',
    created: minutesBefore(10 - id),
    ...extra,
  };
}

export function callLogOf(id: number, extra: Partial<CallLog> = {}): CallLog {
  const outcome = extra.outcome ?? 'no_answer';
  return {
    id,
    uid: 71,
    chaseup_id: 1,
    pid: 1,
    name: 'Person1 Dlamini',
    number: '082 555 001',
    outcome,
    outcome_name: callOutcomeName(outcome),
    notes: '',
    username: 'sam',
    created: minutesBefore(5),
    ...extra,
  };
}

export function recoveryLogOf(id: number, extra: Partial<RecoveryLog> = {}): RecoveryLog {
  return {
    id,
    uid: 71,
    unit_name: 'Truck 71',
    reg: 'CA 71',
    cid: 3,
    client_name: 'Acme Haulage',
    state: 0,
    state_name: 'In Progress',
    initiated_by: 1,
    chaseup_id: null,
    start_time: minutesBefore(60),
    end_time: null,
    recovery_team: 'Team Alpha',
    police_case_number: '',
    location_recovered: '',
    lat: null,
    lon: null,
    notes: '',
    created_by: 'sam',
    created: minutesBefore(60),
    updated: minutesBefore(60),
    ...extra,
  };
}

/** A WebSocket the test plays the server of. */
export class FakeSocket implements SocketLike {
  static made: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
    this.push({ type: 'ready' });
  }
  push(message: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}
