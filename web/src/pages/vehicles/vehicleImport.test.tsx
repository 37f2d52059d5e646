// The vehicles CSV import (the generic CsvImportModal with the vehicle columns) against a fake
// import_vehicles: the file is parsed here, checked by a dry run, and stored only on Import.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ImportAnswer } from '@fleet/common';
import { importVehicles } from '../../api/fleet';
import { CsvImportModal } from '../../components/CsvImportModal';
import { mockApi } from '../../test/mockApi';
import { normaliseVehicleRow, VEHICLE_CSV_KEYS, type VehicleImportRow } from './vehicleCsv';

const DRY_RUN: ImportAnswer = {
  stored: false,
  created: 1,
  updated: 1,
  refused: 1,
  rows: [
    { line: 2, action: 'update', name: 'Hino 500', errors: [] },
    { line: 3, action: 'create', name: 'Polo', errors: [] },
    {
      line: 4,
      action: 'error',
      name: 'Bad one',
      errors: ["Class: 'spaceship' is not a vehicle class", "Year: '19x' is not a year"],
    },
  ],
};

function renderImport(answer: (dryRun: boolean) => ImportAnswer = () => DRY_RUN) {
  const api = mockApi({
    import_vehicles: (p) => ({ data: answer(p.dry_run) }),
  });
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <CsvImportModal<VehicleImportRow>
          open
          title="Import vehicles from CSV"
          noun={['vehicle', 'vehicles']}
          columns={VEHICLE_CSV_KEYS}
          required={['Name']}
          normalise={normaliseVehicleRow}
          run={importVehicles}
          onClose={onClose}
          onImported={onImported}
        />
      </AntApp>
    </QueryClientProvider>,
  );
  return { api, onImported, onClose };
}

function choose(text: string, name = 'vehicles.csv') {
  const file = new File([text], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

const FILE = [
  'Name,Registration,Class,Year,Fuel type,Notes',
  'Hino 500,BX 100 GP,Large truck,2019,Diesel,ignored',
  'Polo,CF 107 GP,hatchback,,,',
  'Bad one,,spaceship,19x,,',
].join('\r\n');

describe('Vehicle CSV import', () => {
  it('checks the file by a dry run and shows each row’s action and problems', async () => {
    const { api } = renderImport();
    choose(FILE);
    const table = await screen.findByRole('table');
    const bad = within(table).getByText('Bad one').closest('tr') as HTMLElement;
    expect(within(bad).getByText('Error')).toBeTruthy();
    const problem = within(bad).getByText("Class: 'spaceship' is not a vehicle class");
    expect(problem.closest('.ant-typography-danger')).toBeTruthy();
    expect(within(bad).getByText("Year: '19x' is not a year")).toBeTruthy();
    const hino = within(table).getByText('Hino 500').closest('tr') as HTMLElement;
    expect(within(hino).getByText('Update')).toBeTruthy();
    expect(screen.getByText('1 row will be refused and not imported')).toBeTruthy();
    expect(screen.getByTestId('csv-import-summary').textContent).toContain(
      'Columns left out: Notes',
    );

    const [dry] = api.requestsOf('import_vehicles');
    expect(dry.parameters.dry_run).toBe(true);
    // Headers become row keys; a class in words becomes its api name, fuel its lower case.
    expect(dry.parameters.rows[0]).toEqual({
      name: 'Hino 500',
      reg: 'BX 100 GP',
      vehicle_class_ref: 'large_truck',
      year: '2019',
      fuel_type: 'diesel',
    });
    expect(dry.parameters.rows).toHaveLength(3);
  });

  it('stores the valid rows only when Import is chosen', async () => {
    const stored: ImportAnswer = { ...DRY_RUN, stored: true };
    const { api, onImported } = renderImport((dryRun) => (dryRun ? DRY_RUN : stored));
    choose(FILE);
    const importButton = await screen.findByRole('button', { name: 'Import 2 vehicles' });
    expect(api.requestsOf('import_vehicles').map((r) => r.parameters.dry_run)).toEqual([true]);
    fireEvent.click(importButton);
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(stored));
    const calls = api.requestsOf('import_vehicles');
    expect(calls.map((r) => r.parameters.dry_run)).toEqual([true, false]);
    expect(calls[1].parameters.rows).toEqual(calls[0].parameters.rows);
  });

  it('offers no import when every row is refused', async () => {
    renderImport(() => ({
      stored: false,
      created: 0,
      updated: 0,
      refused: 1,
      rows: [{ line: 2, action: 'error', name: 'X', errors: ['Name: is required'] }],
    }));
    choose('Name\r\nX');
    expect(await screen.findByText('Name: is required')).toBeTruthy();
    expect(screen.getByText('1 row will be refused and not imported')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Import 0 vehicles' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('refuses a file of more than 5,000 rows, and one without a Name column, before any call', async () => {
    const { api } = renderImport();
    const rows = Array.from({ length: 5001 }, (_, i) => `Unit ${i}`);
    choose(['Name', ...rows].join('\n'), 'big.csv');
    expect(
      await screen.findByText(
        'big.csv has 5,001 rows; one import takes at most 5,000 rows. Split it into smaller files.',
      ),
    ).toBeTruthy();
    choose('Registration\nBX 1 GP', 'noname.csv');
    expect(await screen.findByText(/The file has no Name column/)).toBeTruthy();
    expect(api.requestsOf('import_vehicles')).toHaveLength(0);
  });
});
