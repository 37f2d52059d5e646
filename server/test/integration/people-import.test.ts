// The people CSV import (issue 12): each row checked with set_person's rules, errors naming the
// CSV column, a dry run that stores nothing, rows in error that store nothing, updates found by
// e-mail or by driver tag (in any spelling), change-log rows, and deleted people never matched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '@fleet/common';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let other: string;

const db = () => t.running.services.db.db;

async function peopleRows() {
  return db().selectFrom('people').selectAll().orderBy('pid').execute();
}

async function importRows(
  rows: Record<string, string>[],
  dry_run: boolean,
  token = demo,
): Promise<ImportAnswer> {
  const res = await t.task(token, 'import_people', { rows, dry_run });
  expect(res.result, res.message).toBe(0);
  return res.data;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  other = await t.login('other');
});
afterAll(() => t.close());

const GOOD: Record<string, string>[] = [
  // New people.
  {
    title: 'mr.',
    first_name: 'Bongani',
    surname: 'Sithole',
    email: 'bongani@example.com',
    cellphone: '082 555 0102',
    licence_class: 'c',
    licence_expiry: '2027-01-31',
    driver_tag: 'ABCD0001',
    is_driver: 'yes',
  },
  { first_name: 'Priya', surname: 'Govender', is_driver: 'no', prdp_expiry: '2026-11-30' },
  // Thandi, found by her e-mail (in other letters): her licence number and class change.
  {
    first_name: 'Thandi',
    surname: 'Mokoena',
    email: 'Thandi.Mokoena@demofleet.co.za',
    licence_number: 'LN998877',
    licence_class: 'C',
  },
  // Pieter, found by his tag as a tracker spells it; the empty cells keep his values.
  { first_name: 'Pieter', surname: 'Botha', driver_tag: '00000000A1B2C304', is_driver: '0' },
];

