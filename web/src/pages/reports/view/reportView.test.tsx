// The Website view of a hand-made document: the header every format carries, figures written as
// SPEC §9 asks (km with 2 decimals, hours and minutes, times in the client's zone), a table whose
// columns sort by their kind with its totals and the rows only the CSV holds, the chart as given,
// the map's layers, and a report with no data that says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReportChartSection, ReportMapSection } from '@fleet/common';
import { charts } from '../../../test/fakeEcharts';
import { userOf } from '../../../test/fixtures';
import { PAGE_TEST, renderPage } from '../../drivers/testing/renderPage';
import { FIRST_RENDER, wideScreenMedia } from '../../vehicles/testing/vehicleFixtures';
import { docOf, FLEET_DOC } from '../testing/reportFixtures';
import { cellText, durationText } from './cellFormat';
import { chartOption } from './ReportChart';
import { mapLayers } from './ReportMap';
import ReportView from './ReportView';

vi.mock('echarts/core', () => import('../../../test/fakeEcharts'));
vi.mock('../../../map', () => ({
  MapView: ({ children }: { children: unknown }) => (
    <div data-testid="map">{children as never}</div>
  ),
  TripLayer: ({ trips }: { trips: unknown[] }) => (
    <span data-testid="trips" data-count={trips.length} />
  ),
  GeofenceLayer: () => null,
  fitToPoints: () => true,
}));

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => {
  vi.unstubAllGlobals();
  charts.length = 0;
});

function show(doc = FLEET_DOC) {
  const Page = () => <ReportView doc={doc} csvPath="/portal/reports/generate/x" />;
  return renderPage(
    '/r',
    { path: '/r', title: 'Generate Report', Component: Page },
    userOf('full'),
  );
}

const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('The Website view', PAGE_TEST, () => {
  it('carries the header, the figures, a sortable table with totals and the CSV-only rows', async () => {
    show();
    await screen.findByRole('heading', { level: 2, name: 'Fleet summary' }, FIRST_RENDER);
    expect(screen.getByText('Fleet Portal')).toBeTruthy();
    expect(screen.getByText('Demo Fleet')).toBeTruthy();
    expect(screen.getByText('1 Nov 2026 – 30 Nov 2026 (Africa/Johannesburg)')).toBeTruthy();
    // 06:30 UTC is 08:30 in Johannesburg.
    expect(screen.getByText('2026-12-01 08:30')).toBeTruthy();
    expect(screen.getByText('Alpha, Bravo, Charlie')).toBeTruthy();
    // Summary figures.
    expect(document.querySelector('.report-summary')!.textContent).toBe(
      'Distance181.25 kmDriving time3 h 05 min',
    );

    const region = screen.getByRole('region', { name: 'Per vehicle' });
    const table = within(region).getByRole('table');
    expect(firstColumn(table)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Total']);
    const alpha = within(table).getAllByRole('row')[1];
    expect(
      within(alpha)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Alpha', '12.35 km', '1 h 05 min', '2026-11-30 08:00']);
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(totals)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '181.25 km', '3 h 05 min', '']);

    fireEvent.click(within(table).getByRole('columnheader', { name: /Distance/ }));
    expect(firstColumn(table)).toEqual(['Alpha', 'Charlie', 'Bravo', 'Total']);
    fireEvent.click(within(table).getByRole('columnheader', { name: /Distance/ }));
    expect(firstColumn(table)).toEqual(['Bravo', 'Charlie', 'Alpha', 'Total']);
    fireEvent.click(within(table).getByRole('columnheader', { name: /Last trip/ }));
    // By instant, the empty cell first.
    expect(firstColumn(table)).toEqual(['Charlie', 'Bravo', 'Alpha', 'Total']);

    expect(screen.getByText(/2500 more rows in the CSV/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'download the CSV' })).toBeTruthy();
    // The table's scroll region is named and reachable by keyboard.
    expect(region.tabIndex).toBe(0);

    const option = charts[0].options.at(-1);
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Distance', data: [12.35, 150.5, 18.4] }),
    ]);
    expect(option.xAxis.data).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('says so when the period had nothing, or shows the note the report wrote', async () => {
    const view = show(docOf({ empty: true, sections: [] }));
    expect(
      await screen.findByText(/Nothing happened in this period/, {}, FIRST_RENDER),
    ).toBeTruthy();
    expect(document.querySelector('.ant-table')).toBeNull();
    view.unmount();
    show(
      docOf({ empty: true, sections: [{ kind: 'note', text: 'No trips from 1 to 30 Nov 2026' }] }),
    );
    expect(await screen.findByText('No trips from 1 to 30 Nov 2026')).toBeTruthy();
    expect(screen.queryByText(/Nothing happened in this period/)).toBeNull();
  });
});

