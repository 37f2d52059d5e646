// Device events → chase-ups on the recovery desk's queue (issue 16 item 1; SPEC §8 chase-up types,
// §4 chase-up states). Pure: the writers (recovery/store.ts) hand it the device events a batch
// really inserted (a replayed batch inserts none, so it raises no second chase-up), the facts of
// their units, whether their clients have panic recipients, and the chase-ups of the same units
// and types stored lately (one query per batch); it answers the rows to insert, each in the state
// its cause sets:
//   9 data in the future  the event is more than CHASEUP_FUTURE_MS ahead of the server's clock;
//   8 too late            it is older than CHASEUP_TOO_LATE_MS when it arrives;
//   7 don't chase up      the unit's client opted out (clients.chase_up = 0);
//   11 / 12               a self-monitoring unit (lite, old_lite) is not chased: 11 "sending
//                         notification" while the client's panic recipients are being told (a panic
//                         whose outbox rows rules/store.ts queues; notify/outbox.ts moves it to 12
//                         once they are sent), else 12 "only client notifications sent" at once;
//   6 duplicate           the same unit and type within CHASEUP_DUPLICATE_WINDOW_MS of a chase-up on
//                         the queue (states 0 to 4), stored or earlier in the batch: duplicate_of;
//   5 filter first        a flapping sensor: the CHASEUP_FLAP_COUNT-th of the unit's type within
//                         CHASEUP_FLAP_WINDOW_MS, none of them worked (states 1 to 3);
//   10 investigate first  a unit issue (GPS fault, immobiliser line high) for the technical check;
//   0 New                 everything else: the desk calls.
// The first that applies, in that order, wins. Type 4 (call-me rule alerts) stays with the rules
// (rules/store.ts, which uses baseState below); type 11 comes from the not-connecting job.
import {
  CHASEUP_STATE_CLIENT_ONLY,
  CHASEUP_STATE_DONT_CHASE,
  CHASEUP_STATE_DUPLICATE,
  CHASEUP_STATE_FILTER_FIRST,
  CHASEUP_STATE_FUTURE,
  CHASEUP_STATE_INVESTIGATE,
  CHASEUP_STATE_NEW,
  CHASEUP_STATE_SENDING,
  CHASEUP_STATE_TOO_LATE,
} from '@fleet/common';
import type { DeviceEventType } from '../ingest/types';
import type { StoredEvent } from '../pipeline/columns';
import {
  INVESTIGATE_FIRST_TYPES,
  RECOVERY_LIMITS,
  SELF_MONITORED_SERVICE_TYPES,
  type RecoveryLimits,
} from './limits';

/** SPEC §8 chase-up type of each device event that raises one. */
export const CHASEUP_TYPE_OF_EVENT: Readonly<Partial<Record<DeviceEventType, number>>> = {
  power_cut: 1,
  low_battery: 2,
  tamper: 3,
  crash: 5,
  panic: 6,
  panic_remote: 7,
  driver_id_timeout: 8,
  driver_id_lost: 9,
  gps_fault: 10,
  harness_unplugged: 12,
  supply_cut: 13,
  immobiliser_fault: 14,
  immobiliser_bypass: 14,
  towing: 15,
  house_alarm: 16,
  immobiliser_line_high: 17,
  gps_jamming: 18,
  gsm_jamming: 19,
  early_warning_timeout: 20,
  early_warning_lost: 21,
  crash_park_tilt: 22,
  crash_braking: 23,
  crash_impact_park: 24,
};

/** What the desk reads of the event, in words (chaseup_events.description). */
export const CHASEUP_DESCRIPTION_OF_EVENT: Readonly<Partial<Record<DeviceEventType, string>>> = {
  power_cut: 'External power lost',
  low_battery: "The tracker's battery is flat",
  tamper: 'Tampering detected by the accelerometer',
  crash: 'Accident detected',
  panic: 'Panic button pressed',
  panic_remote: 'Panic remote pressed',
  driver_id_timeout: 'No driver ID read when the trip started',
  driver_id_lost: 'Driver ID lost during the trip',
  gps_fault: 'GPS antenna cut or receiver fault',
  harness_unplugged: "The tracker's harness was unplugged",
  supply_cut: 'Supply wiring cut or fuse blown',
  immobiliser_fault: 'Immobiliser tampered with or faulty',
  immobiliser_bypass: 'Immobiliser bypassed',
  towing: 'Moving with the ignition off (towed)',
  house_alarm: 'House alarm triggered',
  immobiliser_line_high: 'Immobiliser line high for 20 s without ignition',
  gps_jamming: 'GPS jamming detected',
  gsm_jamming: 'GSM jamming detected',
  early_warning_timeout: 'Early warning tag not seen when the trip started',
  early_warning_lost: 'Early warning tag lost during the trip',
  crash_park_tilt: 'Tilted while parked (lifted or rolled)',
  crash_braking: 'Crash-level braking',
  crash_impact_park: 'Impact while parked',
};