describe('import_people', () => {
  it('a dry run says what would happen and stores nothing', async () => {
    const before = await peopleRows();
    const answer = await importRows(GOOD, true);
    expect(answer).toMatchObject({ stored: false, created: 2, updated: 2, refused: 0 });
    expect(answer.rows.map((r) => [r.line, r.action, r.name])).toEqual([
      [2, 'create', 'Bongani Sithole'],
      [3, 'create', 'Priya Govender'],
      [4, 'update', 'Thandi Mokoena'],
      [5, 'update', 'Pieter Botha'],
    ]);
    expect(await peopleRows()).toEqual(before);
  });

  it('refuses each bad row naming its columns; the good rows of the file are stored', async () => {
    const before = await peopleRows();
    const bad: Record<string, string>[] = [
      { title: 'Sir', first_name: 'Ann!', email: 'ann@example' },
      { first_name: '', licence_expiry: '2027-02-30', prdp_expiry: '30/11/2026' },
      { first_name: 'Carl', licence_class: 'Z', is_driver: 'maybe', cellphone: 'none' },
      // Thandi's e-mail with Sipho's tag (in his record's spelling).
      { first_name: 'Dan', email: 'thandi.mokoena@demofleet.co.za', driver_tag: '0000a1b2c301' },
      { first_name: 'Eve', driver_tag: 'BAD;TAG' },
      // The same new tag and e-mail twice in the file: the second row is refused.
      { first_name: 'Fay', driver_tag: 'F00D01', email: 'fay@example.com' },
      { first_name: 'Gus', driver_tag: 'f00d01' },
      { first_name: 'Hal', email: 'FAY@example.com' },
    ];
    const answer = await importRows(bad, true);
    expect(answer).toMatchObject({ stored: false, created: 1, updated: 0, refused: 7 });
    const errors = answer.rows.map((r) => r.errors);
    expect(errors[0]).toEqual([
      'Title: is not one of Mr, Mrs, Miss, Ms, Dr, Prof, Rev',
      expect.stringMatching(/^First name: must not contain/),
      'E-mail: is not a valid e-mail address',
    ]);
    expect(errors[1]).toEqual([
      'First name: is required',
      'Licence expiry: is not a real date',
      'PrDP expiry: must be a date like 2027-03-31',
    ]);
    expect(errors[2]).toEqual([
      'Licence class: is not one of unknown, A1, A2, B, C',
      'Driver: must be yes, no, 1 or 0',
      expect.stringMatching(/^Cellphone: /),
    ]);
    expect(errors[3]).toEqual(['Driver tag: already used by Sipho Nkosi']);
    expect(errors[4]).toEqual([expect.stringMatching(/^Driver tag: /)]);
    expect(errors[5]).toEqual([]);
    expect(errors[6]).toEqual(['Driver tag: also on line 7']);
    expect(errors[7]).toEqual(['E-mail: also on line 7']);
    // Stored for real: only Fay.
    const stored = await importRows(bad, false);
    expect(stored).toMatchObject({ stored: true, created: 1, refused: 7 });
    const after = await peopleRows();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ first_name: 'Fay', driver_tag: 'F00D01', roles: '[0,6]' });
  });

  it('creates and updates, keeps what empty cells leave, and logs each person', async () => {
    const before = await peopleRows();
    const answer = await importRows(GOOD, false);
    expect(answer).toMatchObject({ stored: true, created: 2, updated: 2, refused: 0 });
    const after = await peopleRows();
    expect(after).toHaveLength(before.length + 2);
    const bongani = after.find((p) => p.first_name === 'Bongani')!;
    expect(bongani).toMatchObject({
      title: 'Mr',
      licence_class: 'C',
      licence_expiry: Date.UTC(2027, 0, 31),
      roles: '[0,6]',
      driver_tag: 'ABCD0001',
      email: 'bongani@example.com',
    });
    expect(after.find((p) => p.first_name === 'Priya')!.roles).toBe('[0]');
    const thandiBefore = before.find((p) => p.first_name === 'Thandi')!;
    const thandi = after.find((p) => p.pid === thandiBefore.pid)!;
    expect(thandi).toMatchObject({
      licence_number: 'LN998877',
      licence_class: 'C',
      driver_tag: thandiBefore.driver_tag,
      cellphone: thandiBefore.cellphone,
      licence_expiry: thandiBefore.licence_expiry,
      roles: thandiBefore.roles,
    });
    const pieterBefore = before.find((p) => p.first_name === 'Pieter')!;
    const pieter = after.find((p) => p.pid === pieterBefore.pid)!;
    expect(JSON.parse(pieter.roles)).not.toContain(6);
    expect(pieter.driver_tag).toBe('00000000A1B2C304');
    expect(pieter.email).toBe(pieterBefore.email);
    const logs = await db()
      .selectFrom('change_logs')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'Person')
      .where('description', 'like', '%(import)')
      .orderBy('id')
      .execute();
    expect(logs.slice(-4).map((l) => [l.action, Number(l.entity_id)])).toEqual([
      ['I', bongani.pid],
      ['I', after.find((p) => p.first_name === 'Priya')!.pid],
      ['E', thandi.pid],
      ['E', pieter.pid],
    ]);
  });

  it('never matches a deleted person, nor another client’s', async () => {
    const bongani = (await peopleRows()).find((p) => p.first_name === 'Bongani')!;
    expect((await t.task(demo, 'delete_person', { pid: bongani.pid })).result).toBe(0);
    const again = await importRows(
      [{ first_name: 'Bongani', surname: 'Sithole', email: 'bongani@example.com' }],
      true,
    );
    expect(again.rows[0]).toMatchObject({ action: 'create', errors: [] });
    // The Other Fleet user imports a Demo Fleet person's e-mail and tag: a new person of its own.
    const theirs = await importRows(
      [
        {
          first_name: 'Thandi',
          email: 'thandi.mokoena@demofleet.co.za',
          driver_tag: '0000A1B2C305',
        },
      ],
      true,
      other,
    );
    expect(theirs).toMatchObject({ created: 1, updated: 0, refused: 0 });
    expect(JSON.stringify(theirs)).not.toContain('Nomvula');
  });
});
