// The TaskMap of @fleet/common (ARCHITECTURE §4) names exactly the tasks the server registers, and
// each task's schema there accepts and refuses what the server's own schema does, with the same
// messages, so the web's typed client and the server cannot drift apart.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TASK_PARAMS, type ServedTaskName } from '@fleet/common';
import { registerAllTasks } from '../../../src/tasks';
import { allTasks, type ForeignIds } from '../../../src/tasks/registry';

registerAllTasks();
const FOREIGN: ForeignIds = { uid: 7, nid: 8, pid: 9, cid: 10, tripId: 11, sessionId: 12 };

/**
 * Inputs every schema is tried with: the task's probe, nothing, and each field given an empty,
 * an overlong, a fractional and a wrongly typed value, so every check's message shows.
 */
function inputsFor(probe: Record<string, unknown>, fields: string[]): unknown[] {
  const all = (value: unknown) => Object.fromEntries(fields.map((k) => [k, value]));
  const each = (value: unknown) => fields.map((k) => ({ ...probe, [k]: value }));
  return [
    probe,
    {},
    null,
    all(['x', -1]),
    ...each(''),
    ...each(' x y!'),
    ...each('x'.repeat(2001)),
    ...each(1.5),
    ...each(0),
    ...each([0]),
    { ...probe, from: 'yesterday', to: '2000-01-01', expires: 'soon' },
  ];
}

/** The fields a schema declares, read from its JSON Schema. */
function fieldsOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as { properties?: object };
  return Object.keys(json.properties ?? {});
}

const outcome = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success
    ? { ok: r.data }
    : { issues: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
};

describe('TaskMap', () => {
  it('has a schema for every registered task and none for a task the server does not serve', () => {
    expect(Object.keys(TASK_PARAMS).sort()).toEqual(
      allTasks()
        .map((t) => t.name)
        .sort(),
    );
  });

  it.each(allTasks().map((t) => [t.name, t] as const))(
    '%s: same schema as the server',
    (name, def) => {
      const shared = TASK_PARAMS[name as ServedTaskName] as z.ZodType;
      expect(z.toJSONSchema(shared, { unrepresentable: 'any' })).toEqual(
        z.toJSONSchema(def.params, { unrepresentable: 'any' }),
      );
      for (const input of inputsFor(def.probe(FOREIGN), fieldsOf(def.params))) {
        expect(outcome(shared, input), JSON.stringify(input)).toEqual(outcome(def.params, input));
      }
    },
  );
});