const PANIC_EVENTS: readonly string[] = ['panic', 'panic_remote'];

/** The chase-up type of a device event type; undefined: it raises none. */
export function chaseupTypeOf(eventType: string): number | undefined {
  return CHASEUP_TYPE_OF_EVENT[eventType as DeviceEventType];
}

/** What the plan needs to know of a unit (pipeline UnitInfo). */
export interface ChaseupUnit {
  serviceType: string;
  /** false: its client opted out of being chased (clients.chase_up = 0) */
  chaseUp: boolean;
}

/** A stored chase-up the new ones are compared with (duplicates, flapping). */
export interface KnownChaseup {
  id: number;
  unit_id: number;
  type: number;
  time: number;
  state: number;
}

/** A chase-up row to insert (chaseup_events; recovery/store.ts CHASEUP_EVENT_COLUMNS). */
export interface PlannedChaseup {
  client_id: number;
  unit_id: number;
  type: number;
  state: number;
  time: number;
  lat: number | null;
  lon: number | null;
  device_event_id: number;
  description: string;
  created: number;
  /** A duplicate (state 6) of a stored chase-up: its id. */
  duplicate_of: number | null;
  /**
   * A duplicate of a chase-up of the same batch: its index in the plan (always an earlier one),
   * whose id the writer fills in once it is inserted.
   */
  duplicate_of_planned: number | null;
}

export interface ChaseupPlanInput {
  /** The server's time (epoch ms). */
  now: number;
  /** The device events the batch inserted. */
  events: readonly StoredEvent[];
  /** The unit of an event (undefined: a recovery unit of a client that is chased). */
  unitOf(uid: number): ChaseupUnit | undefined;
  /** The client has panic notification recipients (the outbox rows of its panics). */
  hasPanicRecipients(clientId: number): boolean;
  /** The stored chase-ups of the events' units and types since recentSince() (any state). */
  recent: readonly KnownChaseup[];
  limits?: RecoveryLimits;
}

/** The events of a batch that raise a chase-up (none: nothing more is done for the batch). */
export function chaseupEvents(events: readonly StoredEvent[]): StoredEvent[] {
  let out: StoredEvent[] | null = null;
  for (const e of events) if (chaseupTypeOf(e.type) !== undefined) (out ??= []).push(e);
  return out ?? [];
}

/** What the one lookup of a batch's recent chase-ups asks for. */
export interface RecentQuery {
  uids: number[];
  types: number[];
  /** chase-ups with time at or after this */
  since: number;
}

/** The lookup the plan of `events` (chaseupEvents' answer, not empty) needs. */
export function recentQuery(
  events: readonly StoredEvent[],
  limits: RecoveryLimits = RECOVERY_LIMITS,
): RecentQuery {
  const uids = new Set<number>();
  const types = new Set<number>();
  let earliest = Infinity;
  for (const e of events) {
    uids.add(Number(e.unit_id));
    types.add(chaseupTypeOf(e.type)!);
    earliest = Math.min(earliest, Number(e.time));
  }
  const back = Math.max(limits.duplicateWindowMs, limits.flapWindowMs);
  return { uids: [...uids], types: [...types], since: earliest - back };
}

const isOnQueue = (state: number) => state >= 0 && state <= 4;
const isWorked = (state: number) => state >= 1 && state <= 3;

/**
 * The states every chase-up takes before its own causes are looked at: 9 data in the future,
 * 8 too late, 7 don't chase up; null when none applies. Rule-alert chase-ups (type 4) use it too.
 */
export function baseState(
  now: number,
  time: number,
  chaseUp: boolean,
  limits: RecoveryLimits = RECOVERY_LIMITS,
): number | null {
  if (time - now > limits.futureMs) return CHASEUP_STATE_FUTURE;
  if (now - time > limits.tooLateMs) return CHASEUP_STATE_TOO_LATE;
  if (!chaseUp) return CHASEUP_STATE_DONT_CHASE;
  return null;
}

