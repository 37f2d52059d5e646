// The throttle between the /api/live socket and the map (ARCHITECTURE.md §6, STYLE.md): updates are
// buffered, merged by uid with the later fields winning, and flushed at most a few times a second.
// The tick adapts: a bigger batch, or a flush that cost more main-thread time, pushes the next one
// further away, so a large fleet degrades to fewer, bigger batches instead of a frozen page.

export interface BufferClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: BufferClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface LiveBufferOptions<T> {
  onFlush: (batch: T[]) => void;
  /** Shortest time between flushes (default 250 ms: at most four flushes a second). */
  minIntervalMs?: number;
  /** Longest time between flushes however slow a flush was (default 1000 ms). */
  maxIntervalMs?: number;
  /** Share of the main thread flushing may use; the interval is the last flush's cost / budget. */
  budget?: number;
  /**
   * Interval per unit (default 0.2 ms), counted over the last batch or the whole fleet, whichever
   * is larger: a flush redraws every unit on the map, so 5,000 units flush once a second however
   * the updates are spread, which loses nothing since the server sends each unit at most once a
   * second (API.md §5).
   */
  msPerUpdate?: number;
  /** How many units the map holds now (default: count the last batch only). */
  fleetSize?: () => number;
  clock?: BufferClock;
}

export class LiveBuffer<T extends { uid: number }> {
  private pendingByUid = new Map<number, T>();
  private timer: unknown = null;
  private lastFlushAt = -Infinity;
  private interval: number;
  private disposed = false;
  private readonly onFlush: (batch: T[]) => void;
  private readonly minInterval: number;
  private readonly maxInterval: number;
  private readonly budget: number;
  private readonly msPerUpdate: number;
  private readonly fleetSize: () => number;
  private readonly clock: BufferClock;

  constructor(options: LiveBufferOptions<T>) {
    this.onFlush = options.onFlush;
    this.minInterval = options.minIntervalMs ?? 250;
    this.maxInterval = Math.max(this.minInterval, options.maxIntervalMs ?? 1000);
    this.budget = options.budget ?? 0.1;
    this.msPerUpdate = options.msPerUpdate ?? 0.2;
    this.fleetSize = options.fleetSize ?? (() => 0);
    this.clock = options.clock ?? systemClock;
    this.interval = this.minInterval;
  }

  /** Number of units waiting for the next flush. */
  get pending(): number {
    return this.pendingByUid.size;
  }

  /** Current time between flushes in ms. */
  get intervalMs(): number {
    return this.interval;
  }

  push(updates: readonly T[]): void {
    if (this.disposed) return;
    for (const update of updates) {
      const previous = this.pendingByUid.get(update.uid);
      this.pendingByUid.set(update.uid, previous ? { ...previous, ...update } : update);
    }
    if (this.pendingByUid.size > 0 && this.timer === null) {
      const delay = Math.max(0, this.lastFlushAt + this.interval - this.clock.now());
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        this.flush();
      }, delay);
    }
  }

  /** Hands everything pending to onFlush now. */
  flush(): void {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.disposed || this.pendingByUid.size === 0) return;
    const batch = [...this.pendingByUid.values()];
    this.pendingByUid = new Map();
    const started = this.clock.now();
    this.lastFlushAt = started;
    this.onFlush(batch);
    const cost = this.clock.now() - started;
    const units = Math.max(batch.length, this.fleetSize());
    const wanted = Math.max(cost / this.budget, units * this.msPerUpdate);
    this.interval = Math.min(this.maxInterval, Math.max(this.minInterval, wanted));
  }

  /** Drops pending updates and stops the timer (on logout, unmount or a full re-sync). */
  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pendingByUid.clear();
  }
}
