// Micro-batching: concurrent submits are grouped into one transaction. A batch is written when
// maxItems records wait or the oldest has waited maxDelayMs; while one batch is being written the
// next one gathers, so batches grow with the load. Batches (and exclusive tasks such as the
// trip-expiry sweep) run one at a time, in order. Each submit's promise settles with the
// transaction that contains it; when a batch of several submits fails, each is retried alone so
// that one poisoned submit does not refuse its neighbours.
// Devices whose every frame waits for its ack (one position a frame: GT06, H02, ...) come back
// together after a commit: once as many submits wait as the last batch held, the batch is written
// at once instead of after maxDelayMs, since no more are coming before that.

interface Job<T> {
  items: T[];
  resolve(): void;
  reject(err: unknown): void;
}

export interface BatcherOptions<T> {
  maxItems: number;
  maxDelayMs: number;
  /** Processes and commits the items; throws when nothing was committed. */
  run(items: T[]): Promise<void>;
}

export class Batcher<T> {
  private queue: Job<T>[] = [];
  private queued = 0;
  private tasks: Job<never>[] = [];
  private taskFns: (() => Promise<void>)[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private idle: (() => void)[] = [];
  private closed = false;
  /** Submits in the last batch written. */
  private lastJobs = Infinity;

  constructor(private readonly opts: BatcherOptions<T>) {}

  add(items: T[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The position pipeline is closed'));
    if (!items.length) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      this.queued += items.length;
      this.schedule(this.queued >= this.opts.maxItems || this.queue.length >= this.lastJobs);
    });
  }

  /** Runs `fn` between batches, alone. */
  exclusive(fn: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.tasks.push({ items: [], resolve, reject });
      this.taskFns.push(fn);
      this.schedule(true);
    });
  }

  /** Writes whatever waits now and resolves when everything queued so far has settled. */
  flush(): Promise<void> {
    if (!this.running && !this.queue.length && !this.tasks.length) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.idle.push(resolve));
    this.schedule(true);
    return done;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(now: boolean): void {
    if (this.running) return;
    if (now) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      setImmediate(() => void this.loop());
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.loop();
      }, this.opts.maxDelayMs);
    }
  }

  private async loop(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const task = this.tasks.shift();
        if (task) {
          const fn = this.taskFns.shift()!;
          await fn().then(task.resolve, task.reject);
          continue;
        }
        if (!this.queue.length) break;
        const take: Job<T>[] = [];
        let n = 0;
        while (
          this.queue.length &&
          (n === 0 || n + this.queue[0].items.length <= this.opts.maxItems)
        ) {
          const job = this.queue.shift()!;
          take.push(job);
          n += job.items.length;
        }
        this.queued -= n;
        this.lastJobs = take.length;
        await this.runJobs(take);
      }
    } finally {
      this.running = false;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      const idle = this.idle;
      this.idle = [];
      for (const resolve of idle) resolve();
    }
  }

  private async runJobs(jobs: Job<T>[]): Promise<void> {
    let items = jobs[0].items;
    if (jobs.length > 1) {
      items = [];
      for (const j of jobs) for (let i = 0; i < j.items.length; i++) items.push(j.items[i]);
    }
    try {
      await this.opts.run(items);
      for (const j of jobs) j.resolve();
      return;
    } catch (err) {
      if (jobs.length === 1) {
        jobs[0].reject(err);
        return;
      }
    }
    for (const j of jobs) {
      try {
        await this.opts.run(j.items);
        j.resolve();
      } catch (err) {
        j.reject(err);
      }
    }
  }
}
