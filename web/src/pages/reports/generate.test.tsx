// reports/generate/{var_string} against a fake server: the progress bar shows get_progress's share
// for the run the page named, Cancel aborts the request; a PDF is downloaded on arrival and again
// on request; a refusal shows the server's message (a 500 "Server error") with the way back; the
// Website format shows the document in the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { encodeVarString, parseVarString, type ReportFormat } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import { FIRST_RENDER, wideScreenMedia } from '../vehicles/testing/vehicleFixtures';
import GenerateReportPage from './GenerateReportPage';
import { FLEET_DOC, reportApi } from './testing/reportFixtures';

vi.mock('echarts/core', () => import('../../test/fakeEcharts'));
const downloads = vi.hoisted(() => [] as { name: string; mime: string; size: number }[]);
vi.mock('../../components/download', async (original) => ({
  ...(await original<typeof import('../../components/download')>()),
  downloadFile: (name: string, data: ArrayBuffer, mime: string) =>
    downloads.push({ name, mime, size: data.byteLength }),
}));

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => {
  vi.unstubAllGlobals();
  downloads.length = 0;
});

const ROUTE = {
  path: '/portal/reports/generate/*',
  title: 'Generate Report',
  Component: GenerateReportPage,
};
const TRIPS = {
  report: 'trips',
  ids: [1],
  ids_type: 'units' as const,
  date_range: ['2026-11-01', '2026-11-30'] as [string, string],
};
const open = (format: ReportFormat, params: object = TRIPS) =>
  renderPage(
    `/portal/reports/generate/${encodeVarString({ ...params, format })}`,
    ROUTE,
    userOf('full'),
  );

/** /api/report answered by `answer`; every other path by the fake. */
function withReportServer(
  fake: ReturnType<typeof reportApi>,
  answer: (body: any, signal: AbortSignal) => Promise<Response>,
) {
  const sent: any[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/report')) {
      const body = JSON.parse(String(init!.body));
      sent.push(body);
      return answer(body, init!.signal!);
    }
    return fake.fetchMock(input, init);
  });
  return sent;
}

describe('Generating a report', PAGE_TEST, () => {
  it("shows the server's progress for the run it named, and Cancel aborts the request", async () => {
    const fake = reportApi({
      get_progress: () => ({
        data: { progress: { done: 0.42, stage: 'Reading trips', finished: false } },
      }),
    });
    let aborted = false;
    const sent = withReportServer(
      fake,
      (_body, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('Aborted', 'AbortError'));
          }),
        ),
    );
    open('pdf');
    expect(await screen.findByText('Preparing the report…', {}, FIRST_RENDER)).toBeTruthy();
    // Past a second, the share done from get_progress.
    const bar = await screen.findByRole('progressbar', {}, { timeout: 5000 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('42'));
    expect(screen.getByText('Reading trips…')).toBeTruthy();
    const request = sent[0].requests[0];
    expect(request).toMatchObject({ task: 'get_report', parameters: { ...TRIPS, format: 'pdf' } });
    const polled = fake.requestsOf('get_progress').map((r: any) => r.parameters.progress_id);
    expect(polled.length).toBeGreaterThan(0);
    expect(new Set(polled)).toEqual(new Set([request.parameters.progress_id]));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled: the report was not made.')).toBeTruthy();
    expect(aborted).toBe(true);
    expect(downloads).toHaveLength(0);
    // Polling stops with the run.
    const count = fake.requestsOf('get_progress').length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(fake.requestsOf('get_progress').length).toBe(count);
  });

  it('downloads the PDF when it arrives and again on request', async () => {
    const fake = reportApi();
    withReportServer(
      fake,
      async () =>
        new Response(new Uint8Array([37, 80, 68, 70, 45]), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="trips-2026-11.pdf"',
          },
        }),
    );
    open('pdf');
    expect(
      await screen.findByText('The PDF is downloaded: trips-2026-11.pdf', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(downloads).toEqual([{ name: 'trips-2026-11.pdf', mime: 'application/pdf', size: 5 }]);
    fireEvent.click(screen.getByRole('button', { name: /Download again/ }));
    expect(downloads).toHaveLength(2);
  });

  it("shows a refusal's message, a server fault as Server error, with the way back to the form", async () => {
    const fake = reportApi();
    let status = 400;
    withReportServer(
      fake,
      async () =>
        new Response(
          JSON.stringify({
            result: 1,
            message: 'ids: vehicle 99 is not one of yours',
            error: 'r-7',
          }),
          { status, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const view = open('csv');
    expect(
      await screen.findByText('ids: vehicle 99 is not one of yours', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(downloads).toHaveLength(0);
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: /Run it again/ }));
    expect(await screen.findByText(/^Server error/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('link', { name: /Back to the form/ })[0]);
    await waitFor(() => expect(view.location()).toMatch(/^\/portal\/reports\/report\//));
    expect(parseVarString(view.location().split('/').pop()!)).toEqual({
      ok: true,
      params: { ...TRIPS, format: 'csv' },
    });
  });

  it('shows the Website format in the page, with the files a click away', async () => {
    const fake = reportApi({ get_report_data: () => ({ data: { report: FLEET_DOC } }) });
    const params = {
      report: 'fleet_summary',
      ids: [1, 2, 3],
      ids_type: 'units',
      date_range: TRIPS.date_range,
    };
    const view = open('html', params);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Fleet summary' }, FIRST_RENDER),
    ).toBeTruthy();
    expect(screen.getByText('Alpha')).toBeTruthy();
    const asked = fake.requestsOf('get_report_data')[0].parameters;
    expect(asked).toMatchObject(params);
    expect(asked.progress_id).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(screen.getByRole('button', { name: /Download as PDF/ }));
    await waitFor(() => expect(decodeURIComponent(view.location())).toContain('format=pdf'));
  });

  it('names what is wrong with a hand-made link instead of running it', async () => {
    const fake = reportApi();
    open('html', { ...TRIPS, date_range: ['2025-01-01', '2026-11-30'] });
    expect(
      await screen.findByText('date_range: at most 366 days for this report', {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(fake.requestsOf('get_report_data')).toHaveLength(0);
  });
});
