import type { CreateTableBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Auto-incrementing primary key, spelled the way each database wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
  name: string,
  big = false,
): CreateTableBuilder<T, never> {
  if (dialect === 'postgres') {
    return table.addColumn(name, big ? 'bigserial' : 'serial', (c) => c.primaryKey()) as any;
  }
  return table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement()) as any;
}

export type Migration = {
  up(db: Kysely<any>): Promise<void>;
  down?(db: Kysely<any>): Promise<void>;
};
