// The schedule pages against a fake of the schedule tasks: the form prefilled from a report's
// var_string offers PDF and CSV only (SPEC §5), says what period each run covers, names a bad
// e-mail address and sends nothing, and saves the parameters set_scheduled_report takes; the list
// shows each schedule's last run as delivered, failed and why, or not run yet; the edit page its runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { encodeVarString } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import { FIRST_RENDER, wideScreenMedia } from '../vehicles/testing/vehicleFixtures';
import ScheduledReportsPage from './ScheduledReportsPage';
import ScheduleReportPage from './ScheduleReportPage';
import { reportApi, runOf, scheduleOf } from './testing/reportFixtures';

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

const ADD = {
  path: '/portal/reports/schedule/add/*',
  title: 'Schedule a Report',
  Component: ScheduleReportPage,
};
const EDIT = {
  path: '/portal/reports/schedule/edit/:srid',
  title: 'Edit Scheduled Report',
  Component: ScheduleReportPage,
};
const LIST = {
  path: '/portal/reports/scheduled',
  title: 'Scheduled Reports',
  Component: ScheduledReportsPage,
};

const FROM_FORM = encodeVarString({
  report: 'speeding',
  ids: [1],
  ids_type: 'units',
  date_range: ['2026-11-01', '2026-11-07'],
  speed_limit: '100',
  format: 'html',
});

function saves() {
  return reportApi({ set_scheduled_report: () => ({ data: { srid: 12 } }) });
}

