// The event bus between the pipeline and its readers (the live hub, rules). In-process now; NATS
// can implement the same interface for scale-out (ARCHITECTURE.md §5). Messages are plain JSON
// values so that a network bus can carry them unchanged.
import type { Position, UnitListItem } from '@fleet/common';
import type { DeviceEventType } from '../ingest/types';

/** The fields of a get_unit_list_full item a user edits (set_vehicle, import_vehicles). */
export type UnitDetailFields = Pick<
  UnitListItem,
  | 'name'
  | 'reg'
  | 'icon_colour'
  | 'icon_type'
  | 'vehicle_class_ref'
  | 'service_type'
  | 'unit_type'
  | 'active'
  | 'display'
  | 'driver'
>;

/**
 * A unit's live state or its details changed: the changed fields of a get_unit_list_full item
 * (API.md §3). The hub forwards every field but client_id, so an edit reaches the live map at once.
 */
export interface UnitUpdateMessage extends Partial<UnitDetailFields> {
  client_id: number;
  uid: number;
  position?: Position | null;
  park_state?: 0 | 1 | 2;
  connected?: boolean;
}

/** A device event was stored (device_events row). */
export interface DeviceEventMessage {
  client_id: number;
  uid: number;
  id: number;
  type: DeviceEventType;
  /** ISO-8601 */
  time: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  /** The lid or roid a place event concerns; 0 for other events. */
  ref: number;
}

/**
 * Sessions ended (logout, revoked, password changed, user deleted): by id, or every session of a
 * user except `exceptSessionId` (the one that changed its own password stays open).
 */
export interface SessionRevokedMessage {
  sessionIds?: number[];
  userId?: number;
  exceptSessionId?: number;
}

/** The units a user may see changed (user_units / all_units), or a client's units were added or removed. */
export interface UnitsChangedMessage {
  userId?: number;
  clientId?: number;
}

/** A unit's device (IMEI, protocol) changed: whoever caches device → unit must drop it. */
export interface UnitDeviceChangedMessage {
  uid: number;
}

/**
 * A client's locations or routes (or a route's units) changed: the pipeline's place index of that
 * client must be rebuilt before its next fix is tested.
 */
export interface PlacesChangedMessage {
  client_id: number;
}

/** A client's rules changed (set_rule, delete_rule, panic settings, labels, fleets, time zone). */
export interface RulesChangedMessage {
  client_id: number;
}

/**
 * A client's people changed (set_person, delete_person, import_people) or a unit's default driver
 * did: the pipeline reads the client's driver tags and units again. `deleted_pid`: that person was
 * deleted and is no unit's current driver any more.
 */
export interface PeopleChangedMessage {
  client_id: number;
  deleted_pid?: number;
}

/** A rule alert was stored (a new incident; not its later updates). */
export interface RuleAlertMessage {
  client_id: number;
  raid: number;
  rid: number;
  uid: number;
  /** a RuleTypeKey */
  type: string;
  rule_name: string;
  /** ISO-8601: when the incident started */
  time: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
}

/** Messages were queued in the outbox: its sender may run now instead of at its next tick. */
export interface OutboxQueuedMessage {
  count: number;
}

/** A notice was written or deleted: readers of the notices icon re-read them. */
export interface NoticesChangedMessage {
  /** null: every client */
  client_ids: number[] | null;
}

/**
 * A device command was asked (set_immobiliser, set_speed_buzzer): the command dispatcher
 * (ingest/commands.ts) reads the unit's open commands from the database and sends what it can.
 */
export interface DeviceCommandMessage {
  client_id: number;
  uid: number;
  command_id: number;
}

/**
 * A chase-up reached the recovery desk (kind 'new', from the pipeline or the not-connecting job) or
 * an agent changed one (kind 'changed': taken, handed over, resolved): support users' sockets
 * re-read the new-chase-up count, and a new one in state New is pushed as an alert.
 */
export interface ChaseupMessage {
  client_id: number;
  id: number;
  uid: number;
  /** SPEC §8 chase-up type */
  type: number;
  /** SPEC §4 chase-up state */
  state: number;
  kind: 'new' | 'changed';
  /** ISO-8601: when it happened */
  time: string;
}

/** Every topic and its message: the only way onto the bus (no raw topic strings elsewhere). */
export interface BusMessages {
  unit: UnitUpdateMessage;
  device_event: DeviceEventMessage;
  session_revoked: SessionRevokedMessage;
  units_changed: UnitsChangedMessage;
  unit_device_changed: UnitDeviceChangedMessage;
  places_changed: PlacesChangedMessage;
  rules_changed: RulesChangedMessage;
  people_changed: PeopleChangedMessage;
  rule_alert: RuleAlertMessage;
  outbox_queued: OutboxQueuedMessage;
  notices_changed: NoticesChangedMessage;
  device_command: DeviceCommandMessage;
  chaseup: ChaseupMessage;
}

export type BusTopic = keyof BusMessages;
export type BusHandler<K extends BusTopic> = (message: BusMessages[K]) => void;

export interface Bus {
  publish<K extends BusTopic>(topic: K, message: BusMessages[K]): void;
  /** Returns the function that unsubscribes. */
  subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>): () => void;
  close(): Promise<void>;
}

/**
 * Delivers synchronously, in publish order, to the handlers subscribed at publish time. Handlers
 * must be quick (the hub only buffers); one that throws is reported and the others still run.
 */
export function createMemoryBus(
  opts: { onError?: (err: unknown, topic: string) => void } = {},
): Bus {
  // Handlers are stored per topic; the map's key ties each set to its topic's message type.
  const topics = new Map<BusTopic, Set<(message: never) => void>>();
  return {
    publish<K extends BusTopic>(topic: K, message: BusMessages[K]) {
      const handlers = topics.get(topic) as Set<BusHandler<K>> | undefined;
      if (!handlers) return;
      for (const h of [...handlers]) {
        try {
          h(message);
        } catch (err) {
          opts.onError?.(err, topic);
        }
      }
    },
    subscribe<K extends BusTopic>(topic: K, handler: BusHandler<K>) {
      let set = topics.get(topic) as Set<BusHandler<K>> | undefined;
      if (!set) topics.set(topic, (set = new Set<BusHandler<K>>()));
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    async close() {
      topics.clear();
    },
  };
}
