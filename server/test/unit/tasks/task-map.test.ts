// The TaskMap of @fleet/common (ARCHITECTURE §4) names exactly the tasks the server registers, and
// each registered task validates with the very schema of TASK_PARAMS: one copy, shared with the
// web's typed client, so the two ends cannot drift apart.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID, TASK_PARAMS, type ServedTaskName } from '@fleet/common';
import { registerAllTasks } from '../../../src/tasks';
import { allTasks, type ForeignIds } from '../../../src/tasks/registry';

registerAllTasks();
const FOREIGN: ForeignIds = {
  uid: 7,
  nid: 8,
  pid: 9,
  cid: 10,
  tripId: 11,
  sessionId: 12,
  lid: 13,
  roid: 14,
  rid: 15,
  raid: 16,
  tgid: 17,
  fid: 18,
  tid: 19,
  remote: 20,
  quote: 21,
  job: 22,
  approval: 23,
  entry: 24,
  survey: 25,
  srid: 26,
};
const ID_FIELDS = new Set(['id', 'uid', 'nid', 'pid', 'cid', 'uids', 'pids']);

const isServed = (name: string): name is ServedTaskName => Object.hasOwn(TASK_PARAMS, name);
/** Whether an object schema names the field (the settings tasks take any names). */
const declares = (schema: z.ZodType, key: string) =>
  schema instanceof z.ZodObject && Object.hasOwn(schema.shape, key);

describe('TaskMap', () => {
  it('has a schema for every registered task and none for a task the server does not serve', () => {
    expect(Object.keys(TASK_PARAMS).sort()).toEqual(
      allTasks()
        .map((t) => t.name)
        .sort(),
    );
  });

  it.each(allTasks().map((t) => [t.name, t] as const))(
    '%s: validates with the TASK_PARAMS schema itself',
    (name, def) => {
      expect(isServed(name)).toBe(true);
      if (isServed(name)) expect(def.params).toBe(TASK_PARAMS[name]);
    },
  );

  it.each(allTasks().map((t) => [t.name, t] as const))(
    '%s: its isolation probe passes the schema (the walk reaches the handler)',
    (_name, def) => {
      const r = def.params.safeParse(def.probe(FOREIGN));
      expect(r.success ? [] : r.error.issues).toEqual([]);
    },
  );

  // PostgreSQL `integer` id columns end at 2^31 - 1: a bigger id is refused, not a query overflow.
  it.each(allTasks().map((t) => [t.name, t] as const))(
    '%s: refuses an id past PostgreSQL integer columns',
    (_name, def) => {
      const probe = def.probe(FOREIGN);
      for (const [key, value] of Object.entries(probe)) {
        if (!ID_FIELDS.has(key) || !declares(def.params, key)) continue;
        const tooBig = Array.isArray(value) ? [MAX_ID + 1] : MAX_ID + 1;
        const r = def.params.safeParse({ ...probe, [key]: tooBig });
        expect(r.success, `${key} = ${JSON.stringify(tooBig)}`).toBe(false);
        if (!r.success) {
          expect(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
            `${Array.isArray(value) ? `${key}.0` : key}: Too big: expected number to be <=${MAX_ID}`,
          ]);
        }
        const atMax = Array.isArray(value) ? [MAX_ID] : MAX_ID;
        expect(def.params.safeParse({ ...probe, [key]: atMax }).success, `${key} at MAX_ID`).toBe(
          true,
        );
      }
    },
  );
});
