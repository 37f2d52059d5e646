// The hand-written field checks and number parsers of the text decoders (text-fields.ts and the
// Queclink helpers built on them) against the regular expressions and Number() they replace, on
// random strings over the characters those patterns care about; each check both on a string of its
// own and on the same characters as a field in the middle of a longer text (text[a..b)), as the
// Queclink decoder reads them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coordinateText,
  dec,
  decText,
  deviceIdText,
  Fields,
  hex,
  hexText,
  int,
  intText,
  isCoordinate,
  isTime,
  time,
  timeOf,
  timeText,
} from '../../../src/ingest/protocols/queclink-fields';
import { HEADER, TAILS } from '../../../src/ingest/protocols/queclink-fri';
import { coordinate, fixTimeOf } from '../../../src/ingest/protocols/h02-text';
import {
  digitsTest,
  fixedPointTest,
  hexTest,
  orEmpty,
  RecurringText,
  splitFields,
  utcMillis,
  type FieldTest,
} from '../../../src/ingest/protocols/text-fields';

const CHARS = '0123456789.-+:aAfFgGinxN ,'.split('');
/** Strings over CHARS, short ones often (where the length limits are) and some long ones. */
const field = fc.oneof(
  fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(...CHARS.slice(0, 11)), maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 30 }),
);
const RUNS = { numRuns: 3000 };

/** A field between others: the text, and where the field starts and ends in it. */
const within = (s: string, before: string, after: string) => ({
  text: `${before}${s}${after}`,
  a: before.length,
  b: before.length + s.length,
});
const neighbours = fc.tuple(field, field).map(([x, y]) => [`${x},`, `,${y}`] as const);

function agrees(test: FieldTest, re: RegExp): void {
  fc.assert(
    fc.property(field, neighbours, (s, [before, after]) => {
      expect(test(s), JSON.stringify(s)).toBe(re.test(s));
      const { text, a, b } = within(s, before, after);
      expect(test(text, a, b), `${JSON.stringify(s)} in ${JSON.stringify(text)}`).toBe(re.test(s));
    }),
    RUNS,
  );
}

describe('text field checks', () => {
  it('digitsTest(min, max) is /^\\d{min,max}$/', () => {
    for (const [min, max] of [
      [0, Infinity],
      [1, 2],
      [1, 3],
      [0, 5],
      [4, 4],
      [1, Infinity],
    ]) {
      const re = new RegExp(`^\\d{${min},${max === Infinity ? '' : max}}$`);
      agrees(digitsTest(min, max), re);
    }
  });

  it('hexTest(min, max) is /^[0-9A-Fa-f]{min,max}$/', () => {
    for (const [min, max] of [
      [0, Infinity],
      [4, 4],
      [6, 6],
      [12, 12],
      [1, 13],
    ]) {
      const re = new RegExp(`^[0-9A-Fa-f]{${min},${max === Infinity ? '' : max}}$`);
      agrees(hexTest(min, max), re);
    }
  });

  it('fixedPointTest(whole, fraction, signed) is /^-?\\d{1,whole}\\.\\d{fraction}$/', () => {
    for (const [whole, fraction, signed] of [
      [7, 1, false],
      [2, 1, true],
      [3, 6, true],
      [1, 2, false],
    ] as const) {
      const re = new RegExp(`^${signed ? '-?' : ''}\\d{1,${whole}}\\.\\d{${fraction}}$`);
      agrees(fixedPointTest(whole, fraction, signed), re);
      agrees(orEmpty(fixedPointTest(whole, fraction, signed)), new RegExp(`^(${re.source})?$`));
    }
  });
});

describe('RecurringText', () => {
  it('reads each span as latin1, whether it repeats the last one or not', () => {
    const spans = fc.array(
      fc.tuple(fc.uint8Array({ maxLength: 20 }), fc.nat(3), fc.nat(3), fc.boolean()),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(spans, (list) => {
        const texts = new RecurringText();
        let previous = Buffer.alloc(0);
        for (const [bytes, before, after, repeat] of list) {
          const body = repeat ? previous : Buffer.from(bytes);
          const buf = Buffer.concat([Buffer.alloc(before, 0x2c), body, Buffer.alloc(after, 0x2c)]);
          const got = texts.of(buf, before, before + body.length);
          expect(got).toBe(body.toString('latin1'));
          previous = body;
        }
      }),
      RUNS,
    );
  });
});

