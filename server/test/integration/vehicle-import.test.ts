// The vehicles CSV import (issue 12): every row checked with set_vehicle's rules and answered per
// line naming the column; a dry run stores nothing; a real run stores the valid rows (a known
// registration updates its vehicle, any other row adds one) and nothing of the rows in error; a
// thousand bad rows are every one reported; another client's registrations are not matched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { changeLogsOf, clientIdOf, rowCount, unitsOf } from '../support/fleet-records';

let t: TestApp;
let demo: string;
let other: string;
let demoReg: string;
let demoUid: number;

const db = () => t.running.services.db.db;
const row = (name: string, fields: Record<string, string> = {}) => ({ name, ...fields });

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
  const [unit] = await unitsOf(db(), await clientIdOf(db(), 'Demo Fleet'));
  demoReg = unit.reg;
  demoUid = unit.uid;
});
afterAll(() => t.close());

/** A file of good and bad rows (the header is line 1, so the first row is line 2). */
const file = () => [
  row('Import van 1', { reg: 'IMP 001', vehicle_class_ref: 'VAN', year: '2019', tank_size: '80' }),
  row('Import car', { reg: 'IMP 002' }),
  row('Renamed by import', { reg: demoReg.toLowerCase(), make: 'Isuzu' }),
  row('Lorry', { reg: 'IMP 003', vehicle_class_ref: 'lorry' }),
  row('Old', { reg: 'IMP 004', year: 'abc', tank_size: 'ten' }),
  row('Bad; name', { reg: 'IMP 005' }),
  row('', { reg: 'IMP 006', vin: 'IOQ' }),
  row('Hash reg', { reg: 'IMP#7' }),
  row('Import van 2', { reg: 'imp 001' }),
];

describe('import_vehicles', () => {
  it('answers per line what it would do and why it refuses, storing nothing on a dry run', async () => {
    const units = await rowCount(db(), 'units');
    const logs = await rowCount(db(), 'change_logs');
    const res = await t.task(demo, 'import_vehicles', { rows: file(), dry_run: true });
    expect(res.result, res.message).toBe(0);
    expect(res.data).toMatchObject({ stored: false, created: 2, updated: 1, refused: 6 });
    expect(res.data.rows.map((r: any) => [r.line, r.action, r.errors])).toEqual([
      [2, 'create', []],
      [3, 'create', []],
      [4, 'update', []],
      [5, 'error', ["Class: 'lorry' is not a vehicle class"]],
      [6, 'error', ["Year: 'abc' is not a year", "Tank size: 'ten' is not a number"]],
      [7, 'error', [expect.stringMatching(/^Name: must not contain/)]],
      [8, 'error', ['Name: is required', expect.stringMatching(/^VIN: a VIN has letters/)]],
      [9, 'error', [expect.stringMatching(/^Registration: use letters, digits/)]],
      [10, 'error', ["Registration: 'imp 001' is also on line 2"]],
    ]);
    expect(await rowCount(db(), 'units')).toBe(units);
    expect(await rowCount(db(), 'change_logs')).toBe(logs);
  });

  it('stores the valid rows and nothing of the rows in error', async () => {
    const before = await unitsOf(db(), await clientIdOf(db(), 'Demo Fleet'));
    const res = await t.task(demo, 'import_vehicles', { rows: file(), dry_run: false });
    expect(res.result, res.message).toBe(0);
    expect(res.data).toMatchObject({ stored: true, created: 2, updated: 1, refused: 6 });
    const after = await unitsOf(db(), await clientIdOf(db(), 'Demo Fleet'));
    expect(after).toHaveLength(before.length + 2);
    const added = after.filter((u) => !before.some((b) => b.uid === u.uid));
    expect(added.map((u) => [u.name, u.reg, u.vehicle_class_ref, u.year, u.tank_size])).toEqual([
      ['Import van 1', 'IMP 001', 'van', 2019, 80],
      ['Import car', 'IMP 002', 'sedan', null, null],
    ]);
    const updated = after.find((u) => u.uid === demoUid)!;
    const was = before.find((u) => u.uid === demoUid)!;
    // Empty cells leave the vehicle's details as they were.
    expect(updated).toMatchObject({ name: 'Renamed by import', make: 'Isuzu', reg: was.reg });
    expect(updated.vehicle_class_ref).toBe(was.vehicle_class_ref);
    const logs = await changeLogsOf(db(), 'Vehicle');
    expect(logs.filter((l) => l.action === 'I').map((l) => l.description)).toEqual([
      'Vehicle Import van 1 added by import (IMP 001)',
      'Vehicle Import car added by import (IMP 002)',
    ]);
    const edit = logs.find((l) => l.action === 'E' && l.entity_id === String(demoUid))!;
    expect(edit.description).toMatch(/^Renamed by import: name .* → Renamed by import, make /);
    // The same file again: the new registrations now update their vehicles.
    const again = await t.task(demo, 'import_vehicles', { rows: file(), dry_run: true });
    expect(again.data).toMatchObject({ created: 0, updated: 3 });
  });

  it('reports every one of a thousand bad rows and stores none of them', async () => {
    const units = await rowCount(db(), 'units');
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row(`Bulk ${i}`, { reg: `BULK ${i}`, vehicle_class_ref: 'spaceship' }),
    );
    const res = await t.task(demo, 'import_vehicles', { rows, dry_run: false });
    expect(res.result, res.message).toBe(0);
    expect(res.data).toMatchObject({ created: 0, updated: 0, refused: 1000 });
    expect(res.data.rows).toHaveLength(1000);
    expect(res.data.rows.every((r: any) => r.action === 'error')).toBe(true);
    expect(res.data.rows[999]).toMatchObject({
      line: 1001,
      name: 'Bulk 999',
      errors: ["Class: 'spaceship' is not a vehicle class"],
    });
    expect(await rowCount(db(), 'units')).toBe(units);
  });

  it("never matches another client's registration", async () => {
    const res = await t.task(other, 'import_vehicles', {
      rows: [row('Not yours', { reg: demoReg })],
      dry_run: false,
    });
    expect(res.data).toMatchObject({ created: 1, updated: 0 });
    const unit = await db()
      .selectFrom('units')
      .selectAll()
      .where('uid', '=', demoUid)
      .executeTakeFirstOrThrow();
    expect(unit.name).toBe('Renamed by import');
  });

  it('refuses an empty file naming the field', async () => {
    const res = await t.task(demo, 'import_vehicles', { rows: [], dry_run: true });
    expect(res).toMatchObject({ result: 1, message: 'rows: the file has no rows' });
  });
});
