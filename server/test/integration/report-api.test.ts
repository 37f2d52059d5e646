// /api/report for the catalogue (issue 14 items 2-3): a demo vehicle's trips as PDF, CSV and
// Website HTML holding the same trips get_report_data answers; the catalogue as each user may run
// it; every refusal an HTTP 400 naming its field, with no file; the staging flag marked on the
// file; the progress of a run readable while and after it runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { dayOf } from '../../src/domain/time';
import { addHandTrip } from '../support/hand-fleet';
import { createTestApp, type TestApp } from '../support/test-app';
import { pdfPageCount, pdfText } from '../support/pdf-text';
import { parseCsv } from '../support/report-files';

let t: TestApp;
let demo: string;
let other: string;
let lite: string;
let unit: { uid: number; name: string };
let range: [string, string];

const db = () => t.running.services.db.db;
const ZONE = 'Africa/Johannesburg';

async function report(
  token: string,
  parameters: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return t.running.app.inject({
    method: 'POST',
    url: '/api/report',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({
      requests: [{ task: 'get_report', ref: 'report', parameters }],
      channel: 'test',
      ...extra,
    }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  lite = await t.login('lite');
  // A demo vehicle with three trips of known length over the last three days.
  const row = await db()
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select(['units.uid', 'units.name', 'units.client_id'])
    .where('clients.name', '=', 'Demo Fleet')
    .orderBy('units.uid')
    .executeTakeFirstOrThrow();
  unit = { uid: row.uid, name: row.name };
  const at = now();
  const DAY = 86_400_000;
  await db().deleteFrom('trips').where('unit_id', '=', row.uid).execute();
  for (const [i, metres] of [12_345, 7_000, 30_500].entries())
    await addHandTrip(db(), row.client_id, row.uid, at - (3 - i) * DAY, metres);
  range = [dayOf(ZONE, at - 3 * DAY), dayOf(ZONE, at - DAY)];
});
afterAll(() => t.close());

const tripsParams = () => ({
  report: 'trips',
  ids: [unit.uid],
  ids_type: 'units',
  date_range: range,
  include_stops: 'no',
});

describe('a catalogue report in each format', () => {
  it('holds the same trips as PDF, CSV and Website HTML', async () => {
    const data = await t.task(demo, 'get_report_data', tripsParams());
    expect(data.result, data.message).toBe(0);
    const doc = data.data.report;
    expect(doc.title).toBe('Trips and stops');
    expect(doc.client).toBe('Demo Fleet');
    expect(doc.subjects).toEqual([unit.name]);
    const table = doc.sections.find((s: { kind: string; primary?: boolean }) => s.primary);
    expect(table.rows.map((r: Record<string, number>) => r.distance)).toEqual([12.35, 7, 30.5]);

    const csv = await report(demo, { ...tripsParams(), format: 'csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="trips-.+\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(csv.rawPayload.subarray(3).toString('utf8')).filter(
      (r) => r.length > 1,
    );
    const header = records[0];
    const body = records.slice(1).filter((r) => r[0] !== 'Total');
    expect(body).toHaveLength(table.rows.length + (table.omitted ?? 0));
    // Distances unformatted, and the same as the document's.
    const km = header.findIndex((h) => /^Distance/.test(h));
    expect(km).toBeGreaterThan(-1);
    const distanceKey = table.columns.find((c: { kind: string }) => c.kind === 'km').key;
    expect(body.map((r) => Number(r[km]))).toEqual(
      table.rows.map((r: Record<string, number>) => r[distanceKey]),
    );

    const pdf = await report(demo, { ...tripsParams(), format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(pdf.rawPayload)).toBeGreaterThan(0);
    const text = pdfText(pdf.rawPayload).replace(/\n/g, '');
    for (const s of ['Trips and stops', 'Demo Fleet', unit.name, 'Fleet Portal'])
      expect(text).toContain(s);

    const html = await report(demo, { ...tripsParams(), format: 'html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain('<h1');
    expect(html.body).toContain(unit.name);
    expect(html.headers['x-report-server']).toBe('live');
  });

  it('marks a report asked for by a staging theme', async () => {
    const pdf = await report(demo, { ...tripsParams(), format: 'pdf' }, { staging: true });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['x-report-server']).toBe('staging');
    expect(pdfText(pdf.rawPayload).replace(/\n/g, '')).toMatch(/staging/i);
  });

  it('lets the page follow a run by its progress id', async () => {
    const before = await t.task(demo, 'get_progress', { progress_id: 'run-123456789' });
    expect(before.data.progress).toBeNull();
    const res = await report(demo, {
      ...tripsParams(),
      format: 'csv',
      progress_id: 'run-123456789',
    });
    expect(res.statusCode).toBe(200);
    const after = await t.task(demo, 'get_progress', { progress_id: 'run-123456789' });
    expect(after.data.progress).toMatchObject({ done: 1, finished: true });
    // Another user cannot read it.
    const theirs = await t.task(other, 'get_progress', { progress_id: 'run-123456789' });
    expect(theirs.data.progress).toBeNull();
  });
});

describe('the whole catalogue', () => {
  it('runs every report for the demo fleet in each of its formats', async () => {
    const units = (await t.task(demo, 'get_unit_list_full')).data.units.map(
      (u: { uid: number }) => u.uid,
    );
    const people = await db()
      .selectFrom('people')
      .innerJoin('clients', 'clients.cid', 'people.client_id')
      .select('people.pid')
      .where('clients.name', '=', 'Demo Fleet')
      .execute();
    const reports = (await t.task(demo, 'get_reports')).data.reports;
    expect(reports.length).toBeGreaterThanOrEqual(15);
    for (const def of reports) {
      const ids =
        def.ids_type === 'people'
          ? people.map((p) => p.pid)
          : def.ids_count === 'one'
            ? [unit.uid]
            : units;
      const variables: Record<string, unknown> = {};
      for (const v of def.variables) {
        if (v.type === 'date_range') variables[v.name] = range;
        else if (v.type === 'select' && v.data.default !== undefined)
          variables[v.name] = v.data.default;
      }
      for (const format of def.formats) {
        const res = await report(demo, {
          report: def.id,
          format,
          ids,
          ids_type: def.ids_type,
          ...variables,
        });
        expect(res.statusCode, `${def.id} ${format}: ${res.body.slice(0, 200)}`).toBe(200);
        // A CSV has its report's own header row, even for a period without data.
        if (format === 'csv') {
          const data = await t.task(demo, 'get_report_data', {
            report: def.id,
            ids,
            ids_type: def.ids_type,
            ...variables,
          });
          const tables = data.data.report.sections.filter(
            (x: { kind: string }) => x.kind === 'table',
          );
          const primary = tables.find((x: { primary?: boolean }) => x.primary) ?? tables[0];
          expect(primary, `${def.id} has a table`).toBeDefined();
          const [header] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
          expect(header, def.id).toHaveLength(primary.columns.length);
        } else expect(res.rawPayload.length, `${def.id} ${format}`).toBeGreaterThan(1000);
      }
    }
  });
});

describe('refusals', () => {
  const refused = async (token: string, parameters: Record<string, unknown>) => {
    const res = await report(token, parameters);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json().message as string;
  };

  it('names the field that is wrong and sends no file', async () => {
    const base = { ...tripsParams(), format: 'pdf' };
    expect(await refused(demo, { ...base, date_range: undefined })).toBe(
      'date_range: Period is required',
    );
    expect(await refused(demo, { ...base, date_range: ['2025-01-01', '2026-11-20'] })).toBe(
      'date_range: at most 366 days for this report',
    );
    expect(await refused(demo, { ...base, date_range: ['2026-11-31', '2026-12-01'] })).toBe(
      'date_range: must be two dates, YYYY-MM-DD',
    );
    expect(await refused(demo, { ...base, ids: [] })).toBe('ids: choose at least one vehicle');
    expect(await refused(demo, { ...base, report: 'payroll' })).toBe(
      'report: "payroll" is not a report',
    );
    expect(await refused(demo, { ...base, report: 'positions', format: 'pdf' })).toBe(
      'format: this report comes as CSV or Website',
    );
    expect(await refused(demo, { ...base, report: 'speeding', speed_limit: '7' })).toBe(
      'speed_limit: "7" is not one of the choices',
    );
  });

  it("refuses another client's vehicle as if it did not exist", async () => {
    expect(await refused(other, { ...tripsParams(), format: 'csv' })).toBe(
      `ids: vehicle ${unit.uid} was not found`,
    );
    const data = await t.task(other, 'get_report_data', tripsParams());
    expect(data.result).toBe(1);
    expect(data.message).toBe(`ids: vehicle ${unit.uid} was not found`);
  });

  it('offers each user only the reports their roles allow', async () => {
    const all = (await t.task(demo, 'get_reports')).data.reports.map((r: { id: string }) => r.id);
    expect(all).toEqual(
      expect.arrayContaining(['trips', 'fleet_summary', 'driver_trips', 'positions', 'advanced']),
    );
    // Lite accounts have reports but not fuel usage (report_10).
    const liteReports = await t.task(lite, 'get_reports');
    const liteIds = liteReports.data.reports.map((r: { id: string }) => r.id);
    expect(liteIds).toContain('trips');
    expect(liteIds).not.toContain('fuel');
    expect(await refused(lite, { report: 'fuel', ids: [unit.uid], date_range: range })).toBe(
      'You do not have permission for this report',
    );
    // Recovery accounts have no reports at all.
    const recovery = await t.login('recovery');
    expect((await t.task(recovery, 'get_reports')).result).toBe(3);
  });
});
