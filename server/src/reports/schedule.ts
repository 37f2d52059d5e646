// When a scheduled report runs (issue 14; SPEC §3 Report intervals, §9 weeks from Monday): each run
// covers the period just ended (common periodEndedBy) in the CLIENT's zone, from local midnight to
// local midnight, so a day with a daylight-saving change is 23 or 25 hours long. The job
// (jobs/scheduled-reports.ts) and the list's next_run (tasks/scheduled-reports.ts) share these.
import {
  dayAfter,
  dayNumber,
  dayOfNumber,
  periodEndedBy,
  type DayPeriod,
  type ReportDefinition,
  type ReportParams,
  type ReportSchedule,
} from '@fleet/common';
import { dayOf, dayStartIn } from '../domain/time';

/**
 * How long after a period ends its run waits: the trip of a vehicle on the road at midnight and
 * positions a tracker buffered are stored by then (trips end after 5 minutes parked, SPEC §9).
 */
export const RUN_DELAY_MS = 10 * 60_000;

/** A period with its [start, end) instants in the client's zone. */
export interface TimedPeriod extends DayPeriod {
  start: number;
  end: number;
}

export function periodInstants(zone: string, p: DayPeriod): TimedPeriod {
  return { ...p, start: dayStartIn(zone, p.from), end: dayStartIn(zone, dayAfter(p)) };
}

/** The latest period of `schedule` whose run is due at `at` (ended at least RUN_DELAY_MS ago). */
export function latestEndedPeriod(schedule: ReportSchedule, zone: string, at: number): TimedPeriod {
  return periodInstants(zone, periodEndedBy(schedule, dayOf(zone, at - RUN_DELAY_MS)));
}

/** When a run of this period is due: RUN_DELAY_MS after it ends. */
export const dueAt = (p: TimedPeriod) => p.end + RUN_DELAY_MS;

/**
 * Whether the job should run the latest ended period: it ended after the schedule began (a new
 * schedule does not send a report of the days before it) and has no run yet.
 */
export const isDue = (p: TimedPeriod, begins: number, ran: boolean) => p.end > begins && !ran;

/**
 * When the next run is due: the latest ended period's, when it is still to run (now or within the
 * job's next minute), else the end of the period under way.
 */
export function nextRunAt(
  schedule: ReportSchedule,
  zone: string,
  at: number,
  begins: number,
  ranLatest: (p: TimedPeriod) => boolean,
): number {
  const latest = latestEndedPeriod(schedule, zone, at);
  if (isDue(latest, begins, ranLatest(latest))) return dueAt(latest);
  // The first day on which a later period has ended (at most a month ahead).
  for (let n = dayNumber(dayAfter(latest)) + 1; ; n++) {
    const day = dayOfNumber(n);
    if (periodEndedBy(schedule, day).from !== latest.from)
      return dayStartIn(zone, day) + RUN_DELAY_MS;
  }
}

/** The report's parameters as a run of this schedule gives them (period: the one just ended). */
export function runParams(
  def: ReportDefinition,
  s: { ids: number[]; ids_type: string; parameters: Record<string, unknown> },
  period: { from: string; to: string },
): ReportParams {
  const hasRange = def.variables.some((v) => v.type === 'date_range');
  return {
    ...s.parameters,
    report: def.id,
    ids: s.ids,
    ids_type: s.ids_type as ReportParams['ids_type'],
    ...(hasRange ? { date_range: [period.from, period.to] as [string, string] } : {}),
  };
}
