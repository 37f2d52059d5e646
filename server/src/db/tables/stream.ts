// The record stream's bookkeeping (issue 17, stream/): which pipeline process consumes which
// partition, how far each is committed, and the records no process could store.
import type { Generated } from 'kysely';

/** One partition of the JetStream record stream (fleet.records.<partition>). */
export interface StreamPartitionsTable {
  /** The JetStream stream's name (NATS_STREAM). */
  stream: string;
  partition: number;
  /** The pipeline process consuming it; null while free. */
  holder: string | null;
  /** Its lease ends here (epoch ms, real time); 0 once released. */
  leased_until: number;
  /**
   * The stream sequence of the last message whose records are committed, written in the same
   * transaction as those records: a new holder starts after it, so nothing is stored twice or lost.
   */
  committed_seq: number;
}

/** A pipeline process that consumes the stream: the partitions are shared out among the live ones. */
export interface StreamMembersTable {
  stream: string;
  holder: string;
  /** Alive until this instant (epoch ms, real time), renewed every few seconds. */
  seen_until: number;
}

/** A stream message a pipeline process could not store, kept instead of blocking its partition. */
export interface DeadLettersTable {
  id: Generated<number>;
  stream: string;
  partition: number;
  seq: number;
  /** The message as it arrived (JSON records). */
  payload: string;
  reason: string;
  /** When it was set aside (epoch ms, server clock). */
  time: number;
}
