// The fuel pages against fakes of the fuel tasks: a real .xlsx (built here as Excel writes one)
// read with its formula cell refused; a CSV chosen on the import page, previewed with each row's
// error and sent in chunks (open, rows, finish); the usage page with a flagged fill.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { matchFuelHeaders, type FuelFill, type FuelVehicleUsage } from '@fleet/common';
import { userOf } from '../../../test/fixtures';
import { mockApi } from '../../../test/mockApi';
import { PAGE_TEST, renderPage } from '../../drivers/testing/renderPage';
import FuelUploadPage from '../FuelUploadPage';
import FuelUsagePage from '../FuelUsagePage';
import { previewRows, uploadRows } from './fuelRows';
import { readXlsxText } from './xlsxRead';
import { charts } from '../../../test/fakeEcharts';

afterEach(() => vi.unstubAllGlobals());

vi.mock('echarts/core', () => import('../../../test/fakeEcharts'));

const VEHICLES = [
  { uid: 1, reg: 'BX 100 GP' },
  { uid: 2, reg: 'CF 107 GP' },
];

/** A one-sheet workbook; `cells` are [ref, inner XML, type]. */
function xlsx(cells: [string, string, string?][]): ArrayBuffer {
  const rows = new Map<number, string[]>();
  for (const [ref, inner, type] of cells) {
    const row = Number(ref.replace(/[A-Z]+/, ''));
    const list = rows.get(row) ?? [];
    list.push(`<c r="${ref}"${type ? ` t="${type}"` : ''}>${inner}</c>`);
    rows.set(row, list);
  }
  const sheetData = [...rows].map(([r, list]) => `<row r="${r}">${list.join('')}</row>`).join('');
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Fuel" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    ),
  };
  const bytes = zipSync(files);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const text = (ref: string, s: string): [string, string, string] => [
  ref,
  `<is><t>${s}</t></is>`,
  'inlineStr',
];
const num = (ref: string, n: number): [string, string] => [ref, `<v>${n}</v>`];

describe('the XLSX path', () => {
  it('reads the cells and refuses a formula cell without running it', async () => {
    const buffer = xlsx([
      text('A1', 'Registration'),
      text('B1', 'Datetime'),
      text('C1', 'Litres'),
      text('D1', 'Odometer'),
      text('A2', 'bx 100 gp'),
      text('B2', '2026-11-20 08:15'),
      num('C2', 55.5),
      num('D2', 120450),
      text('A3', 'CF 107 GP'),
      text('B3', '2026-11-21 09:00'),
      // =C2*2 with Excel's cached result: the cached 111 must not be used
      ['C3', '<f>C2*2</f><v>111</v>'],
      num('D3', 98000),
    ]);
    const sheet = await readXlsxText(buffer);
    expect(sheet.rows[1]).toEqual(['bx 100 gp', '2026-11-20 08:15', '55.5', '120450']);
    expect(sheet.formulas).toEqual({ 2: ['C3'] });
    const [header, ...rows] = sheet.rows;
    const match = matchFuelHeaders(header);
    expect(match.exact).toBe(true);
    const upload = uploadRows({ headers: header, rows, formulas: sheet.formulas }, match.map);
    const preview = previewRows(
      upload,
      VEHICLES,
      'Africa/Johannesburg',
      Date.parse('2026-11-25T08:00:00Z'),
    );
    expect(preview[0]).toMatchObject({ line: 2, reg: 'BX100GP', litres: 55.5, uid: 1 });
    expect(preview[0].error).toBeUndefined();
    expect(preview[1].error).toBe('Cell C3 holds a formula; formulas are not run: type the value');
  });
});

const batch = (over: Record<string, unknown> = {}) => ({
  id: 7,
  file_name: 'march.csv',
  uploaded_datetime: '2026-11-25T08:00:00.000Z',
  uploaded_by: 'demo',
  row_count: 3,
  valid_count: 1,
  error_count: 2,
  litres: 55.5,
  finished: true,
  ...over,
});