/** One chase-up the later events of the batch are compared with. */
interface Seen {
  unit_id: number;
  type: number;
  time: number;
  state: number;
  /** a stored chase-up's id, or null for one planned in this batch */
  id: number | null;
  /** a planned one's index */
  index: number;
}

const DEFAULT_UNIT: ChaseupUnit = { serviceType: 'recovery', chaseUp: true };

/** The chase-ups to insert for a batch's events, oldest event first. */
export function planChaseups(input: ChaseupPlanInput): PlannedChaseup[] {
  const limits = input.limits ?? RECOVERY_LIMITS;
  const events = chaseupEvents(input.events);
  if (!events.length) return [];
  // Oldest first: an event is compared with those before it, in the batch and stored.
  events.sort((a, b) => Number(a.time) - Number(b.time) || Number(a.id) - Number(b.id));
  const history = new Map<string, Seen[]>();
  const key = (uid: number, type: number) => `${uid}:${type}`;
  for (const c of input.recent) {
    const k = key(Number(c.unit_id), Number(c.type));
    let list = history.get(k);
    if (!list) history.set(k, (list = []));
    list.push({
      unit_id: Number(c.unit_id),
      type: Number(c.type),
      time: Number(c.time),
      state: Number(c.state),
      id: Number(c.id),
      index: -1,
    });
  }
  const out: PlannedChaseup[] = [];
  for (const e of events) {
    const uid = Number(e.unit_id);
    const clientId = Number(e.client_id);
    const time = Number(e.time);
    const type = chaseupTypeOf(e.type)!;
    const unit = input.unitOf(uid) ?? DEFAULT_UNIT;
    const k = key(uid, type);
    const seen = history.get(k) ?? [];
    let state = baseState(input.now, time, unit.chaseUp, limits);
    let anchor: Seen | null = null;
    if (state === null && SELF_MONITORED_SERVICE_TYPES.includes(unit.serviceType)) {
      state =
        PANIC_EVENTS.includes(e.type) && input.hasPanicRecipients(clientId)
          ? CHASEUP_STATE_SENDING
          : CHASEUP_STATE_CLIENT_ONLY;
    }
    if (state === null) {
      anchor = duplicateAnchor(seen, time, limits.duplicateWindowMs);
      if (anchor) state = CHASEUP_STATE_DUPLICATE;
    }
    if (state === null && isFlapping(seen, time, limits)) state = CHASEUP_STATE_FILTER_FIRST;
    if (state === null && INVESTIGATE_FIRST_TYPES.includes(type)) state = CHASEUP_STATE_INVESTIGATE;
    state ??= CHASEUP_STATE_NEW;
    const index = out.length;
    out.push({
      client_id: clientId,
      unit_id: uid,
      type,
      state,
      time,
      lat: e.lat === null ? null : Number(e.lat),
      lon: e.lon === null ? null : Number(e.lon),
      device_event_id: Number(e.id),
      description: CHASEUP_DESCRIPTION_OF_EVENT[e.type as DeviceEventType] ?? e.type,
      created: input.now,
      duplicate_of: anchor && anchor.id !== null ? anchor.id : null,
      duplicate_of_planned: anchor && anchor.id === null ? anchor.index : null,
    });
    seen.push({ unit_id: uid, type, time, state, id: null, index });
    history.set(k, seen);
  }
  return out;
}

/** The chase-up on the queue (states 0 to 4) nearest in time within the window, if any. */
function duplicateAnchor(seen: readonly Seen[], time: number, windowMs: number): Seen | null {
  let best: Seen | null = null;
  for (const s of seen) {
    if (!isOnQueue(s.state)) continue;
    const d = Math.abs(time - s.time);
    if (d > windowMs) continue;
    if (!best || d < Math.abs(time - best.time)) best = s;
  }
  return best;
}

/** The unit raised the type often lately (this event included) and none of it was worked. */
function isFlapping(seen: readonly Seen[], time: number, limits: RecoveryLimits): boolean {
  let count = 1;
  for (const s of seen) {
    if (s.time > time || time - s.time >= limits.flapWindowMs) continue;
    if (isWorked(s.state)) return false;
    count++;
  }
  return count >= limits.flapCount;
}
