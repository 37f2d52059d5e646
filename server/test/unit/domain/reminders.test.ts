// Reminder states (issue 13 item 3; common/src/reminders.ts and domain/reminders.ts): the advance
// boundary, calendar days in a zone, urgency order, and properties that hold for any reading.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calendarDaysBetween,
  compareUrgency,
  dayInZone,
  dueCycle,
  reminderStatus,
  type ReminderFacts,
} from '@fleet/common';
import { reminderView } from '../../../src/domain/reminders';

const km = (interval: number, lastDone: number, advance: number): ReminderFacts => ({
  type: 'service_km',
  interval,
  last_done: lastDone,
  due_date: null,
  advance,
});
const at = (odometer: number | null, today = '2026-11-25') => ({
  odometer,
  engine_hours: null,
  today,
});

describe('reminderStatus', () => {
  it('is due soon exactly at the advance amount, ok one km before it, overdue past the due point', () => {
    expect(reminderStatus(km(15_000, 30_000, 1_000), at(44_000))).toMatchObject({
      state: 'due_soon',
      left: 1000,
      left_text: '1,000 km',
    });
    expect(reminderStatus(km(15_000, 30_000, 1_000), at(43_999))).toMatchObject({ state: 'ok' });
    expect(reminderStatus(km(15_000, 30_000, 1_000), at(45_000))).toMatchObject({
      state: 'due_soon',
      left_text: '0 km',
    });
    expect(reminderStatus(km(15_000, 30_000, 1_000), at(46_240))).toMatchObject({
      state: 'overdue',
      left_text: 'overdue by 1,240 km',
    });
  });

  it('says so when the vehicle never reported', () => {
    expect(reminderStatus(km(15_000, 0, 1_000), at(null))).toMatchObject({
      state: 'ok',
      left: null,
      left_text: 'no reading yet',
    });
  });

  it('counts calendar days from today in the zone; the due day itself is "due today"', () => {
    const licence = (due: string, advance: number): ReminderFacts => ({
      type: 'vehicle_licence',
      interval: null,
      last_done: null,
      due_date: due,
      advance,
    });
    expect(reminderStatus(licence('2026-11-28', 3), at(0))).toMatchObject({
      state: 'due_soon',
      left_text: '3 days',
    });
    expect(reminderStatus(licence('2026-11-29', 3), at(0)).state).toBe('ok');
    expect(reminderStatus(licence('2026-11-25', 0), at(0)).left_text).toBe('due today');
    expect(reminderStatus(licence('2026-11-24', 30), at(0))).toMatchObject({
      state: 'overdue',
      left_text: 'overdue by 1 day',
    });
  });

  it('reads midnight in Johannesburg as the next day while UTC is still on the day before', () => {
    const instant = Date.parse('2026-11-25T22:30:00Z'); // 00:30 on the 26th in Johannesburg
    expect(dayInZone(instant, 'Africa/Johannesburg')).toBe('2026-11-26');
    expect(dayInZone(instant, 'UTC')).toBe('2026-11-25');
    expect(dayInZone(instant, 'Not/AZone')).toBe('2026-11-26');
    expect(calendarDaysBetween('2026-12-31', '2027-01-01')).toBe(1);
    // Across a DST change elsewhere, still whole days.
    expect(calendarDaysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('never calls a reading ok within the advance, nor overdue before the due point', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 700_000 }),
        (interval, lastDone, advance, odometer) => {
          const s = reminderStatus(km(interval, lastDone, advance), at(odometer));
          const left = lastDone + interval - odometer;
          expect(s.left).toBe(left);
          expect(s.state).toBe(left < 0 ? 'overdue' : left <= advance ? 'due_soon' : 'ok');
        },
      ),
    );
  });
});

describe('compareUrgency', () => {
  it('puts the most overdue first, then due soon, then ok, unknown last', () => {
    const list = [
      { id: 1, state: 'ok' as const, left: 5000, advance: 1000 },
      { id: 2, state: 'overdue' as const, left: -2, advance: 30 },
      { id: 3, state: 'due_soon' as const, left: 10, advance: 30 },
      { id: 4, state: 'overdue' as const, left: -3000, advance: 1000 },
      { id: 5, state: 'ok' as const, left: null, advance: 1000 },
    ];
    expect([...list].sort(compareUrgency).map((r) => r.id)).toEqual([4, 2, 3, 1, 5]);
  });
});

describe('reminderView', () => {
  const row = {
    id: 7,
    client_id: 1,
    type: 'driver_prdp',
    unit_id: null,
    person_id: 3,
    interval: null,
    last_done: null,
    due_date: null,
    advance: 14,
    recipients: '["a@example.com"]',
    notes: '',
    notified_due: 'driver_prdp:2026-12-01',
    notified_at: Date.parse('2026-11-20T08:00:00Z'),
    created: 0,
    updated: 0,
  };
  const people = new Map([
    [
      3,
      { pid: 3, name: 'Thandi Mokoena', licence_expiry: null, prdp_expiry: Date.UTC(2026, 11, 1) },
    ],
  ]);

  it("takes a driver reminder's date from the person, and the mailed cycle while it lasts", () => {
    const v = reminderView(row, new Map(), people, '2026-11-25')!;
    expect(v).toMatchObject({
      subject: 'Thandi Mokoena',
      due_date: '2026-12-01',
      state: 'due_soon',
      left_text: '6 days',
      recipients: ['a@example.com'],
      notified_at: '2026-11-20T08:00:00.000Z',
    });
    // A renewed PrDP is a new cycle: not mailed yet.
    const renewed = new Map([[3, { ...people.get(3)!, prdp_expiry: Date.UTC(2031, 11, 1) }]]);
    expect(reminderView(row, new Map(), renewed, '2026-11-25')!.notified_at).toBeNull();
    expect(dueCycle({ ...km(10, 0, 1) })).toBe('service_km:10');
  });

  it('answers nothing for a person or vehicle that is not given (not visible)', () => {
    expect(reminderView(row, new Map(), new Map(), '2026-11-25')).toBeNull();
  });
});
