// The fuel tasks (common/src/tasks/fuel.ts) as the fuel pages call them. A batch goes up in chunks
// of FUEL_CHUNK_ROWS: opened, appended to, finished; only then is it listed.
import {
  FUEL_CHUNK_ROWS,
  type FuelBatch,
  type FuelUploadRow,
  type TaskRequest,
} from '@fleet/common';
import { call } from '../../../api/call';
import { taskKey, taskQuery } from '../../../api/queries';

export const fuelBatchesQuery = (page: number, pageSize: number) =>
  taskQuery('get_fuel_batches', { page, page_size: pageSize });
export const fuelRowsQuery = (p: TaskRequest<'get_fuel_rows'>) => taskQuery('get_fuel_rows', p);
export const fuelUsageQuery = (p: TaskRequest<'get_fuel_usage'>) => taskQuery('get_fuel_usage', p);

/** Every query an import or a deleted batch makes stale. */
export const FUEL_KEYS = [
  taskKey('get_fuel_batches'),
  taskKey('get_fuel_rows'),
  taskKey('get_fuel_usage'),
];

export const deleteFuelBatch = (id: number) => call('delete_fuel_batch', { id });

/** Sends every row; `onProgress` gets the share sent (0-1). Answers the stored batch. */
export async function sendFuelBatch(
  fileName: string,
  rows: readonly FuelUploadRow[],
  onProgress: (share: number) => void,
): Promise<FuelBatch> {
  const opts = { silent: true, timeoutMs: 120_000 };
  const { fuel_batch: opened } = await call('set_fuel_batch', { file_name: fileName }, opts);
  for (let i = 0; i < rows.length; i += FUEL_CHUNK_ROWS) {
    await call('set_fuel_batch', { id: opened.id, rows: rows.slice(i, i + FUEL_CHUNK_ROWS) }, opts);
    onProgress(Math.min(rows.length, i + FUEL_CHUNK_ROWS) / rows.length);
  }
  const { fuel_batch } = await call('set_fuel_batch', { id: opened.id, finish: true }, opts);
  return fuel_batch;
}
