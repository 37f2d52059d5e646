// The gateways' sink when records go through JetStream (issue 17): submit() publishes a submit's
// records, one message per partition they fall in, and resolves only once JetStream has stored
// every one of them (its publish acknowledgement), so a gateway acknowledges a device only for
// data that is durable; while NATS is away the publish fails after its timeout, the gateway sends
// no ack and the device keeps its data and resends. Identifying a device still asks the database
// (the same registry and caches as the pipeline's).
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { DeviceRecord, IngestSink, Protocol } from '../ingest/types';
import type { Bus } from '../live/bus';
import { pipelineConfig } from '../pipeline/config';
import { UnitRegistry } from '../pipeline/registry';
import { encodeRecords, partitionOf, subjectOf, type StreamSettings } from './records';

export interface StreamSink extends IngestSink {
  close(): void;
}

/** How long a publish waits for JetStream's acknowledgement (ms). */
const PUBLISH_TIMEOUT_MS = 5000;

export function createStreamSink(opts: {
  nc: NatsConnection;
  db: Kysely<Database>;
  bus: Bus;
  settings: StreamSettings;
  /** How long a publish waits for JetStream's acknowledgement (ms; default 5 s). */
  publishTimeoutMs?: number;
}): StreamSink {
  const { settings } = opts;
  const js = jetstream(opts.nc, { timeout: opts.publishTimeoutMs ?? PUBLISH_TIMEOUT_MS });
  const registry = new UnitRegistry(opts.db, pipelineConfig());
  const off = opts.bus.subscribe('unit_device_changed', () => registry.invalidate());
  return {
    identify: (protocol: Protocol, deviceId: string, remoteAddress: string) =>
      registry.identify(protocol, deviceId, remoteAddress),
    async deviceModel(_protocol: Protocol, deviceId: string) {
      return (await registry.lookup(deviceId))?.model ?? null;
    },
    async submit(records: DeviceRecord[]) {
      if (!records.length) return;
      const byPartition = new Map<number, DeviceRecord[]>();
      for (const r of records) {
        const p = partitionOf(r.deviceId, settings.partitions);
        let list = byPartition.get(p);
        if (!list) byPartition.set(p, (list = []));
        list.push(r);
      }
      await Promise.all(
        [...byPartition].map(([p, list]) =>
          js.publish(subjectOf(settings, p), encodeRecords(list)),
        ),
      );
    },
    close: off,
  };
}
