import { describe, expect, it } from 'vitest';
import { readGhostUnits, readRealtimeMenu, readShowDisabled } from './liveSettings';

const readers = { readShowDisabled, readGhostUnits, readRealtimeMenu };

describe.each(Object.entries(readers))('%s', (_name, read) => {
  it('defaults to on when the setting is missing', () => {
    expect(read(undefined)).toBe(true);
    expect(read(null)).toBe(true);
  });

  it('reads booleans, 0/1 and their string forms', () => {
    expect(read(false)).toBe(false);
    expect(read(0)).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read(true)).toBe(true);
    expect(read(1)).toBe(true);
    expect(read('1')).toBe(true);
    expect(read('true')).toBe(true);
  });

  it('falls back to on for junk', () => {
    for (const junk of ['', 'off', 'no', 2, -1, Number.NaN, {}, [], 'TRUE ']) {
      expect(read(junk)).toBe(true);
    }
  });
});
