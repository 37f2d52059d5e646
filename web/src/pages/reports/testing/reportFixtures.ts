// Reports, documents and schedules as the server answers them, and a fake of the report tasks for
// the report page tests. The documents are small and hand-made, so what a test expects is plain.
import {
  reportById,
  type ReportDoc,
  type ScheduledReport,
  type ScheduledReportRun,
} from '@fleet/common';
import { mockApi, type PathHandler, type TaskHandler } from '../../../test/mockApi';
import { TAGS, UNITS } from '../../rules/testing/ruleFixtures';

/** What get_reports answers in these tests: not every report of the catalogue. */
export const OFFERED = ['trips', 'speeding', 'fleet_summary', 'positions'].map((id) =>
  reportById(id)!,
);

export function docOf(extra: Partial<ReportDoc> = {}): ReportDoc {
  return {
    report: 'fleet_summary',
    title: 'Fleet summary',
    brand: { title: 'Fleet Portal', logo: null },
    client: 'Demo Fleet',
    zone: 'Africa/Johannesburg',
    period: { from: '2026-11-01', to: '2026-11-30' },
    generated: '2026-12-01T06:30:00Z',
    subjects: ['Alpha', 'Bravo', 'Charlie'],
    empty: false,
    sections: [],
    ...extra,
  };
}

/** Three vehicles' month: distances, driving times and top speeds, with the fleet's totals. */
export const FLEET_DOC = docOf({
  sections: [
    {
      kind: 'summary',
      items: [
        { label: 'Distance', value: 181.25, kind: 'km' },
        { label: 'Driving time', value: 3900 + 7200, kind: 'duration' },
      ],
    },
    {
      kind: 'table',
      title: 'Per vehicle',
      primary: true,
      columns: [
        { key: 'vehicle', title: 'Vehicle', kind: 'text' },
        { key: 'distance', title: 'Distance', kind: 'km', decimals: 2 },
        { key: 'driving', title: 'Driving time', kind: 'duration' },
        { key: 'last', title: 'Last trip', kind: 'datetime' },
      ],
      rows: [
        { vehicle: 'Alpha', distance: 12.345, driving: 3900, last: '2026-11-30T06:00:00Z' },
        { vehicle: 'Bravo', distance: 150.5, driving: 5400, last: '2026-11-29T20:15:00Z' },
        { vehicle: 'Charlie', distance: 18.4, driving: 1800, last: null },
      ],
      totals: { vehicle: null, distance: 181.245, driving: 11100, last: null },
      omitted: 2500,
    },
    {
      kind: 'chart',
      title: 'Distance per vehicle',
      chart: 'bar',
      categories: ['Alpha', 'Bravo', 'Charlie'],
      series: [{ name: 'Distance', values: [12.35, 150.5, 18.4] }],
      unit: 'km',
    },
  ],
});

export function runOf(extra: Partial<ScheduledReportRun> = {}): ScheduledReportRun {
  return {
    id: 1,
    period: { from: '2026-11-30', to: '2026-11-30' },
    started: '2026-12-01T04:00:00Z',
    finished: '2026-12-01T04:00:02Z',
    duration_ms: 2400,
    size: 48_200,
    status: 'delivered',
    detail: 'attached',
    ...extra,
  };
}

export function scheduleOf(srid: number, extra: Partial<ScheduledReport> = {}): ScheduledReport {
  return {
    srid,
    name: 'Daily speeding',
    type: 'speeding',
    report_name: 'Speeding',
    schedule: 'daily',
    format: 'pdf',
    email: ['fleet@example.com'],
    ids: [1],
    ids_type: 'units',
    subjects: ['Alpha'],
    parameters: { speed_limit: '100' },
    next_run: '2026-12-02T04:00:00Z',
    last_run: runOf(),
    created_by: 'full-user',
    updated: '2026-11-20T08:00:00Z',
    ...extra,
  };
}

/** The report tasks and the pickers' lists; more handlers (or /api/report) may be added. */
export function reportApi(
  more: Record<string, TaskHandler> = {},
  paths: Record<string, PathHandler> = {},
) {
  return mockApi(
    {
      get_reports: () => ({ data: { reports: OFFERED } }),
      get_unit_list_full: () => ({ data: { units: UNITS } }),
      get_tags: () => ({ data: { tags: TAGS, count: TAGS.length, page_count: 1 } }),
      get_fleets: () => ({ data: { fleets: [], count: 0, page_count: 1 } }),
      get_progress: () => ({ data: { progress: null } }),
      ...more,
    },
    paths,
  );
}
