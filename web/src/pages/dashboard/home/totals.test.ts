import { describe, expect, it } from 'vitest';
import { changeOf, formatTotal, TOTALS } from './totals';

const meta = (key: string) => TOTALS.find((t) => t.key === key)!;

describe('dashboard totals', () => {
  it('writes kilometres with 2 decimals and groups thousands with a space', () => {
    expect(formatTotal('distance', 134374.06)).toBe('134\u00a0374.06 km');
    expect(formatTotal('distance', 0)).toBe('0.00 km');
    expect(formatTotal('trips', 1737)).toBe('1\u00a0737');
  });

  it('says how a total changed and whether that is good news', () => {
    expect(changeOf(meta('trips'), 28, 14)).toEqual({ text: '+100%', direction: 'up', good: true });
    expect(changeOf(meta('speeding'), 3, 4)).toEqual({
      text: '−25%',
      direction: 'down',
      good: true,
    });
    expect(changeOf(meta('harsh_braking'), 5, 0)).toEqual({
      text: 'new',
      direction: 'up',
      good: false,
    });
    expect(changeOf(meta('trips'), 7, 7).text).toBe('no change');
    expect(changeOf(meta('trips'), 1001, 1000).text).toBe('+<1%');
  });
});