describe('Import Fuel Usage', PAGE_TEST, () => {
  it('maps differing columns, shows each row with its error and sends the rows in chunks', async () => {
    const sent: Record<string, any>[] = [];
    mockApi({
      get_vehicles: () => ({ data: { vehicles: VEHICLES, count: 2, page_count: 1 } }),
      get_fuel_batches: () => ({ data: { fuel_batches: [], count: 0, page_count: 1 } }),
      set_fuel_batch: (p) => {
        sent.push(p);
        return { data: { fuel_batch: batch({ finished: !!p.finish }) } };
      },
    });
    renderPage(
      '/portal/vehicles/fuel_usage/add',
      {
        path: '/portal/vehicles/fuel_usage/add',
        title: 'Import Fuel Usage',
        Component: FuelUploadPage,
      },
      userOf('full'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import Fuel Usage' }),
    ).toBeTruthy();
    await screen.findByText('No fuel files imported yet');
    // Wait for the registrations the preview checks against.
    await waitFor(() => expect(document.querySelector('#fuel-file')).toBeTruthy());
    const csv =
      'Reg,Date,Liters,Odo\nbx 100 gp,2026-11-20 08:15,55.5,120450\nNOPE,2026-11-20 09:00,40,1000\nCF 107 GP,2026-11-21 09:00,-3,98000\n';
    const file = new File([csv], 'march.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Choose fuel file'), { target: { files: [file] } });
    expect(
      await screen.findByText(
        "The file's column names differ from the import's. Choose which column of the file holds each value.",
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('1 valid, 2 with errors'),
    );
    expect(screen.getByText('Registration NOPE is none of your vehicles')).toBeTruthy();
    expect(screen.getByText('Litres must be more than 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(
      await screen.findByText('Imported march.csv: 1 valid rows, 2 with errors.'),
    ).toBeTruthy();
    expect(sent[0]).toEqual({ file_name: 'march.csv' });
    expect(sent[1].rows.map((r: any) => r.line)).toEqual([2, 3, 4]);
    expect(sent[1].rows[1]).toMatchObject({ reg: 'NOPE', litres: '40', odometer: '1000' });
    expect(sent[2]).toEqual({ id: 7, finish: true });
  });

  it('refuses a file that is not CSV or XLSX before reading it', async () => {
    const api = mockApi({
      get_vehicles: () => ({ data: { vehicles: VEHICLES, count: 2, page_count: 1 } }),
      get_fuel_batches: () => ({ data: { fuel_batches: [batch()], count: 1, page_count: 1 } }),
    });
    renderPage(
      '/portal/vehicles/fuel_usage/add',
      {
        path: '/portal/vehicles/fuel_usage/add',
        title: 'Import Fuel Usage',
        Component: FuelUploadPage,
      },
      userOf('full'),
    );
    await screen.findByText('march.csv');
    const file = new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Choose fuel file'), { target: { files: [file] } });
    expect(await screen.findByText(/statement\.pdf is not a CSV or XLSX file/)).toBeTruthy();
    expect(api.calls.some((c) => JSON.stringify(c.body).includes('set_fuel_batch'))).toBe(false);
  });
});

describe('Fuel Usage', PAGE_TEST, () => {
  it('shows each vehicle and the flagged fill with why', async () => {
    const vehicle: FuelVehicleUsage = {
      uid: 1,
      name: 'Toyota Hilux JOH-01',
      reg: 'BX 100 GP',
      basis: 'km',
      tank_size: 80,
      fills: 2,
      litres: 202,
      used: 1100,
      consumption: 18.4,
      usual: 9.5,
      above_usual: true,
      flagged: 1,
    };
    const fill: FuelFill = {
      id: 5,
      uid: 1,
      datetimestamp: '2026-11-07T08:00:00.000Z',
      litres: 142,
      odometer: 50_000,
      hours: null,
      used: 550,
      used_source: 'card',
      consumption: 25.8,
      usual: 9.5,
      above_usual: true,
      flags: ['tank'],
      tracked: false,
    };
    mockApi({
      get_fuel_usage: () => ({ data: { vehicles: [vehicle], fills: [fill], flagged_count: 1 } }),
    });
    renderPage(
      '/portal/vehicles/fuel_usage/index',
      { path: '/portal/vehicles/fuel_usage/index', title: 'Fuel Usage', Component: FuelUsagePage },
      userOf('full'),
    );
    expect(
      await screen.findByText('1 flagged fill; 1 vehicle far above their usual consumption'),
    ).toBeTruthy();
    expect(screen.getByText('More litres than the tank holds')).toBeTruthy();
    expect(screen.getAllByText('Above usual').length).toBe(2);
    expect(screen.getAllByText('Toyota Hilux JOH-01').length).toBeGreaterThan(0);
    // The vehicle far above its usual is drawn red, its usual beside it.
    const option = charts.at(-1)!.options.at(-1);
    expect(option.series[0].data).toEqual([{ value: 18.4, itemStyle: { color: '#cf1322' } }]);
    expect(option.series[1].data).toEqual([9.5]);
  });
});
