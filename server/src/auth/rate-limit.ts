// Failed-login limiter per username and per IP: a sliding window of failure times.
import { now as clockNow } from '../clock';

export class RateLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = clockNow,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  retryAfter(key: string): number {
    const times = this.prune(key);
    if (this.limit === 0 || times.length < this.limit) return 0;
    return Math.max(1, Math.ceil((times[0] + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    const times = this.prune(key);
    times.push(this.now());
    this.failures.set(key, times);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }
}
