// A person written straight to the database for the people and driver tests (issue 12), as the
// pipeline or a legacy import finds one: a driver of the client unless the fields say otherwise.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../src/db';
import type { PeopleTable } from '../../src/db/types';

/** A driver of the client, with these fields changed. */
export async function insertPerson(
  db: Kysely<Database>,
  clientId: number,
  fields: Partial<Insertable<PeopleTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('people')
    .values({
      client_id: clientId,
      first_name: 'Lindiwe',
      surname: 'Dube',
      title: 'Ms',
      rank: 0,
      roles: '[0,6]',
      contact_roles: '[]',
      email: null,
      cellphone: null,
      licence_class: 'B',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: null,
      created: 0,
      ...fields,
    })
    .returning('pid')
    .executeTakeFirstOrThrow();
  return row.pid;
}
