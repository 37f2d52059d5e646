import { describe, expect, it } from 'vitest';
import { expiryStatus } from './licence';

describe('expiryStatus', () => {
  const today = '2026-11-20';

  it('is red once the day has passed', () => {
    expect(expiryStatus('2026-11-19', today)).toEqual({
      state: 'expired',
      days: -1,
      text: 'expired 1 day ago',
      colour: 'red',
    });
    expect(expiryStatus('2025-11-20', today)?.text).toBe('expired 365 days ago');
  });

  it('is orange from the day itself back to 30 days before, with the days left', () => {
    expect(expiryStatus('2026-11-20', today)).toMatchObject({
      colour: 'orange',
      text: 'expires today',
    });
    expect(expiryStatus('2026-12-02', today)).toMatchObject({
      state: 'soon',
      colour: 'orange',
      text: 'expires in 12 days',
    });
    expect(expiryStatus('2026-12-20', today)).toMatchObject({ colour: 'orange', days: 30 });
  });

  it('says nothing further off, and nothing without a date', () => {
    expect(expiryStatus('2026-12-21', today)).toMatchObject({
      state: 'ok',
      text: '',
      colour: 'default',
    });
    expect(expiryStatus(null, today)).toBeNull();
    expect(expiryStatus('31/12/2026', today)).toBeNull();
  });

  it('counts calendar days across month ends and clock changes', () => {
    expect(expiryStatus('2027-03-01', '2027-02-28')?.text).toBe('expires in 1 day');
    expect(expiryStatus('2026-03-30', '2026-03-28')?.days).toBe(2);
  });
});
