// The pieces the report formats share (issue 14 item 2): cell wording and CSV values in the
// client's zone (across a daylight-saving change), file names, the map's projection, clipping and
// scale, the charts' SVG, the theme's logo and the PDF's column widths.
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '@fleet/common';
import { reportFilename } from '../../src/reports/render';
import { brandLogo } from '../../src/reports/render/brand';
import { chartSvg } from '../../src/reports/render/chart-svg';
import {
  cellText,
  csvTitle,
  csvValue,
  durationText,
  headerFacts,
  localDateTime,
  slug,
} from '../../src/reports/render/format';
import { clipLine, clipRing, fitView, type Point } from '../../src/reports/render/map-geo';
import { mapSvg } from '../../src/reports/render/map-svg';
import { fitWidths } from '../../src/reports/render/pdf-table';
import { pdfSafe } from '../../src/reports/render/pdf-text';
import { makeDoc, ZONE } from '../fixtures/reports/docs';

describe('cells', () => {
  it('reads as a person reads them in PDF and HTML', () => {
    expect(cellText(12.345, 'km', ZONE, 2)).toBe('12.35 km');
    expect(cellText(4.1, 'km', ZONE)).toBe('4.10 km');
    expect(cellText(3900, 'duration', ZONE)).toBe('1 h 05 min');
    expect(cellText(690, 'duration', ZONE)).toBe('12 min');
    expect(cellText(40, 'duration', ZONE)).toBe('40 s');
    expect(cellText(90_000, 'duration', ZONE)).toBe('25 h 00 min');
    expect(cellText('2026-11-25T06:15:40.000Z', 'datetime', ZONE)).toBe('2026-11-25 08:15');
    expect(cellText('2026-11-25', 'date', ZONE)).toBe('Wed 25 Nov 2026');
    expect(cellText(96.4, 'speed', ZONE)).toBe('96 km/h');
    expect(cellText(45.2, 'litres', ZONE)).toBe('45.20 L');
    expect(cellText(12.5, 'percent', ZONE)).toBe('12.5%');
    expect(cellText(-25.747912, 'coordinate', ZONE)).toBe('-25.74791');
    expect(cellText(7, 'number', ZONE)).toBe('7');
    expect(cellText(null, 'km', ZONE)).toBe('');
  });

  it('stays raw in the CSV, times to the second in the zone', () => {
    expect(csvValue(12.345, 'km', ZONE)).toBe('12.35');
    expect(csvValue(3900.4, 'duration', ZONE)).toBe('3900');
    expect(csvValue(96.4, 'speed', ZONE)).toBe('96.4');
    expect(csvValue('2026-11-25T06:15:40.000Z', 'datetime', ZONE)).toBe('2026-11-25 08:15:40');
    expect(csvValue(Date.parse('2026-11-25T06:15:40Z'), 'datetime', ZONE)).toBe(
      '2026-11-25 08:15:40',
    );
    expect(csvTitle({ key: 'd', title: 'Distance', kind: 'km' })).toBe('Distance (km)');
    expect(csvTitle({ key: 'd', title: 'Driving time', kind: 'duration' })).toBe(
      'Driving time (s)',
    );
    expect(csvTitle({ key: 'd', title: 'Speed (km/h)', kind: 'speed' })).toBe('Speed (km/h)');
    expect(csvTitle({ key: 'd', title: 'Vehicle', kind: 'text' })).toBe('Vehicle');
  });

  it('follows the zone across a daylight-saving change', () => {
    // Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 29 Mar 2026.
    expect(localDateTime('2026-03-29T00:30:00Z', 'Europe/Berlin')).toBe('2026-03-29 01:30:00');
    expect(localDateTime('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
    expect(localDateTime('2026-03-28T12:00:00Z', 'Europe/Berlin')).toBe('2026-03-28 13:00:00');
    expect(localDateTime('2026-03-30T12:00:00Z', 'Europe/Berlin')).toBe('2026-03-30 14:00:00');
    // and back at 01:00 UTC on 25 Oct 2026
    expect(localDateTime('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(localDateTime('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
  });

  it('words durations in hours and minutes', () => {
    expect(durationText(0)).toBe('0 s');
    expect(durationText(59.6)).toBe('1 min');
    expect(durationText(3570)).toBe('1 h 00 min');
    expect(durationText(8190)).toBe('2 h 17 min');
  });
});

describe('header and file name', () => {
  it('names the period, the subjects and the generation time in the zone', () => {
    const facts = headerFacts(
      makeDoc({
        period: { from: '2026-11-01', to: '2026-11-30' },
        subjects: ['A', 'B', 'C', 'D', 'E'],
      }),
    );
    expect(facts.period).toBe('1 Nov 2026 – 30 Nov 2026');
    expect(facts.subjects).toBe('A, B, C ... and 2 more');
    expect(facts.subjectsLabel).toBe('Vehicles');
    expect(facts.generated).toBe('2026-11-26 06:00 (Africa/Johannesburg)');
    expect(headerFacts(makeDoc({ report: 'driver_trips' })).subjectsLabel).toBe('Drivers');
    expect(headerFacts(makeDoc({ period: null })).period).toBe('Now');
  });

  it('names a file by report, its one subject or else the client, and period, in ASCII', () => {
    expect(reportFilename(makeDoc({ subjects: ['Kombi 1 (Cape Town)'] }), 'pdf')).toBe(
      'trips-kombi-1-cape-town-2026-11-25-2026-11-25.pdf',
    );
    const fleet = makeDoc({
      report: 'fleet_summary',
      client: 'Élan Logístics',
      subjects: ['A', 'B'],
      period: { from: '2026-11-01', to: '2026-11-30' },
    });
    expect(reportFilename(fleet, 'csv')).toBe(
      'fleet-summary-elan-logistics-2026-11-01-2026-11-30.csv',
    );
    expect(reportFilename(makeDoc({ report: 'last_position', period: null }), 'html')).toBe(
      'last-position-bakkie-1-2026-11-26.html',
    );
    expect(slug('🚚')).toBe('report');
  });
});

describe('map', () => {
  const route: Point[] = [
    [28.0473, -26.2041],
    [28.1881, -25.7479],
  ];

  it('fits the route with a margin and a true scale', () => {
    const view = fitView(route, 600, 400);
    for (const [lon, lat] of route) {
      const [x, y] = view.project(lon, lat);
      expect(x).toBeGreaterThanOrEqual(600 * 0.08 - 0.01);
      expect(x).toBeLessThanOrEqual(600 * 0.92 + 0.01);
      expect(y).toBeGreaterThanOrEqual(400 * 0.08 - 0.01);
      expect(y).toBeLessThanOrEqual(400 * 0.92 + 0.01);
    }
    // Johannesburg to Pretoria: the px between them times metres per px is the distance (±1%).
    const [a, b] = route.map(([lon, lat]) => view.project(lon, lat));
    const metres = haversineMeters(route[0][1], route[0][0], route[1][1], route[1][0]);
    expect(Math.hypot(a[0] - b[0], a[1] - b[1]) * view.metresPerPx).toBeCloseTo(metres, -3);
    // North is up.
    expect(b[1]).toBeLessThan(a[1]);
  });

  it('clips land to the view and lines to their parts inside it', () => {
    const box: [number, number, number, number] = [0, 0, 10, 10];
    const square: Point[] = [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ];
    expect(clipRing(square, box)).toEqual([
      [0, 0],
      [5, 0],
      [5, 5],
      [0, 5],
    ]);
    const away: Point[] = [
      [20, 20],
      [30, 20],
      [30, 30],
    ];
    expect(clipRing(away, box)).toEqual([]);
    // In, out across the right edge, back in: two parts, cut where the line crosses x = 10.
    const line: Point[] = [
      [-5, 5],
      [5, 5],
      [15, 5],
      [15, 8],
      [5, 8],
    ];
    expect(clipLine(line, box)).toEqual([
      [
        [0, 5],
        [5, 5],
        [10, 5],
      ],
      [
        [10, 8],
        [5, 8],
      ],
    ]);
  });

  it('draws land, the towns in view, the route, markers, legend and a scale bar', () => {
    const svg = mapSvg(
      {
        kind: 'map',
        title: 'Johannesburg to Pretoria',
        paths: [{ name: 'Truck', points: route }],
        markers: [
          { lon: route[0][0], lat: route[0][1], label: 'Start', kind: 'start' },
          { lon: route[1][0], lat: route[1][1], label: 'End', kind: 'end' },
        ],
      },
      600,
      400,
    );
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="Map: Johannesburg to Pretoria"/);
    expect(svg).toMatch(/<path d="M[^"]+Z" fill="#f3f0e8"/);
    expect(svg).toContain('>Midrand</text>');
    expect(svg).not.toContain('>Durban</text>');
    expect(svg).toContain('fill="#389e0d"'); // start, green
    expect(svg).toContain('fill="#cf1322"'); // end, red
    expect(svg).toMatch(/>\d+ km<\/text>/);
  });

  it('shows the default view for a map with nothing on it', () => {
    const svg = mapSvg({ kind: 'map', title: 'Nothing', paths: [], markers: [] }, 400, 300);
    expect(svg).toContain('fill="#f3f0e8"');
  });
});

describe('charts', () => {
  it('draws bars, lines and a heat table as SVG', () => {
    const bar = chartSvg(
      {
        kind: 'chart',
        title: 'Distance',
        chart: 'bar',
        categories: ['Mon', 'Tue'],
        series: [{ name: 'km', values: [12, 20] }],
        unit: 'km',
      },
      500,
      240,
    );
    expect(bar).toMatch(/^<svg width="500" height="240"/);
    expect(bar).toContain('>Mon</text>');
    const heat = chartSvg(
      {
        kind: 'chart',
        title: 'Hours used',
        chart: 'heatmap',
        categories: ['1 Nov', '2 Nov'],
        series: [],
        rows: ['Bakkie 1', 'Truck 2'],
        cells: [
          [0, 0, 3.5],
          [1, 1, 7],
        ],
        unit: 'h',
      },
      500,
      200,
    );
    expect(heat).toContain('>Truck 2</text>');
    expect(heat).toContain('>7 h</text>');
  });
});

describe('logo, widths and text', () => {
  it("reads the theme's logo from the web app's public folder and nothing outside it", () => {
    expect(brandLogo('themes/dev/logo.svg')?.bytes.toString()).toContain('DEV');
    expect(brandLogo('/themes/dev/logo.svg')?.mime).toBe('image/svg+xml');
    expect(brandLogo('themes/none/logo.svg')).toBeNull();
    expect(brandLogo('../../server/package.json')).toBeNull();
    expect(brandLogo('../../../etc/hostname.png')).toBeNull();
    expect(brandLogo('https://example.com/logo.png')).toBeNull();
    const png = brandLogo('data:image/png;base64,iVBORw0KGgo=');
    expect(png?.mime).toBe('image/png');
    expect([...png!.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('fits the columns to the page: narrow ones keep their width, wide ones share the rest', () => {
    expect(fitWidths([50, 50], 200)).toEqual([100, 100]);
    expect(fitWidths([50, 300, 500], 450)).toEqual([50, 200, 200]);
  });

  it('keeps what Helvetica can show', () => {
    expect(pdfSafe('Škoda – Öl €5')).toBe('Škoda – Öl €5');
    expect(pdfSafe('Tru\u0302ck 🚚\n2')).toBe('Trûck ? 2');
  });
});
