// Statements PostgreSQL keeps parsed and planned per connection: the ingest pipeline's batch
// statements run hundreds of times a second with the same text, and parsing and planning an
// `insert ... select * from unnest(...)` of a dozen arrays each time cost a tenth of its time. A
// text registered here runs as a named prepared statement (node-postgres prepares it once per
// connection and then only binds and executes it); every other statement runs as before.
import pg from 'pg';

const names = new Map<string, string>();

/** Runs `text` as a named prepared statement on PostgreSQL from now on (a constant text only). */
export function prepareOnPostgres(text: string): void {
  if (!names.has(text)) names.set(text, `fleet_prepared_${names.size + 1}`);
}

/** A node-postgres client that runs the registered texts as named prepared statements. */
export class PreparingClient extends pg.Client {
  // Kysely calls query(text, parameters); other forms (a cursor, a config) pass through.
  override query(...args: unknown[]): any {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined;
    if (name) return super.query({ name, text: text as string, values: values as unknown[] });
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}
