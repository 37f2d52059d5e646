// Hostile JSON for API fuzzing: values of the wrong type, huge strings and numbers, unknown and
// prototype-polluting keys, deep nesting, and number literals JSON.stringify cannot write (-0,
// 1e400, 2^53 + 1), which go into the request text through RAW placeholders.
import fc from 'fast-check';

/** Placeholders replaced by raw number literals in the request text (see toJsonText). */
const RAW: Record<string, string> = {
  '@@neg0': '-0',
  '@@inf': '1e400',
  '@@ninf': '-1e400',
  '@@big': '9007199254740993',
  '@@tiny': '5e-324',
};

/** A 1 MB string: with the envelope around it, still under the 1 MiB body limit. */
export const MEGA_STRING = 'x'.repeat(1_000_000);

/** `{"a": {"a": ... 1}}`, `depth` levels deep. */
export function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

/** An object with exactly these own keys, "__proto__" included (a literal would set the prototype). */
export function objectOf(pairs: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of pairs) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** JSON text of `value` with the RAW placeholders written as the literals they stand for. */
export function toJsonText(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [k, v] of Object.entries(RAW)) text = text.split(JSON.stringify(k)).join(v);
  return text;
}

const CONSTANTS: unknown[] = [
  ...Object.keys(RAW),
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  0.1,
  -1,
  0,
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x10',
  '',
  ' ',
  '\u0000',
  '\ud800',
  '%s%n',
  "' OR 1=1 --",
  '"; DROP TABLE units; --',
  '<script>alert(1)</script>',
  '2026-02-30T25:61:00Z',
  '2026-11-21T10:00:00Z',
  'not a date',
  null,
  true,
  false,
  [],
  {},
  [null],
  [1, 'a', {}],
];

export const KEY_NOISE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** One hostile JSON value. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...CONSTANTS), weight: 6 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.nat({ max: 300 }).map(nested), weight: 1 },
  { arbitrary: fc.constant(MEGA_STRING), weight: 1 },
  {
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...KEY_NOISE), fc.jsonValue({ maxDepth: 1 })), {
        minLength: 1,
        maxLength: 2,
      })
      .map(objectOf),
    weight: 1,
  },
);

/**
 * Parameters for a task: its valid-looking probe with a few fields replaced, removed or added
 * (known names first, so the damage reaches past the first refusal), or noise of any shape.
 */
export function parametersFor(
  base: Record<string, unknown>,
  known: string[],
): fc.Arbitrary<unknown> {
  const names = [...new Set([...Object.keys(base), ...known])];
  const key = fc.oneof(
    { arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('id'), weight: 5 },
    { arbitrary: fc.constantFrom(...KEY_NOISE), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  const edited = fc
    .array(fc.tuple(key, fc.option(weirdValue, { freq: 8, nil: undefined })), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => {
      const pairs = Object.entries(base).filter(([k]) => !changes.some(([c]) => c === k));
      // undefined: the field is left out.
      for (const [k, v] of changes) if (v !== undefined) pairs.push([k, v]);
      return objectOf(pairs);
    });
  return fc.oneof(
    { arbitrary: edited, weight: 8 },
    { arbitrary: fc.array(fc.tuple(key, weirdValue), { maxLength: 5 }).map(objectOf), weight: 2 },
    { arbitrary: weirdValue, weight: 1 },
  );
}
