// Fuel import and the fuel ledger (issue 13 items 4 and 5; SPEC §3 fuel upload row, §4 batches
// newest first, §5 cleaning, §6 role report_10). A batch is sent in chunks because /api/call takes
// at most 1 MiB: set_fuel_batch without id opens it, with id and rows appends, with id and
// finish closes it; only a finished batch is listed or counted.
import { z } from 'zod';
import { FUEL_CHUNK_ROWS } from '../fuel';
import type { FuelFlag } from '../fuel';
import {
  idSchema,
  isoDate,
  pagingSchema,
  plainText,
  uidList,
  type EmptyAnswer,
  type ListAnswer,
} from './shared';

export * from '../fuel';

/**
 * A cell as the file holds it. The server's payload cleaning (SPEC §5) turns numeric strings
 * into numbers ("80.5"); the row check reads text, so a number is taken back as text.
 */
const fuelCell = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .pipe(plainText().max(100)) as unknown as z.ZodType<string, string>;

/** One line of a fuel file, as the browser read it. */
export const fuelUploadRow = z.object({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int().min(1).max(10_000_000),
  reg: fuelCell.default(''),
  datetimestamp: fuelCell.default(''),
  litres: fuelCell.default(''),
  hours: fuelCell.default(''),
  odometer: fuelCell.default(''),
  /** the browser's refusal of a cell it will not read (an XLSX formula); the row is an error */
  refused: plainText().max(300).optional(),
});
export type FuelUploadRow = z.input<typeof fuelUploadRow>;

/** A finished batch as the list shows it. */
export interface FuelBatch {
  id: number;
  file_name: string;
  /** ISO-8601, when the upload was finished */
  uploaded_datetime: string;
  uploaded_by: string;
  row_count: number;
  valid_count: number;
  error_count: number;
  /** litres of the valid rows */
  litres: number;
  /** false while the batch is being sent (only the set_fuel_batch answers show it) */
  finished: boolean;
}

/** One stored row of a batch: the cleaned fields (SPEC §3 names) and its error, if any. */
export interface FuelRowItem {
  id: number;
  line: number;
  reg: string;
  datetimestamp: string;
  litres: number | null;
  hours: number | null;
  odometer: number | null;
  /** the vehicle it matched */
  uid: number | null;
  vehicle: string | null;
  error: string | null;
}

/** One fill as the usage page shows it. */
export interface FuelFill {
  id: number;
  uid: number;
  datetimestamp: string;
  litres: number;
  /** what the fuel card recorded */
  odometer: number | null;
  hours: number | null;
  /** km (or engine hours for machines) since the vehicle's previous fill */
  used: number | null;
  /** where `used` comes from: the tracker's odometer, or the fuel card's readings */
  used_source: 'tracker' | 'card' | null;
  /** L/100 km, or L/hour for machines */
  consumption: number | null;
  /** the median of the vehicle's previous fills */
  usual: number | null;
  above_usual: boolean;
  flags: FuelFlag[];
  /** false when the tracker has no position near the fill time, so "away" could not be judged */
  tracked: boolean;
}

/** One vehicle's fills in the period. */
export interface FuelVehicleUsage {
  uid: number;
  name: string;
  reg: string;
  /** 'km' for vehicles, 'hours' for machines (consumption in L/hour) */
  basis: 'km' | 'hours';
  tank_size: number | null;
  fills: number;
  litres: number;
  used: number;
  /** litres over `used` for the fills whose usage is known */
  consumption: number | null;
  usual: number | null;
  above_usual: boolean;
  flagged: number;
}

export const fuelParams = {
  get_fuel_batches: z.object({ ...pagingSchema }),
  /**
   * Opens a batch (no id: file_name), appends rows (id, rows), or finishes it (id, finish).
   * Rows may come with the opening and the finishing call too.
   */
  set_fuel_batch: z
    .object({
      id: idSchema.optional(),
      file_name: plainText().trim().min(1, 'is required').max(200).optional(),
      rows: z.array(fuelUploadRow).max(FUEL_CHUNK_ROWS).default([]),
      finish: z.boolean().default(false),
    })
    .refine((p) => p.id !== undefined || p.file_name !== undefined, {
      message: 'file_name is required for a new batch',
      path: ['file_name'],
    }),
  delete_fuel_batch: z.object({ id: idSchema }),
  /** A batch's rows in file order; `errors` only the rows kept with an error. */
  get_fuel_rows: z.object({
    batch_id: idSchema,
    errors: z.boolean().default(false),
    ...pagingSchema,
  }),
  /** Fills from `from` to `to` (ISO-8601), of the named vehicles or all visible ones. */
  get_fuel_usage: z.object({ from: isoDate, to: isoDate, uids: uidList }),
};

export interface FuelAnswers {
  get_fuel_batches: ListAnswer<'fuel_batches', FuelBatch>;
  set_fuel_batch: { fuel_batch: FuelBatch };
  delete_fuel_batch: EmptyAnswer;
  get_fuel_rows: ListAnswer<'fuel_rows', FuelRowItem> & { fuel_batch: FuelBatch };
  get_fuel_usage: {
    vehicles: FuelVehicleUsage[];
    /** every fill of the period, newest first */
    fills: FuelFill[];
    flagged_count: number;
  };
}
