// ROLES / --role= and NATS_URL (issue 17): which parts of the portal a process runs, and the
// deployments that cannot work refused at start with a message saying what to set.
import { describe, expect, it } from 'vitest';
import { loadConfig, parseRoles } from '../../src/config';

const PG = 'postgres://postgres@127.0.0.1:5432/fleet';

describe('process roles', () => {
  it('runs every role by default and keeps the listed ones in their order', () => {
    expect(loadConfig({}).roles).toEqual(['api', 'ingest', 'pipeline', 'jobs']);
    expect(parseRoles(' jobs, api ')).toEqual(['api', 'jobs']);
    expect(parseRoles('')).toEqual(['api', 'ingest', 'pipeline', 'jobs']);
  });

  it('refuses an unknown role by name', () => {
    expect(() => parseRoles('api,gateway')).toThrow(
      'ROLES: unknown role "gateway"; the roles are api, ingest, pipeline, jobs',
    );
  });

  it('needs NATS for part of the portal, and PostgreSQL for NATS', () => {
    expect(() => loadConfig({ ROLES: 'api', DATABASE_URL: PG })).toThrow(
      'ROLES=api runs part of the portal: set NATS_URL',
    );
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(
      'NATS_URL needs a PostgreSQL DATABASE_URL',
    );
    const split = loadConfig({
      ROLES: 'pipeline',
      DATABASE_URL: PG,
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_PARTITIONS: '32',
    });
    expect(split.roles).toEqual(['pipeline']);
    expect(split.stream).toMatchObject({ stream: 'FLEET_RECORDS', partitions: 32 });
  });
});
