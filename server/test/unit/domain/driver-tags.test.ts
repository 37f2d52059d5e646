// Driver tags compare by key: a tracker's 16 hex digits, a record's 12, lower case, separators.
import { describe, expect, it } from 'vitest';
import { sameTag, tagKey } from '../../../src/domain/driver-tags';

describe('driver tags', () => {
  it('are the same key in every spelling a tracker or a person uses', () => {
    expect(sameTag('00000000A1B2C301', '0000A1B2C301')).toBe(true);
    expect(sameTag('c3000001453f9201', 'C3000001453F9201')).toBe(true);
    expect(sameTag('01:A4:F3', '1a4f3')).toBe(true);
    expect(sameTag(' 12749884 ', '0012749884')).toBe(true);
    expect(tagKey('0000')).toBe('0');
  });

  it('tell different keys apart', () => {
    expect(sameTag('A1B2C301', 'A1B2C310')).toBe(false);
    expect(sameTag('12749884', 'C28C3C')).toBe(false);
    expect(sameTag('100', '10')).toBe(false);
  });
});
