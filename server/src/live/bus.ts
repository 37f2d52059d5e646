// The event bus between the pipeline and its readers (the live hub, rules). In-process now; NATS
// can implement the same interface for scale-out (ARCHITECTURE.md §5). Messages are plain JSON
// values so that a network bus can carry them unchanged.
import type { Position } from '@fleet/common';
import type { DeviceEventType } from '../ingest/types';

/** A unit's live state changed: the changed fields of a get_unit_list_full item (API.md §3). */
export interface UnitUpdateMessage {
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
}

/** Topics and their messages; other modules add theirs by declaration merging. */
export interface BusMessages {
  unit: UnitUpdateMessage;
  device_event: DeviceEventMessage;
}

export type BusHandler = (message: any) => void;

export interface Bus {
  publish<K extends keyof BusMessages>(topic: K, message: BusMessages[K]): void;
  publish(topic: string, message: unknown): void;
  /** Returns the function that unsubscribes. */
  subscribe<K extends keyof BusMessages>(
    topic: K,
    handler: (message: BusMessages[K]) => void,
  ): () => void;
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

/**
 * Delivers synchronously, in publish order, to the handlers subscribed at publish time. Handlers
 * must be quick (the hub only buffers); one that throws is reported and the others still run.
 */
export function createMemoryBus(
  opts: { onError?: (err: unknown, topic: string) => void } = {},
): Bus {
  const topics = new Map<string, Set<BusHandler>>();
  return {
    publish(topic: string, message: unknown) {
      const handlers = topics.get(topic);
      if (!handlers) return;
      for (const h of [...handlers]) {
        try {
          h(message);
        } catch (err) {
          opts.onError?.(err, topic);
        }
      }
    },
    subscribe(topic: string, handler: BusHandler) {
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
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
