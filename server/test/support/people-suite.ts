// The people tests' shared app (issue 12): one test app per file with the demo, lite and other
// clients' users logged in, and the helpers both people test files read people and logs with.
// The bindings are live: each test file calls usePeopleApp() and reads them inside its tests.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Person, PersonDetail } from '@fleet/common';
import { clientIdOf } from './fleet-records';
import { createTestApp, type TestApp } from './test-app';

export let t: TestApp;
export let demo: string;
export let lite: string;
export let other: string;
export let demoCid: number;
/** A person of Other Fleet (Olwethu). */
export let otherPid: number;

export const db = () => t.running.services.db.db;

export async function peopleRows() {
  return db().selectFrom('people').selectAll().orderBy('pid').execute();
}

export async function changeLogs(pid: number) {
  return db()
    .selectFrom('change_logs')
    .select(['action', 'entity_type', 'description'])
    .where('entity_type', '=', 'Person')
    .where('entity_id', '=', String(pid))
    .orderBy('id')
    .execute();
}

export async function list(params: Record<string, unknown> = {}, token = demo) {
  const res = await t.task(token, 'get_people', { page_size: 500, ...params });
  expect(res.result, res.message).toBe(0);
  return res.data as { people: Person[]; count: number; page_count: number };
}

export const names = (people: Person[]) => people.map((p) => p.name);

/** A new person of Demo Fleet through set_person. */
export async function create(fields: Record<string, unknown>): Promise<PersonDetail> {
  const res = await t.task(demo, 'set_person', { roles: [0, 6], ...fields });
  expect(res.result, res.message).toBe(0);
  return res.data.person;
}

/** Starts the file's test app before its tests and closes it after them. */
export function usePeopleApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.login('demo');
    lite = await t.login('lite');
    other = await t.login('other');
    demoCid = await clientIdOf(db(), 'Demo Fleet');
    otherPid = (
      await db()
        .selectFrom('people')
        .select('pid')
        .where('first_name', '=', 'Olwethu')
        .executeTakeFirstOrThrow()
    ).pid;
  });
  afterAll(() => t.close());
}