describe('Queclink field helpers', () => {
  const same = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b === undefined : Object.is(a, b);

  it('int, dec and hex accept what their patterns do and read the values Number() reads', () => {
    fc.assert(
      fc.property(field, (s) => {
        const i = /^[+-]?\d{1,15}$/.test(s) ? Number(s) : undefined;
        const d = /^[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})$/.test(s) ? Number(s) : undefined;
        const h = /^[0-9A-Fa-f]{1,13}$/.test(s) ? parseInt(s, 16) : undefined;
        expect(same(int(s), i), `int ${JSON.stringify(s)}: ${int(s)} against ${i}`).toBe(true);
        expect(same(dec(s), d), `dec ${JSON.stringify(s)}: ${dec(s)} against ${d}`).toBe(true);
        expect(same(hex(s), h), `hex ${JSON.stringify(s)}`).toBe(true);
      }),
      RUNS,
    );
  });

  it('read the same from a field in a message as from the field alone', () => {
    const times = fc.oneof(
      field,
      fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 14, maxLength: 14 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace(/\D/g, '').slice(0, 14)),
    );
    const digits = (min: number, max: number) =>
      fc.string({
        unit: fc.constantFrom(...'0123456789'.split('')),
        minLength: min,
        maxLength: max,
      });
    const coordinates = fc
      .tuple(fc.constantFrom('', '-', '+'), digits(1, 4), digits(5, 7))
      .map(([sign, whole, fraction]) => `${sign}${whole}.${fraction}`);
    fc.assert(
      fc.property(fc.oneof(field, times, coordinates), neighbours, (s, [before, after]) => {
        const { text, a, b } = within(s, before, after);
        const where = `${JSON.stringify(s)} in ${JSON.stringify(text)}`;
        expect(same(intText(text, a, b), int(s)), `int ${where}`).toBe(true);
        expect(same(decText(text, a, b), dec(s)), `dec ${where}`).toBe(true);
        expect(same(hexText(text, a, b), hex(s)), `hex ${where}`).toBe(true);
        expect(same(timeOf(text, a, b), time(s)), `time ${where}`).toBe(true);
        expect(coordinateText(text, a, b), where).toBe(isCoordinate(s));
        expect(timeText(text, a, b), where).toBe(isTime(s));
        expect(deviceIdText(text, a, b), where).toBe(deviceIdText(s, 0, s.length));
      }),
      RUNS,
    );
    expect(time('20261128123456')).toBe(Date.UTC(2026, 10, 28, 12, 34, 56));
  });

  it('Fields splits a message as split(",") does, every time it is reused', () => {
    const fields = new Fields(4096);
    fc.assert(
      fc.property(fc.array(field, { maxLength: 40 }), (parts) => {
        const text = parts.join(',');
        const want = text.split(',');
        fields.split(text);
        expect(fields.length).toBe(want.length);
        for (let i = -1; i <= want.length; i++) {
          expect(fields.at(i)).toBe(want[i]);
          expect(fields.width(i)).toBe(want[i]?.length ?? 0);
        }
      }),
      RUNS,
    );
  });

  it('reads decimals of every length as Number() does', () => {
    // Up to 15 digits the value is computed, longer ones go to Number(): both sides of that line.
    const decimal = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.string({
          unit: fc.constantFrom(...'0123456789'.split('')),
          minLength: 1,
          maxLength: 15,
        }),
        fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 12 }),
      )
      .map(([sign, whole, fraction]) => `${sign}${whole}.${fraction}`);
    fc.assert(
      fc.property(decimal, (s) => {
        expect(Object.is(dec(s), Number(s)), `${s}: ${dec(s)} against ${Number(s)}`).toBe(true);
      }),
      { numRuns: 20000 },
    );
    expect(dec('27.949800')).toBe(27.9498);
    expect(Object.is(dec('-0.000'), -0)).toBe(true);
  });

  it('coordinates, times and device ids are checked as their patterns say', () => {
    fc.assert(
      fc.property(field, (s) => {
        expect(isCoordinate(s), JSON.stringify(s)).toBe(/^-?\d{1,3}\.\d{6}$/.test(s));
        expect(isTime(s), JSON.stringify(s)).toBe(/^\d{14}$/.test(s));
        expect(deviceIdText(s, 0, s.length), JSON.stringify(s)).toBe(
          /^(\d{15}|[0-9A-Fa-f]{14})$/.test(s),
        );
      }),
      RUNS,
    );
    expect(isCoordinate(undefined)).toBe(false);
    expect(isCoordinate('-25.945800')).toBe(true);
    expect(deviceIdText('862894020180553', 0, 15)).toBe(true);
  });

  it('every GTFRI header and tail slot accepts exactly what its pattern does', () => {
    for (const slot of [...HEADER, ...TAILS.flat()]) agrees(slot.test, slot.re);
  });
});

