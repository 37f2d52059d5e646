// Failed-attempt limiter (login per username and per address, password resets and sign-ups per
// address): a sliding window of failures kept in the database, so every API process behind a load
// balancer counts the same attempts (ARCHITECTURE.md §5: API nodes are stateless).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { now as clockNow } from '../clock';

export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = clockNow,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when an attempt is allowed. */
  async retryAfter(key: string): Promise<number> {
    if (this.limit === 0) return 0;
    const now = this.now();
    // The limit-th newest live failure: once it expires, fewer than `limit` remain. (Usually the
    // oldest; processes racing past the check can leave a few more.)
    const row = await this.db
      .selectFrom('login_limits')
      .select('expires')
      .where('limit_key', '=', key)
      .where('expires', '>', now)
      .orderBy('expires', 'desc')
      .limit(1)
      .offset(this.limit - 1)
      .executeTakeFirst();
    if (!row) return 0;
    return Math.max(1, Math.ceil((Number(row.expires) - now) / 1000));
  }

  /** Counts one failure; each is its own row, so concurrent failures never overwrite a count. */
  async fail(key: string): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('login_limits')
      .values({ limit_key: key, expires: now + this.windowMs })
      .execute();
    // Expired failures go on each write: one indexed range delete, no job needed.
    await this.db.deleteFrom('login_limits').where('expires', '<=', now).execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('login_limits').where('limit_key', '=', key).execute();
  }
}
