// The rule window is read in the client's time zone (SPEC §9): weekday codes 1 Monday … 7 Sunday,
// minutes after local midnight, through the per-hour offset cache, also across a DST change.
import { describe, expect, it } from 'vitest';
import { ZoneClock, dayMask } from '../../../src/rules/zone';

const at = (iso: string) => Date.parse(iso);
function read(zone: ZoneClock, iso: string) {
  zone.read(at(iso));
  return { day: zone.day, time: `${Math.floor(zone.minute / 60)}:${zone.minute % 60}` };
}

describe('rule window clock', () => {
  it('reads South African time (UTC+2, no DST) with day codes Monday 1 … Sunday 7', () => {
    const sa = new ZoneClock('Africa/Johannesburg');
    expect(read(sa, '2025-03-03T06:00:00Z')).toEqual({ day: 1, time: '8:0' }); // Monday
    expect(read(sa, '2025-03-02T21:59:00Z')).toEqual({ day: 7, time: '23:59' }); // Sunday
    // 22:30 UTC on Sunday is already Monday in Johannesburg.
    expect(read(sa, '2025-03-02T22:30:00Z')).toEqual({ day: 1, time: '0:30' });
    expect(read(sa, '2025-03-08T10:15:00Z')).toEqual({ day: 6, time: '12:15' }); // Saturday
    // Winter and summer read the same: no DST.
    expect(read(sa, '2025-07-02T06:00:00Z')).toEqual({ day: 3, time: '8:0' });
  });

  it('follows Europe/London across both DST changes, within the changing hour too', () => {
    const london = new ZoneClock('Europe/London');
    // 30 March 2025: 01:00 UTC the clocks go from 1:00 GMT to 2:00 BST.
    expect(read(london, '2025-03-30T00:59:00Z')).toEqual({ day: 7, time: '0:59' });
    expect(read(london, '2025-03-30T01:00:00Z')).toEqual({ day: 7, time: '2:0' });
    expect(read(london, '2025-03-30T01:30:00Z')).toEqual({ day: 7, time: '2:30' });
    // 26 October 2025: 01:00 UTC the clocks go back from 2:00 BST to 1:00 GMT.
    expect(read(london, '2025-10-26T00:30:00Z')).toEqual({ day: 7, time: '1:30' });
    expect(read(london, '2025-10-26T01:30:00Z')).toEqual({ day: 7, time: '1:30' });
    expect(read(london, '2025-10-26T23:30:00Z')).toEqual({ day: 7, time: '23:30' });
    expect(read(london, '2025-01-06T09:00:00Z')).toEqual({ day: 1, time: '9:0' });
  });

  it('answers from the hour cache with the same result as a fresh reading', () => {
    const cached = new ZoneClock('Europe/London');
    const start = at('2025-03-29T20:00:00Z');
    for (let t = start; t < start + 10 * 3600_000; t += 7 * 60_000) {
      cached.read(t);
      const fresh = new ZoneClock('Europe/London');
      fresh.read(t);
      expect([cached.day, cached.minute]).toEqual([fresh.day, fresh.minute]);
    }
  });

  it('reads a half-hour zone, and an unknown zone as Johannesburg', () => {
    expect(read(new ZoneClock('Asia/Kolkata'), '2025-03-03T06:00:00Z')).toEqual({
      day: 1,
      time: '11:30',
    });
    const bad = new ZoneClock('Mars/Olympus_Mons');
    expect(bad.timeZone).toBe('Africa/Johannesburg');
    expect(read(bad, '2025-03-03T06:00:00Z')).toEqual({ day: 1, time: '8:0' });
  });

  it('turns day codes into a mask', () => {
    expect(dayMask([1, 2, 3, 4, 5, 6, 7])).toBe(0x7f);
    expect(dayMask([1])).toBe(1);
    expect(dayMask([7])).toBe(64);
    expect(dayMask([0, 8])).toBe(0);
  });
});
