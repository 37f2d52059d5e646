// reports/report and report/{var_string} against a fake of get_reports and the pickers: the
// catalogue shows what the server offers, grouped by type; a chosen report's form refuses what
// checkReportParams refuses before anything is sent, fills itself from the var_string and hands
// the same var_string on to generate; a var_string that does not parse says which field is wrong.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeVarString, parseVarString } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import { FIRST_RENDER, wideScreenMedia } from '../vehicles/testing/vehicleFixtures';
import ReportsPage from './ReportsPage';
import { OFFERED, reportApi } from './testing/reportFixtures';

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

const ROUTE = { path: '/portal/reports/report/*', title: 'Reports', Component: ReportsPage };
const open = (path: string, user = userOf('full')) => renderPage(path, ROUTE, user);
const formPath = (raw: string) => `/portal/reports/report/${encodeURIComponent(raw)}`;
const tail = (path: string, prefix: string) => decodeURIComponent(path.slice(prefix.length + 1));

/** What was sent besides the pickers' lists. */
const runs = (fake: ReturnType<typeof reportApi>) =>
  fake.calls.filter(
    (c) => c.path === '/api/report' || JSON.stringify(c.body).includes('get_report_data'),
  );

describe('Reports catalogue and form', PAGE_TEST, () => {
  it('groups the reports the server offers by type and opens one as a bookmarkable form', async () => {
    reportApi();
    const view = open('/portal/reports/report');
    await screen.findByRole('link', { name: /Trips and stops/ }, FIRST_RENDER);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Single Vehicles',
      'Multiple Vehicles',
      'Export',
    ]);
    const single = screen.getByRole('region', { name: 'Single Vehicles' });
    expect(
      within(single)
        .getAllByRole('link')
        .map((a) => a.querySelector('h3')?.textContent),
    ).toEqual(['Trips and stops', 'Speeding']);
    // Offered by the catalogue, not by this server's answer.
    expect(screen.queryByText('Fuel')).toBeNull();
    expect(screen.queryByText('Driver scorecard')).toBeNull();
    // Each card has its picture: a route map for trips, a heat table nowhere here.
    expect(single.querySelector('svg[data-sample="route"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: /Speeding/ }));
    await screen.findByRole('heading', { level: 2, name: 'Speeding' });
    await waitFor(() =>
      expect(tail(view.location(), '/portal/reports/report')).toMatch(/^report=speeding&/),
    );
    const saved = parseVarString(view.location().split('/').pop()!);
    expect(saved.ok && saved.params).toMatchObject({
      report: 'speeding',
      speed_limit: '120',
      format: 'pdf',
    });
    expect(screen.getByLabelText('Vehicle')).toBeTruthy();
    expect(screen.getByText(/at most 31 days for this report/)).toBeTruthy();
  });

  it('leaves out a report without ids_type and logs it (SPEC §8), showing the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offered = OFFERED;
    reportApi({
      get_reports: () => ({
        data: { reports: [{ ...offered[0], ids_type: undefined }, ...offered.slice(1)] },
      }),
    });
    open('/portal/reports/report');
    await screen.findByRole('link', { name: /Speeding/ }, FIRST_RENDER);
    expect(screen.queryByRole('link', { name: /Trips and stops/ })).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Report trips has no ids_type and is left out of the catalogue',
    );
    warn.mockRestore();
  });

  it('refuses a missing required variable and a too long range on their fields, sending nothing', async () => {
    const fake = reportApi();
    const view = open(
      formPath('report=positions&ids=1&columns=&date_range=2026-11-01~2026-12-15&format=csv'),
    );
    await screen.findByRole('heading', { level: 2, name: 'Raw positions' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: /Generate/ }));
    expect(await screen.findByText('Columns is required')).toBeTruthy();
    // 45 days, the export allows 31: said under the period, in place of its help.
    expect(screen.getByText('At most 31 days for this report')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/nothing was sent/);
    expect(view.location()).toMatch(/^\/portal\/reports\/report\//);
    expect(runs(fake)).toHaveLength(0);
  });

  it('fills the form from its var_string and hands the same report on to generate', async () => {
    reportApi();
    const sent = {
      report: 'speeding',
      ids: [2],
      ids_type: 'units' as const,
      date_range: ['2026-11-02', '2026-11-08'] as [string, string],
      speed_limit: '100',
      format: 'csv' as const,
    };
    const view = open(`/portal/reports/report/${encodeVarString(sent)}`);
    await screen.findByRole('heading', { level: 2, name: 'Speeding' }, FIRST_RENDER);
    const field = (id: string) => document.getElementById(id)!.closest('.ant-select')!;
    await waitFor(() => expect(field('report-ids').textContent).toContain('Bravo (REG 2)'));
    expect(field('report-speed_limit').textContent).toContain('100 km/h');
    const days = [...document.querySelectorAll<HTMLInputElement>('.ant-picker input')].map(
      (i) => i.value,
    );
    expect(days).toEqual(['2026-11-02', '2026-11-08']);
    expect(screen.getByRole('radio', { name: 'CSV' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Website' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Generate/ }));
    await waitFor(() => expect(view.location()).toMatch(/^\/portal\/reports\/generate\//));
    const again = parseVarString(view.location().split('/').pop()!);
    expect(again).toEqual({ ok: true, params: sent });
  });

  it('says which field of a damaged link is wrong and keeps the catalogue', async () => {
    reportApi();
    open(formPath('report=trips&ids=1&date_range=2026-11-01'));
    expect(
      await screen.findByText(
        /date_range: must be two dates joined by ~, YYYY-MM-DD/,
        {},
        FIRST_RENDER,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Generate/ })).toBeNull();
    expect(await screen.findByRole('link', { name: /Trips and stops/ })).toBeTruthy();
  });

  it('names a report that is not one of the catalogue', async () => {
    reportApi();
    open(formPath('report=nope'));
    expect(
      await screen.findByText(/report: "nope" is not a report/, {}, FIRST_RENDER),
    ).toBeTruthy();
  });

  it('offers Schedule only to those who may edit schedules', async () => {
    reportApi();
    open(formPath('report=trips&ids=1'), userOf('lite'));
    await screen.findByRole('button', { name: /Generate/ }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: /Schedule/ })).toBeNull();
  });
});