async function typeEmail(text: string) {
  const input = document.getElementById('schedule-email') as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Scheduling a report', PAGE_TEST, () => {
  it('starts from the report form, offers PDF and CSV only, and saves what the server takes', async () => {
    const fake = saves();
    const view = renderPage(`/portal/reports/schedule/add/${FROM_FORM}`, ADD, userOf('full'));
    await screen.findByRole('radio', { name: 'PDF' }, FIRST_RENDER);
    expect(
      screen
        .getAllByRole('radio', { name: /PDF|CSV|Website/ })
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['PDF', 'CSV']);
    // The Website format of the link becomes the first a schedule may send.
    expect(screen.getByRole('radio', { name: 'PDF' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Speeding');
    await waitFor(() =>
      expect(
        document.getElementById('schedule-ids')!.closest('.ant-select')!.textContent,
      ).toContain('Alpha (REG 1)'),
    );
    // No date range: each run covers the period just ended.
    expect(document.getElementById('schedule-date_range')).toBeNull();
    const period = document.querySelector('.schedule-period')!;
    expect(period.textContent).toBe(
      "Each run covers the period just ended. Daily: yesterday; Weekly: Monday to Sunday of last week; Monthly: last month, in your client's time zone.",
    );
    expect(period.querySelector('strong')!.textContent).toBe('Daily: yesterday');
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(period.querySelector('strong')!.textContent).toBe(
      'Weekly: Monday to Sunday of last week',
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Weekly speeding' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.location()).toBe('/portal/reports/scheduled'));
    expect(fake.requestsOf('set_scheduled_report')[0].parameters).toEqual({
      name: 'Weekly speeding',
      type: 'speeding',
      schedule: 'weekly',
      format: 'pdf',
      email: ['full@example.com'],
      ids: [1],
      ids_type: 'units',
      parameters: { speed_limit: '100' },
    });
  });

  it('names a bad e-mail address and sends nothing', async () => {
    const fake = saves();
    renderPage(`/portal/reports/schedule/add/${FROM_FORM}`, ADD, userOf('full'));
    await screen.findByRole('radio', { name: 'PDF' }, FIRST_RENDER);
    await typeEmail('boss@fleet');
    await waitFor(() =>
      expect(
        document.getElementById('schedule-email')!.closest('.ant-select')!.textContent,
      ).toContain('boss@fleet'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('"boss@fleet" is not a valid e-mail address')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/nothing was sent/);
    expect(fake.requestsOf('set_scheduled_report')).toHaveLength(0);
  });

  it('asks for a report and a recipient on a blank form', async () => {
    const fake = saves();
    renderPage('/portal/reports/schedule/add', ADD, userOf('full', { email: '' }));
    await screen.findByRole('radio', { name: 'PDF' }, FIRST_RENDER);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Nightly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a report')).toBeTruthy();
    expect(screen.getByText('Add at least one address')).toBeTruthy();
    expect(fake.requestsOf('set_scheduled_report')).toHaveLength(0);
  });

  it('edits a stored schedule and shows its runs', async () => {
    const fake = reportApi({
      set_scheduled_report: () => ({ data: { srid: 4 } }),
      get_scheduled_report: () => ({
        data: {
          scheduled_report: {
            ...scheduleOf(4),
            runs: [
              runOf({ id: 2, status: 'failed', detail: 'SMTP refused: mailbox full', size: null }),
              runOf({ id: 1 }),
            ],
          },
        },
      }),
    });
    renderPage('/portal/reports/schedule/edit/4', EDIT, userOf('full'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Daily speeding' }, FIRST_RENDER),
    ).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Daily speeding');
    await waitFor(() =>
      expect(
        document.getElementById('schedule-speed_limit')?.closest('.ant-select')?.textContent,
      ).toContain('100 km/h'),
    );
    const runs = within(screen.getByRole('region', { name: 'Runs of this schedule' }));
    expect(runs.getByText('Failed')).toBeTruthy();
    expect(runs.getByText(/SMTP refused: mailbox full/)).toBeTruthy();
    expect(runs.getByText('Delivered')).toBeTruthy();
    expect(runs.getAllByText('2026-11-30')).toHaveLength(2);

    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.requestsOf('set_scheduled_report')).toHaveLength(1));
    expect(fake.requestsOf('set_scheduled_report')[0].parameters).toMatchObject({
      srid: 4,
      schedule: 'monthly',
      parameters: { speed_limit: '100' },
    });
  });
});

describe('Scheduled reports list', PAGE_TEST, () => {
  it('shows each schedule with its last run: delivered, failed and why, or not yet', async () => {
    const list = [
      scheduleOf(1),
      scheduleOf(2, {
        name: 'Monthly fleet',
        type: 'fleet_summary',
        report_name: 'Fleet summary',
        schedule: 'monthly',
        format: 'csv',
        subjects: ['Alpha', 'Bravo', 'Charlie', 'Delta'],
        last_run: runOf({ status: 'failed', detail: 'SMTP refused: mailbox full', size: null }),
      }),
      scheduleOf(3, { name: 'New one', last_run: null }),
    ];
    reportApi({
      get_scheduled_reports: () => ({ data: { scheduled_reports: list, count: 3, page_count: 1 } }),
    });
    renderPage('/portal/reports/scheduled', LIST, userOf('full'));
    await screen.findByRole('link', { name: 'Monthly fleet' }, FIRST_RENDER);
    const rows = within(screen.getByRole('region', { name: 'Scheduled reports' }))
      .getAllByRole('row')
      .slice(1);
    const text = rows.map((r) => r.textContent);
    expect(text[0]).toMatch(
      /Daily speeding.*Speeding.*Daily, PDF.*fleet@example\.com.*Alpha.*Delivered.*2\.4 s · 48\.2 kB/,
    );
    expect(text[1]).toMatch(
      /Monthly fleet.*Fleet summary.*Monthly, CSV.*Alpha, Bravo, Charlie \.\.\. and 1 more.*Failed.*SMTP refused: mailbox full/,
    );
    expect(text[2]).toMatch(/New one.*Not run yet/);
    expect(screen.getByRole('button', { name: 'Edit the schedule Monthly fleet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the schedule Monthly fleet' })).toBeTruthy();
  });

  it('offers to add one when there are none, and no editing to a viewer', async () => {
    reportApi({
      get_scheduled_reports: () => ({ data: { scheduled_reports: [], count: 0, page_count: 0 } }),
    });
    const roles = userOf('full').roles.filter((r) => r !== 'feature_scheduled_reports_edit');
    const view = renderPage('/portal/reports/scheduled', LIST, userOf('full'));
    expect(
      await screen.findByRole('link', { name: 'Schedule a report' }, FIRST_RENDER),
    ).toBeTruthy();
    view.unmount();
    renderPage('/portal/reports/scheduled', LIST, userOf('full', { roles }));
    expect(await screen.findByText('No scheduled reports yet.', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Schedule a report/ })).toBeNull();
  });
});
