// POSITIONS_RETENTION_DAYS and the day partitions' names (issue 17).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { dayOf, partitionDay, partitionName } from '../../../src/db/partitions';

describe('positions retention setting', () => {
  it('keeps every position unless a number of days is set', () => {
    expect(loadConfig({}).positionsRetentionDays).toBeNull();
    expect(loadConfig({ POSITIONS_RETENTION_DAYS: '0' }).positionsRetentionDays).toBeNull();
    expect(loadConfig({ POSITIONS_RETENTION_DAYS: '90' }).positionsRetentionDays).toBe(90);
    expect(() => loadConfig({ POSITIONS_RETENTION_DAYS: 'ninety' })).toThrow(
      'POSITIONS_RETENTION_DAYS must be a non-negative integer, got "ninety"',
    );
  });
});

describe('day partitions', () => {
  it('names a UTC day positions_pYYYYMMDD and reads the day back', () => {
    const t = Date.UTC(2028, 1, 29, 23, 59, 59, 999);
    expect(partitionName(dayOf(t))).toBe('positions_p20280229');
    expect(partitionDay('positions_p20280229')).toBe(dayOf(t));
    expect(dayOf(Date.UTC(2028, 2, 1))).toBe(dayOf(t) + 1);
    expect(partitionDay('positions_default')).toBeNull();
    expect(partitionDay('positions_p2028022')).toBeNull();
  });
});