describe('H02 text fields', () => {
  /** The regular-expression reading coordinate() replaced (all three notations). */
  function reference(value: string, hemisphere: string, axis: 'NS' | 'EW'): number | null {
    if (hemisphere.length !== 1 || !axis.includes(hemisphere)) return null;
    let m = /^-(\d{1,3})-(\d{1,2}\.\d{1,8})$/.exec(value);
    let deg: number;
    let min: number;
    if (m) [deg, min] = [Number(m[1]), Number(m[2])];
    else if ((m = /^(\d{0,3})(\d\d\.\d{1,8})$/.exec(value)))
      [deg, min] = [Number(m[1]), Number(m[2])];
    else if ((m = /^(\d{1,3})(\d\d)(\d{4})$/.exec(value)))
      [deg, min] = [Number(m[1]), Number(`${m[2]}.${m[3]}`)];
    else return null;
    if (min >= 60) return null;
    const v = deg + min / 60;
    if (v > (axis === 'NS' ? 90 : 180)) return null;
    return hemisphere === 'S' || hemisphere === 'W' ? -v : v;
  }
  const digit = fc.constantFrom(...'0123456789'.split(''));
  const value = fc.oneof(
    fc.string({ unit: fc.constantFrom(...'0123456789.-'.split('')), maxLength: 16 }),
    fc
      .tuple(fc.string({ unit: digit, maxLength: 6 }), fc.string({ unit: digit, maxLength: 10 }))
      .map(([a, b]) => `${a}.${b}`),
  );

  it('reads coordinates in every notation as the regular expressions did', () => {
    fc.assert(
      fc.property(value, fc.constantFrom('N', 'S', 'E', 'W', ''), (v, h) => {
        for (const axis of ['NS', 'EW'] as const) {
          const got = coordinate(v, h, axis);
          const want = reference(v, h, axis);
          expect(got === null ? want === null : Object.is(got, want), `${v} ${h} ${axis}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 20000 },
    );
    expect(coordinate('2556.7480', 'S', 'NS')).toBeCloseTo(-25.9458, 5);
  });

  it('reads fix times as Date.UTC of the six-digit fields, and `now` for a bad date', () => {
    const six = fc.oneof(
      fc.string({ unit: digit, minLength: 6, maxLength: 6 }),
      fc.string({ unit: fc.constantFrom(...'0123456789a'.split('')), maxLength: 7 }),
    );
    const NOW = Date.UTC(2026, 10, 21, 12);
    fc.assert(
      fc.property(six, six, (time, date) => {
        const d = /^(\d\d)(\d\d)(\d\d)$/.exec(date);
        const got = fixTimeOf(time, date, NOW);
        if (!d || +d[1] < 1 || +d[1] > 31 || +d[2] < 1 || +d[2] > 12) {
          expect(got).toBe(NOW);
          return;
        }
        const t = /^(\d\d)(\d\d)(\d\d)$/.exec(time);
        if (t && +t[1] <= 23 && +t[2] <= 59 && +t[3] <= 59) {
          expect(got).toBe(Date.UTC(2000 + +d[3], +d[2] - 1, +d[1], +t[1], +t[2], +t[3]));
        } else {
          const midnight = Date.UTC(2000 + +d[3], +d[2] - 1, +d[1]);
          expect(got).toBe(Math.abs(NOW - midnight) < 2 * 86400_000 ? NOW : midnight);
        }
      }),
      RUNS,
    );
  });
});

describe('splitFields', () => {
  it('splits as String.prototype.split(",") does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ',', '1', ' '), maxLength: 40 }), (s) => {
        expect(splitFields(s)).toEqual(s.split(','));
      }),
      RUNS,
    );
  });
});

describe('utcMillis', () => {
  it('is Date.UTC for the dates devices send, days past the month end included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2199 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        (y, mo, d, h, m, s) => {
          expect(utcMillis(y, mo, d, h, m, s)).toBe(Date.UTC(y, mo - 1, d, h, m, s));
        },
      ),
      { numRuns: 20000 },
    );
  });
});
