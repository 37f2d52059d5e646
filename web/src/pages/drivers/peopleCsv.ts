// The people CSV: PERSON_CSV_COLUMNS of @fleet/common, written by the export (every page of the
// list as filtered) and read back by the import as import_people's rows.
import { MAX_PAGE_SIZE, PERSON_CSV_COLUMNS, type Person, type TaskRequest } from '@fleet/common';
import { toCsv, type CsvCell } from '../../components/download';

export type PersonImportRow = TaskRequest<'import_people'>['rows'][number];
type ImportKey = keyof PersonImportRow & string;

/** The import_people field each column fills, in PERSON_CSV_COLUMNS order. */
export const PERSON_CSV_FIELDS: Record<(typeof PERSON_CSV_COLUMNS)[number], ImportKey> = {
  Title: 'title',
  'First name': 'first_name',
  Surname: 'surname',
  'E-mail': 'email',
  Cellphone: 'cellphone',
  'ID number': 'id_number',
  'Licence number': 'licence_number',
  'Licence class': 'licence_class',
  'Licence expiry': 'licence_expiry',
  'PrDP expiry': 'prdp_expiry',
  'Driver tag': 'driver_tag',
  Driver: 'is_driver',
};

/**
 * One person as a CSV line. The list does not carry ID and licence numbers (get_person does), so
 * those columns are left empty.
 */
export function personCsvRow(p: Person): CsvCell[] {
  const byField: Partial<Record<ImportKey, string>> = {
    title: p.title,
    first_name: p.first_name,
    surname: p.surname,
    email: p.email ?? '',
    cellphone: p.cellphone ?? '',
    licence_class: p.licence_class,
    licence_expiry: p.licence_expiry ?? '',
    prdp_expiry: p.prdp_expiry ?? '',
    driver_tag: p.driver_tag ?? '',
    is_driver: p.is_driver ? 'yes' : 'no',
  };
  return PERSON_CSV_COLUMNS.map((column) => byField[PERSON_CSV_FIELDS[column]] ?? '');
}

export function peopleCsv(people: Person[]): string {
  return toCsv([...PERSON_CSV_COLUMNS], people.map(personCsvRow));
}

export type PeopleFilters = Omit<TaskRequest<'get_people'>, 'page' | 'page_size'>;

/** Every page of the list as filtered, 500 a page (the largest the server gives). */
export async function allPeople(
  filters: PeopleFilters,
  getPage: (
    request: TaskRequest<'get_people'>,
  ) => Promise<{ people: Person[]; page_count: number }>,
): Promise<Person[]> {
  const people: Person[] = [];
  for (let page = 1; ; page++) {
    const answer = await getPage({ ...filters, page, page_size: MAX_PAGE_SIZE });
    people.push(...answer.people);
    if (page >= answer.page_count || answer.people.length === 0) return people;
  }
}

// The export protects text a spreadsheet would run as a formula with a leading quote
// (download.ts); the import takes it off again, so "+27 82…" comes back as it went out.
const PROTECTED = /^'[=+\-@\t\r]/;

/** A row as read from the file, made ready for import_people. */
export function normalisePersonRow(row: PersonImportRow): PersonImportRow {
  const out = { ...row };
  for (const key of Object.keys(out) as ImportKey[]) {
    const cell = out[key];
    if (typeof cell === 'string' && PROTECTED.test(cell)) out[key] = cell.slice(1);
  }
  return out;
}
