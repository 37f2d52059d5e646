// The records of the frames a connection delivered together, stored in one submit. A device that
// needs no answer per message (H02, Meitrack, Queclink, a GT06 streaming its positions) sends on
// while the server works, so one read often holds several frames: storing them one submit at a
// time would cost each record a transaction's share of unit state and open trip writes. The
// session queues each frame's records with what must follow their commit (its answer, the command
// dispatcher's news); the frame pump flushes the group once no whole frame is left in its buffer
// (tcp.ts), so a lone frame is stored as soon as before. Answers leave in frame order: an answer
// that needs no commit waits behind the records queued before it.
import type { DeviceRecord, IngestSink } from './types';

/** Records held before the group is stored without waiting for the buffer to drain. */
export const GROUP_LIMIT = 500;

export class SubmitGroup {
  private records: DeviceRecord[] = [];
  /** What follows the queued records, in order; `stored` ones only if they are committed. */
  private after: Array<{ fn: () => void; stored: boolean }> = [];

  constructor(
    private readonly sink: IngestSink,
    /** The submit failed: no `stored` step runs (a device that waits for its answer resends). */
    private readonly onFailure: (err: unknown, records: DeviceRecord[]) => void,
  ) {}

  /** True once the group holds GROUP_LIMIT records: the session flushes before reading on. */
  get full(): boolean {
    return this.records.length >= GROUP_LIMIT;
  }

  /**
   * What a session's handleFrame returns after queueing: true at once, or once a full group is
   * stored (so a device streaming thousands of frames is stored in steps of GROUP_LIMIT).
   */
  next(): true | Promise<true> {
    return this.full ? this.flush().then(() => true as const) : true;
  }

  /** Queues records; `stored` runs once they are committed (not at all if the submit fails). */
  add(records: DeviceRecord[], stored?: () => void): void {
    for (const r of records) this.records.push(r);
    if (stored) this.after.push({ fn: stored, stored: true });
  }

  /**
   * Runs `fn` now if nothing is queued, else once the queued records are settled (committed or
   * failed): an answer that needs no commit (a heartbeat's) still leaves after the earlier ones.
   */
  then(fn: () => void): void {
    if (this.records.length === 0 && this.after.length === 0) fn();
    else this.after.push({ fn, stored: false });
  }

  /** Stores what is queued in one submit, then runs what follows it, in order. Never throws. */
  async flush(): Promise<void> {
    if (this.records.length === 0 && this.after.length === 0) return;
    const records = this.records;
    const after = this.after;
    this.records = [];
    this.after = [];
    let ok = true;
    if (records.length) {
      try {
        await this.sink.submit(records);
      } catch (err) {
        ok = false;
        this.onFailure(err, records);
      }
    }
    for (const a of after) if (ok || !a.stored) a.fn();
  }
}
