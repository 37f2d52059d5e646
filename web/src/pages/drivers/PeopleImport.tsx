// Import CSV of the drivers list: the shared two-step CsvImportModal over import_people, with the
// columns the export writes (PERSON_CSV_COLUMNS).
import { Typography } from 'antd';
import type { ImportAnswer } from '@fleet/common';
import { importPeople } from '../../api/people';
import { CsvImportModal } from '../../components/CsvImportModal';
import { normalisePersonRow, PERSON_CSV_FIELDS, type PersonImportRow } from './peopleCsv';

interface Props {
  open: boolean;
  onClose(): void;
  onImported(answer: ImportAnswer): void;
}

export default function PeopleImport({ open, onClose, onImported }: Props) {
  return (
    <CsvImportModal<PersonImportRow>
      open={open}
      title="Import people from CSV"
      noun={['person', 'people']}
      columns={PERSON_CSV_FIELDS}
      required={['First name']}
      normalise={normalisePersonRow}
      run={importPeople}
      onClose={onClose}
      onImported={onImported}
      explain={
        <Typography.Paragraph>
          Each line adds a person or updates one already listed; the check below says which, line by
          line. The Driver column (yes or no) gives the Driver role; dates are written as
          2027-03-31. Export CSV writes a file in this form to start from.
        </Typography.Paragraph>
      }
    />
  );
}
