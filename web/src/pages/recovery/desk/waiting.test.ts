// The waiting clock's thresholds (issue 16 item 8: amber at 2 minutes, red at 5 while New and not
// taken) and the trail of the detail map.
import { describe, expect, it } from 'vitest';
import { NOW, chaseupOf, minutesBefore } from './testDesk';
import { trailOf } from './ChaseupMap';
import { durationText, urgency, waitingText } from './waiting';

const at = Date.parse(NOW);
const arrived = (minutes: number) => chaseupOf(1, { created: minutesBefore(minutes) });

describe('waiting clock', () => {
  it('turns amber at exactly 2 minutes and red at exactly 5', () => {
    expect(urgency(arrived(119 / 60), at)).toBe('calm');
    expect(urgency(arrived(2), at)).toBe('amber');
    expect(urgency(arrived(299 / 60), at)).toBe('amber');
    expect(urgency(arrived(5), at)).toBe('red');
    expect(waitingText(arrived(5), at)).toBe('Waiting 5 min — overdue');
  });

  it('is calm once taken or closed, and says how long it waited', () => {
    const taken = chaseupOf(1, {
      created: minutesBefore(30),
      state: 1,
      assigned_to_username: 'lee',
      taken_at: minutesBefore(23),
    });
    expect(urgency(taken, at)).toBe('calm');
    expect(waitingText(taken, at)).toBe('Taken after 7 min');
    const closed = chaseupOf(1, { created: minutesBefore(90), state: 4, closed_at: NOW });
    expect(waitingText(closed, at)).toBe('Closed after 1 h 30 min');
  });

  it('puts long waits in hours and days', () => {
    expect(durationText(59_000)).toBe('less than a minute');
    expect(durationText(3 * 3_600_000)).toBe('3 h');
    expect(durationText(26 * 3_600_000)).toBe('1 d 2 h');
  });
});

describe('detail map trail', () => {
  const fix = (minutes: number) => ({
    lat: -33.9,
    lon: 18.4,
    speed: 10,
    direction: 0,
    datetime: minutesBefore(minutes),
  });
  it('adds only the live fixes newer than the stored ones', () => {
    const trail = trailOf([fix(5), fix(3)], [fix(4), fix(1)]);
    expect(trail.map((p) => p.datetime)).toEqual([
      minutesBefore(5),
      minutesBefore(3),
      minutesBefore(1),
    ]);
  });
});
