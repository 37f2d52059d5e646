import { describe, expect, it, vi } from 'vitest';
import { PERSON_CSV_COLUMNS } from '@fleet/common';
import { parseCsvRows } from '../../components/CsvImportModal';
import {
  allPeople,
  normalisePersonRow,
  peopleCsv,
  PERSON_CSV_FIELDS,
  type PersonImportRow,
} from './peopleCsv';
import { personOf } from './testing/peopleFixtures';

describe('the people CSV', () => {
  const sipho = personOf(1, 'Sipho', 'Dlamini', {
    driver_tag: '01A4F3',
    licence_class: 'C',
    licence_expiry: '2027-03-31',
    cellphone: '+27 82 555 0100',
  });

  it('writes PERSON_CSV_COLUMNS in order, one line a person', () => {
    const text = peopleCsv([
      sipho,
      personOf(2, 'Pieter', 'Botha', { is_driver: false, email: null }),
    ]);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(PERSON_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      "Mr,Sipho,Dlamini,sipho@example.com,'+27 82 555 0100,,,C,2027-03-31,,01A4F3,yes",
    );
    expect(lines[2]).toMatch(/^Mr,Pieter,Botha,,.*,no$/);
  });

  it('reads its own export back as the same rows', () => {
    const parsed = parseCsvRows<PersonImportRow>(peopleCsv([sipho]), PERSON_CSV_FIELDS, [
      'First name',
    ]);
    if ('problem' in parsed) throw new Error(parsed.problem);
    expect(parsed.rows.map(normalisePersonRow)).toEqual([
      {
        title: 'Mr',
        first_name: 'Sipho',
        surname: 'Dlamini',
        email: 'sipho@example.com',
        cellphone: '+27 82 555 0100',
        id_number: '',
        licence_number: '',
        licence_class: 'C',
        licence_expiry: '2027-03-31',
        prdp_expiry: '',
        driver_tag: '01A4F3',
        is_driver: 'yes',
      },
    ]);
  });

  it('reads every page, 500 at a time, with the list’s filters', async () => {
    const getPage = vi.fn(async (r: { page?: number }) => ({
      people: r.page === 1 ? [sipho] : [personOf(2, 'Thandi', 'Nkosi')],
      page_count: 2,
    }));
    const people = await allPeople({ drivers_only: true, sort: 'surname', order: 'desc' }, getPage);
    expect(people.map((p) => p.first_name)).toEqual(['Sipho', 'Thandi']);
    expect(getPage.mock.calls.map((c) => c[0])).toEqual([
      { drivers_only: true, sort: 'surname', order: 'desc', page: 1, page_size: 500 },
      { drivers_only: true, sort: 'surname', order: 'desc', page: 2, page_size: 500 },
    ]);
  });
});
