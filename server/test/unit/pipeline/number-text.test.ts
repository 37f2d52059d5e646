// numberText must write exactly what JSON.stringify writes, whatever the number.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@fleet/common';
import { numberText } from '../../../src/pipeline/number-text';

function mismatches(values: Iterable<number>): number[] {
  const out: number[] = [];
  for (const v of values) if (numberText(v) !== JSON.stringify(v)) out.push(v);
  return out;
}

function* thousandths(from: number, to: number) {
  for (let k = from; k < to; k++) yield k / 1000;
}

function* random(n: number, seed = 7) {
  const next = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    yield Math.floor(next() * 1e9) / 1000; // three decimals, up to 1e6
    yield next() * 10 ** (Math.floor(next() * 14) - 6); // any double, 1e-6 .. 1e8
    yield Math.round(next() * 1e6) / 100; // two decimals
  }
}

describe('number text', () => {
  it('matches JSON.stringify for every value with three decimals up to 200', () => {
    expect(mismatches(thousandths(0, 200_000))).toEqual([]);
  });

  it('matches JSON.stringify for sampled values of every size', () => {
    expect(mismatches(random(100_000))).toEqual([]);
  });

  it('matches JSON.stringify at the edges', () => {
    expect(
      mismatches([
        -0,
        -1.5,
        -0.001,
        1e6,
        999999.999,
        1e6 + 0.5,
        1e-7,
        0.0005,
        0.001,
        0.1 + 0.2,
        123.4565,
        5e-324,
        Number.MAX_SAFE_INTEGER,
        1e21,
        2 ** 31,
        12.6,
        4.05,
        13.9,
      ]),
    ).toEqual([]);
    expect(numberText(14.058)).toBe('14.058');
    expect(numberText(4.1)).toBe('4.1');
  });
});
