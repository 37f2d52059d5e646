// The mapping step: the file's headers differ from Registration, Datetime, Litres, Hours and
// Odometer, so the user says which column of the file is which. Hours may be left out.
import { Alert, Form, Select } from 'antd';
import {
  FUEL_IMPORT_COLUMNS,
  FUEL_REQUIRED_COLUMNS,
  type FuelColumn,
  type FuelColumnMap,
} from '@fleet/common';

interface Props {
  headers: readonly string[];
  map: FuelColumnMap;
  onChange(map: FuelColumnMap): void;
}

export const mappingMissing = (map: FuelColumnMap): FuelColumn[] =>
  FUEL_REQUIRED_COLUMNS.filter((c) => map[c] === null);

export default function ColumnMapping({ headers, map, onChange }: Props) {
  const options = headers.map((h, i) => ({ value: i, label: h || `Column ${i + 1}` }));
  return (
    <div className="fuel-mapping">
      <Alert
        type="info"
        showIcon
        title="The file's column names differ from the import's. Choose which column of the file holds each value."
      />
      <Form layout="vertical" className="fuel-mapping-form">
        {FUEL_IMPORT_COLUMNS.map((column) => {
          const required = FUEL_REQUIRED_COLUMNS.includes(column);
          return (
            <Form.Item
              key={column}
              label={column}
              htmlFor={`fuel-map-${column}`}
              required={required}
              extra={required ? undefined : 'Optional: engine hours for machines'}
            >
              <Select<number | null>
                id={`fuel-map-${column}`}
                aria-label={column}
                value={map[column]}
                placeholder="Not in the file"
                allowClear={!required}
                options={options}
                onChange={(value) => onChange({ ...map, [column]: value ?? null })}
              />
            </Form.Item>
          );
        })}
      </Form>
    </div>
  );
}
