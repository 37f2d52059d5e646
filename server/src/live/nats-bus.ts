// The bus over NATS (issue 17, ARCHITECTURE.md §5), for processes split by role: a message
// published here reaches this process's handlers at once, as on the memory bus, and every other
// process through core NATS (subject fleet.bus.<topic>), so an api process's sockets hear of the
// positions a pipeline process stored and a session revoked on another api process. Like the
// memory bus it is at-most-once: what must survive a crash goes through the outbox or JetStream.
// While NATS is unreachable the client buffers what is published and sends it on reconnecting.
import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { createMemoryBus, type Bus, type BusMessages, type BusTopic } from './bus';

export const BUS_SUBJECT = 'fleet.bus';

interface Envelope {
  /** The publishing bus, so it does not deliver its own message twice. */
  o: string;
  m: unknown;
}

export function createNatsBus(
  nc: NatsConnection,
  opts: { onError?: (err: unknown, topic: string) => void; subject?: string } = {},
): Bus {
  const local = createMemoryBus(opts);
  const origin = randomUUID();
  const prefix = opts.subject ?? BUS_SUBJECT;
  const sub: Subscription = nc.subscribe(`${prefix}.*`, {
    callback: (err, msg) => {
      if (err) return opts.onError?.(err, prefix);
      const topic = msg.subject.slice(prefix.length + 1) as BusTopic;
      let envelope: Envelope;
      try {
        envelope = msg.json<Envelope>();
      } catch (e) {
        return opts.onError?.(e, topic);
      }
      if (envelope.o === origin) return;
      local.publish(topic, envelope.m as BusMessages[typeof topic]);
    },
  });
  return {
    publish(topic, message) {
      local.publish(topic, message);
      try {
        nc.publish(`${prefix}.${topic}`, JSON.stringify({ o: origin, m: message }));
      } catch (err) {
        // Closed connection (shutting down): the other processes are told nothing more.
        opts.onError?.(err, topic);
      }
    },
    subscribe: local.subscribe,
    async close() {
      sub.unsubscribe();
      await local.close();
    },
  };
}
