// Table types of the fuel import (0013_fuel): batches and their rows (epoch ms, booleans 0/1).
import type { Generated } from 'kysely';

export interface FuelBatchesTable {
  id: Generated<number>;
  client_id: number;
  file_name: string;
  uploaded_by: number | null;
  uploaded_by_name: Generated<string>;
  created: number;
  /** set when the batch is finished (SPEC §3 uploaded_datetime) */
  uploaded_datetime: number | null;
  finished: Generated<number>;
  row_count: Generated<number>;
  valid_count: Generated<number>;
  /** litres of the valid rows */
  litres: Generated<number>;
}

export interface FuelRowsTable {
  id: Generated<number>;
  batch_id: number;
  client_id: number;
  /** the row's line in the file (the header is line 1) */
  line: number;
  /** the matched vehicle; null for a row in error whose registration matched none */
  unit_id: number | null;
  reg: string;
  datetimestamp: string;
  fill_time: number | null;
  litres: number | null;
  hours: number | null;
  odometer: number | null;
  /** null: a valid row */
  error: string | null;
}
