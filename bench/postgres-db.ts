// A throw-away PostgreSQL database for the benches that measure PostgreSQL (BENCH_DB=postgres,
// BENCH_DATABASE=postgres), on the server at BENCH_POSTGRES_URL (or TEST_POSTGRES_URL, or the
// local one); `drop` removes it. The tests' helper does the work.
import { createPostgresDatabase } from '../server/test/support/test-db';

const ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export function createBenchDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(prefix, ADMIN_URL);
}
