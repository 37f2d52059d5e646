// Report tasks over /api/call (issue 14): the catalogue the caller may run (get_reports), a report's
// document for the Website view (get_report_data, tables capped so the page stays light; the CSV
// has every row), and the progress of a run /api/report is making (get_progress).
import { reportsFor, type Role } from '@fleet/common';
import { buildReport } from '../reports/run';
import { progressReporter, readProgress } from '../reports/progress';
import { themeForHost } from '../themes';
import type { TaskContext } from './context';
import { defineTask } from './registry';

export const REPORT_ROLES: readonly Role[] = ['feature_reports', 'user_support'];

/** The most rows a table of the Website view carries. */
export const WEBSITE_ROW_CAP = 2000;

/** The theme's title and logo for the request's host (the default theme for jobs). */
export function reportBrand(ctx: TaskContext) {
  const theme = themeForHost(ctx.meta.host, ctx.services.config.mapTiles);
  return { title: theme.title, logo: theme.logo ?? null };
}

const getReports = defineTask({
  name: 'get_reports',
  roles: REPORT_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    return { reports: reportsFor(ctx.user.roles) };
  },
});

const getReportData = defineTask({
  name: 'get_report_data',
  roles: REPORT_ROLES,
  probe: (f) => ({
    report: 'trips',
    ids: [f.uid],
    ids_type: 'units',
    date_range: ['2026-01-01', '2026-01-02'],
  }),
  async handler(ctx, p) {
    const progress = progressReporter(ctx.user.nid, p.progress_id);
    try {
      const doc = await buildReport(ctx, p, {
        rowCap: WEBSITE_ROW_CAP,
        progress: progress.report,
        brand: reportBrand(ctx),
      });
      const { staging: _staging, ...rest } = doc;
      // Tables come back with at most rowCap rows: a builder's streamed rest is not read here.
      const sections = rest.sections.map((s) => {
        if (s.kind !== 'table') return s;
        const { more: _more, ...table } = s;
        return table;
      });
      return { report: { ...rest, sections } };
    } finally {
      progress.finish();
    }
  },
});

const getProgress = defineTask({
  name: 'get_progress',
  roles: REPORT_ROLES,
  probe: () => ({ progress_id: 'probe-progress-id' }),
  async handler(ctx, p) {
    return { progress: readProgress(ctx.user.nid, p.progress_id) };
  },
});

export const reportTasks = [getReports, getReportData, getProgress];
