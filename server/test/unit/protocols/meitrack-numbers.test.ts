// The text reports' numbers are read by character code (meitrack-numbers.ts); these properties
// hold them to the regular expressions and conversions they replace, on random strings over the
// characters that matter (digits, hex letters, signs, dots, the separators and a few others).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  meitrackDecimal,
  meitrackHex,
  meitrackInt,
} from '../../../src/ingest/protocols/meitrack-numbers';
import { decimalRun, hexRun } from '../../../src/ingest/protocols/text-fields';

const CHARS = '0123456789abcdefABCDEFgGxX-+.,| \u00e9\u0660\uff11'.split('');
const text = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 24 });
/** Strings near each pattern's edges: signs, dots and runs of 0 to 13 digits. */
const numeric = fc
  .tuple(
    fc.constantFrom('', '-', '+', '--'),
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 13 }),
    fc.constantFrom('', '.', '..', 'e'),
    fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 13 }),
  )
  .map((parts) => parts.join(''));
const hexText = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFgG'), maxLength: 10 });
const strings = fc.oneof(text, numeric, hexText);

/** The same value, -0 told apart from 0. */
function same(a: number | undefined, b: number | undefined): void {
  expect(Object.is(a, b), `${a} is not ${b}`).toBe(true);
}

describe('meitrack text numbers', () => {
  it('meitrackInt is /^-?\\d{1,10}$/ then Number', () => {
    const INT = /^-?\d{1,10}$/;
    fc.assert(
      fc.property(strings, (s) => {
        same(meitrackInt(s), INT.test(s) ? Number(s) : undefined);
      }),
      { numRuns: 20000 },
    );
    expect(meitrackInt(undefined)).toBeUndefined();
  });

  it('meitrackDecimal is /^-?\\d{1,10}(\\.\\d{1,10})?$/ then Number', () => {
    const DEC = /^-?\d{1,10}(\.\d{1,10})?$/;
    fc.assert(
      fc.property(strings, (s) => {
        same(meitrackDecimal(s), DEC.test(s) ? Number(s) : undefined);
      }),
      { numRuns: 20000 },
    );
    expect(meitrackDecimal(undefined)).toBeUndefined();
  });

  it('meitrackHex is /^[0-9A-Fa-f]{1,8}$/ then parseInt(s, 16)', () => {
    const HEX = /^[0-9A-Fa-f]{1,8}$/;
    fc.assert(
      fc.property(strings, (s) => {
        same(meitrackHex(s), HEX.test(s) ? parseInt(s, 16) : undefined);
      }),
      { numRuns: 20000 },
    );
    expect(meitrackHex(undefined)).toBeUndefined();
  });

  it('the digit runs are the fixed-width patterns and their values, as the report reads them', () => {
    fc.assert(
      fc.property(strings, (s) => {
        // Date and time: /^\d{12}$/, then two digits at a time.
        expect(s.length === 12 && decimalRun(s, 0, 12) >= 0).toBe(/^\d{12}$/.test(s));
        for (let i = 0; i + 2 <= s.length; i += 2) {
          const pair = s.slice(i, i + 2);
          if (/^\d{2}$/.test(pair)) same(decimalRun(s, i, i + 2), Number(pair));
          else expect(decimalRun(s, i, i + 2)).toBe(-1);
        }
        // I/O and fuel: /^[0-9A-Fa-f]{4}$/; temperatures: /^[0-9A-Fa-f]{6}$/; read in parts.
        for (const width of [4, 6]) {
          const pattern = new RegExp(`^[0-9A-Fa-f]{${width}}$`);
          expect(s.length === width && hexRun(s, 0, width) >= 0).toBe(pattern.test(s));
          if (!pattern.test(s)) continue;
          const parts = width === 4 ? [0, 2, 2, 4] : [0, 2, 2, 6, 2, 4, 4, 6];
          for (let k = 0; k < parts.length; k += 2) {
            same(hexRun(s, parts[k], parts[k + 1]), parseInt(s.slice(parts[k], parts[k + 1]), 16));
          }
        }
      }),
      { numRuns: 5000 },
    );
  });
});
