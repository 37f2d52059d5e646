// The pure parts of the Multiple Vehicles, Driver and Advanced reports: which stored speed bands a
// limit counts, weeks from Monday in a zone, the behaviour score and its ranking.
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '@fleet/common';
import { dayStartIn } from '../../src/domain/time';
import {
  bandEdge,
  bandKeys,
  bandRule,
  behaviourScore,
  dayBuckets,
  per100km,
  weekBuckets,
} from '../../src/reports/builders/fleet-read';
import { byScore, scoreCells } from '../../src/reports/builders/fleet-league';

describe('speed bands counted for a limit (SPEC §9: bands at or above a threshold)', () => {
  it('counts from the limit when it is a band edge, else from the next edge up', () => {
    expect(bandKeys(120)).toEqual(['120s', 'high']);
    expect(bandKeys(110)).toEqual(['120s', 'high']);
    expect(bandKeys(60)).toEqual(['60s', '80s', '100s', '120s', 'high']);
    expect(bandKeys(5)).toEqual(['60s', '80s', '100s', '120s', 'high']);
    expect(bandEdge(101)).toBe(120);
    expect(bandRule(120)).not.toMatch(/next edge/);
    expect(bandRule(110)).toMatch(/at 120 km\/h and over/);
  });

  it('above the last edge counts the top band (for trips above the limit only)', () => {
    expect(bandKeys(140)).toEqual(['high']);
    expect(bandKeys(155)).toEqual(['high']);
    expect(bandRule(155)).toMatch(/top speed exceeded 155 km\/h/);
  });
});

describe('buckets of a period in the client’s zone', () => {
  // Europe/Berlin moves to summer time on Sunday 29 March 2026: that day has 23 hours.
  const zone = 'Europe/Berlin';
  const days = ['26', '27', '28', '29', '30', '31']
    .map((d) => `2026-03-${d}`)
    .concat(['2026-04-01', '2026-04-02']);
  const range = { from: dayStartIn(zone, '2026-03-26'), to: dayStartIn(zone, '2026-04-03') };

  it('has one bucket per local day, the day of the clock change an hour short', () => {
    const buckets = dayBuckets({ zone, days, range });
    expect(buckets.map((b) => b.label)).toEqual(days);
    expect(buckets.map((b) => (b.to - b.from) / 3600_000)).toEqual([
      24, 24, 24, 23, 24, 24, 24, 24,
    ]);
  });

  it('groups days into weeks from Monday, cut to the period', () => {
    // Thursday 26 March to Thursday 2 April: Thu-Sun, then Mon 30 March to Thu.
    const weeks = weekBuckets({ zone, days, range });
    expect(weeks.map((w) => w.label)).toEqual(['2026-03-23', '2026-03-30']);
    expect(weeks[0]).toMatchObject({ from: range.from, to: dayStartIn(zone, '2026-03-30') });
    expect(weeks[1]).toMatchObject({ from: dayStartIn(zone, '2026-03-30'), to: range.to });
    expect((weeks[0].to - weeks[0].from) / 3600_000).toBe(4 * 24 - 1);
  });
});

describe('behaviour score', () => {
  it('is 100 minus 10 per harsh event per 100 km, never below 0, none without distance', () => {
    expect(behaviourScore(0, 50_000)).toBe(100);
    expect(behaviourScore(3, 200_000)).toBe(85);
    expect(per100km(3, 200_000)).toBe(1.5);
    expect(behaviourScore(1, 12_345)).toBe(19);
    expect(behaviourScore(20, 10_000)).toBe(0);
    expect(behaviourScore(2, 0)).toBeNull();
    expect(per100km(2, 0)).toBeNull();
  });

  it('ranks the best score first, then fewer events, and rows without a score last', () => {
    const rows: ReportRow[] = [
      { name: 'C', ...scoreCells({}, 0) },
      { name: 'B', ...scoreCells({ harsh_braking: 1 }, 100_000) },
      { name: 'A', ...scoreCells({ harsh_cornering: 2 }, 200_000) },
      { name: 'D', ...scoreCells({}, 10_000) },
    ];
    rows.sort((a, b) => byScore(a, b, 'name'));
    expect(rows.map((r) => [r.name, r.events, r.score])).toEqual([
      ['D', 0, 100],
      ['B', 1, 90],
      ['A', 2, 90],
      ['C', 0, null],
    ]);
  });
});
