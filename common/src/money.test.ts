import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimal, formatRand, parseAmount } from './money';

describe('parseAmount', () => {
  it.each([
    ['1234.5', 123450],
    ['1 234,50', 123450],
    ['R1,234.50', 123450],
    ['R 0.07', 7],
    ['0.1', 10],
    [99, 9900],
    [0.29, 29],
    ['1,000,000', 100000000],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it('refuses more than 2 decimals, letters, negatives and nonsense, saying why', () => {
    expect(parseAmount('10.005')).toEqual({
      ok: false,
      message: 'may have at most 2 decimals (cents)',
    });
    expect(parseAmount('12a')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/amount in rand/),
    });
    expect(parseAmount('-5')).toEqual({ ok: false, message: 'cannot be negative' });
    expect(parseAmount('-5', { allowNegative: true })).toEqual({ ok: true, cents: -500 });
    expect(parseAmount('')).toMatchObject({ ok: false });
    expect(parseAmount(null)).toMatchObject({ ok: false });
    expect(parseAmount(Number.NaN)).toMatchObject({ ok: false });
    expect(parseAmount(1e21)).toMatchObject({ ok: false });
    expect(parseAmount('10000000000')).toEqual({ ok: false, message: 'is too large' });
  });

  it('round-trips every amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (cents) => {
        expect(parseAmount(centsToDecimal(cents), { allowNegative: true })).toEqual({
          ok: true,
          cents,
        });
      }),
    );
  });
});

describe('formatRand', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatRand(123456789)).toBe('R\u00a01\u00a0234\u00a0567.89');
    expect(formatRand(5)).toBe('R\u00a00.05');
    expect(formatRand(-5000)).toBe('-R\u00a050.00');
    expect(centsToDecimal(-123456)).toBe('-1234.56');
  });
});