describe('Report cells, charts and maps', () => {
  it('writes each kind as SPEC §9 asks', () => {
    const zone = 'Africa/Johannesburg';
    expect(cellText(12.345, 'km', zone)).toBe('12.35 km');
    expect(cellText(0, 'km', zone)).toBe('0.00 km');
    expect(durationText(45)).toBe('45 s');
    expect(durationText(3900)).toBe('1 h 05 min');
    expect(durationText(52 * 3600 + 600)).toBe('52 h 10 min');
    expect(cellText(719, 'duration', zone)).toBe('12 min');
    expect(cellText(87.6, 'speed', zone)).toBe('88 km/h');
    expect(cellText(null, 'km', zone)).toBe('—');
    expect(cellText('2026-03-29T00:30:00Z', 'datetime', 'Europe/Berlin')).toBe('2026-03-29 01:30');
    expect(cellText('2026-03-29T01:30:00Z', 'datetime', 'Europe/Berlin')).toBe('2026-03-29 03:30');
    expect(cellText(42.5, 'percent', zone)).toBe('43%');
    expect(cellText(55.123, 'litres', zone)).toBe('55.12 L');
  });

  it('draws a heat table with its colour scale from 0 to the largest cell', () => {
    const heat: ReportChartSection = {
      kind: 'chart',
      title: 'Hours used per day',
      chart: 'heatmap',
      categories: ['2026-11-02', '2026-11-03'],
      series: [],
      rows: ['Alpha', 'Bravo'],
      cells: [
        [0, 0, 2.5],
        [1, 0, 0],
        [0, 1, 7.25],
        [1, 1, 1],
      ],
      unit: 'h',
    };
    const option = chartOption(heat) as any;
    expect(option.series[0]).toMatchObject({ type: 'heatmap', data: heat.cells });
    expect(option.visualMap).toMatchObject({ min: 0, max: 7.25 });
    expect(option.yAxis.data).toEqual(['Alpha', 'Bravo']);
    expect(option.tooltip.formatter({ value: [0, 1, 7.25] })).toBe('Bravo, 2026-11-02: 7.25 h');
  });

  it("hands the map a day's route as a trip line, stops as P signs and events as named dots", () => {
    const map: ReportMapSection = {
      kind: 'map',
      title: 'Route on 2 Nov',
      paths: [
        {
          name: 'Trip 1',
          points: [
            [28.04, -26.2],
            [28.1, -26.1],
          ],
        },
      ],
      markers: [
        { lon: 28.04, lat: -26.2, label: 'Start 08:00', kind: 'start' },
        { lon: 28.07, lat: -26.15, label: 'Parked 25 min', kind: 'stop' },
        { lon: 28.09, lat: -26.12, label: 'Harsh brake', kind: 'event' },
      ],
    };
    const layers = mapLayers(map);
    expect(layers.trips[0].points.map((p) => [p.lat, p.lon])).toEqual([
      [-26.2, 28.04],
      [-26.1, 28.1],
    ]);
    expect(layers.stops).toEqual([{ lat: -26.15, lon: 28.07, label: 'Parked 25 min' }]);
    expect(layers.dots.map((d) => d.name)).toEqual(['Harsh brake']);
    expect(layers.all).toHaveLength(5);
    // Without lines (last positions), every marker is a named dot.
    expect(mapLayers({ ...map, paths: [] }).dots.map((d) => d.name)).toEqual([
      'Start 08:00',
      'Harsh brake',
    ]);
  });
});
