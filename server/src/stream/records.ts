// The record stream (issue 17): with NATS_URL, gateways publish decoded device records to a
// JetStream stream and pipeline processes consume them. A device's records always go to the same
// partition (subject fleet.records.<n>, n from its identifier), and each partition is consumed by
// one pipeline process at a time, so a unit's records are stored in the order it sent them.
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DeviceRecord } from '../ingest/types';

export interface StreamSettings {
  /** The JetStream stream's name (NATS_STREAM). */
  stream: string;
  /** Its subjects are `${subject}.<partition>`. */
  subject: string;
  /** How many partitions (NATS_PARTITIONS); the most pipeline processes that can share the work. */
  partitions: number;
  /** How long the stream keeps a message after it was stored (ms). */
  maxAgeMs: number;
}

export const DEFAULT_STREAM: StreamSettings = {
  stream: 'FLEET_RECORDS',
  subject: 'fleet.records',
  partitions: 16,
  maxAgeMs: 7 * 86_400_000,
};

/** The partition of a device identifier: FNV-1a of its characters, modulo the partitions. */
export function partitionOf(deviceId: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < deviceId.length; i++) {
    h ^= deviceId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % partitions;
}

export const subjectOf = (s: StreamSettings, partition: number) => `${s.subject}.${partition}`;

/** Makes the stream unless it exists (every ingest and pipeline process asks at start). */
export async function ensureStream(
  nc: NatsConnection,
  s: StreamSettings,
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: s.stream,
    subjects: [`${s.subject}.*`],
    // Kept for max_age whatever the consumers did: the committed sequence in the database is what
    // says how far a partition is stored, and a new holder starts from there.
    retention: 'limits' as const,
    storage: 'file' as const,
    max_age: s.maxAgeMs * 1_000_000,
    discard: 'old' as const,
  };
  try {
    await jsm.streams.info(s.stream);
  } catch {
    await jsm.streams.add(config);
  }
  return jsm;
}

const encoder = new TextEncoder();

export function encodeRecords(records: DeviceRecord[]): Uint8Array {
  return encoder.encode(JSON.stringify(records));
}

/** The records of a stream message; throws with the reason when it is not a list of records. */
export function decodeRecords(text: string): DeviceRecord[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('not a list of records');
  for (const r of value) {
    if (
      typeof r !== 'object' ||
      r === null ||
      typeof r.deviceId !== 'string' ||
      typeof r.protocol !== 'string' ||
      typeof r.fixTime !== 'number' ||
      typeof r.lat !== 'number' ||
      typeof r.lon !== 'number' ||
      !Array.isArray(r.events) ||
      typeof r.attributes !== 'object' ||
      r.attributes === null
    )
      throw new Error(`not a device record: ${JSON.stringify(r).slice(0, 200)}`);
  }
  return value as DeviceRecord[];
}
