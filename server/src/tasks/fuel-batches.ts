// Fuel import (issue 13 item 4; SPEC §3 fuel upload row, §4 batches newest first, §5 cleaning,
// §6 report_10). The browser parses the file and sends its rows in chunks (the /api/call body is
// at most 1 MiB); every chunk is cleaned and checked here again with the same rules
// (checkFuelRow), never taken on the browser's word. Rows in error are stored with their error, so
// the batch shows them. A batch is listed only once finished.
import {
  FUEL_MAX_ROWS,
  checkFuelRow,
  fuelRegKey,
  type FuelBatch,
  type FuelRowItem,
  type Role,
  type TaskMap,
} from '@fleet/common';
import type { Selectable } from 'kysely';
import { now } from '../clock';
import type { FuelBatchesTable } from '../db/types';
import type { TaskContext } from './context';
import { notFound, TaskError } from './errors';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { defineTask } from './registry';
import { userTimeZone } from './units';

export const FUEL_ROLES: readonly Role[] = ['report_10'];

/** An upload left unfinished this long (a closed tab) is removed when the client starts another. */
const STALE_UPLOAD_MS = 6 * 3600_000;
/** Rows per insert: 11 values each, within SQLite's and PostgreSQL's bound-variable limits. */
const INSERT_SLICE = 1000;

type BatchRow = Selectable<FuelBatchesTable>;

function batchOf(b: BatchRow): FuelBatch {
  return {
    id: b.id,
    file_name: b.file_name,
    uploaded_datetime: iso(b.uploaded_datetime ?? b.created),
    uploaded_by: b.uploaded_by_name,
    row_count: Number(b.row_count),
    valid_count: Number(b.valid_count),
    error_count: Number(b.row_count) - Number(b.valid_count),
    litres: Math.round(Number(b.litres) * 100) / 100,
    finished: b.finished === 1,
  };
}

/** A batch of the user's client (finished or, for the uploader's own calls, not). */
async function findBatch(ctx: TaskContext, id: number, finished?: boolean): Promise<BatchRow> {
  let q = ctx.tenant.selectFrom('fuel_batches').selectAll().where('id', '=', id);
  if (finished !== undefined) q = q.where('finished', '=', finished ? 1 : 0);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Fuel batch');
  return row;
}

/** The client's vehicles the user may see, by registration key (SPEC-CHECKLIST "Registrations"). */
async function vehiclesByReg(ctx: TaskContext, clientId: number): Promise<Map<string, number>> {
  const rows = await ctx.tenant
    .units()
    .select(['units.uid', 'units.reg'])
    .where('units.client_id', '=', clientId)
    .where('units.reg', '!=', '')
    .orderBy('units.uid')
    .execute();
  const byReg = new Map<string, number>();
  for (const r of rows) {
    const key = fuelRegKey(r.reg);
    if (key && !byReg.has(key)) byReg.set(key, r.uid);
  }
  return byReg;
}

type Params = TaskMap['set_fuel_batch']['parsed'];

/** Checks and stores one chunk; answers the valid rows' count and litres. */
async function storeRows(ctx: TaskContext, batch: BatchRow, rows: Params['rows']) {
  const byReg = await vehiclesByReg(ctx, batch.client_id);
  const zone = await userTimeZone(ctx);
  const at = now();
  const checked = rows.map((raw) => ({
    line: raw.line,
    row: checkFuelRow(raw, { now: at, zone, vehicleOf: (reg) => byReg.get(reg) }),
  }));
  let valid = 0;
  let litres = 0;
  for (const { row } of checked) {
    if (row.error) continue;
    valid++;
    litres += Number(row.litres);
  }
  const num = (v: number | '') => (v === '' ? null : v);
  for (let i = 0; i < checked.length; i += INSERT_SLICE) {
    await ctx.tenant
      .insertInto('fuel_rows', batch.client_id)
      .values(
        checked.slice(i, i + INSERT_SLICE).map(({ line, row }) => ({
          batch_id: batch.id,
          line,
          unit_id: row.uid,
          reg: row.reg.slice(0, 40),
          datetimestamp: row.datetimestamp.slice(0, 40),
          fill_time: row.at,
          litres: num(row.litres),
          hours: num(row.hours),
          odometer: num(row.odometer),
          error: row.error ?? null,
        })),
      )
      .execute();
  }
  return { valid, litres };
}

const getFuelBatches = defineTask({
  name: 'get_fuel_batches',
  roles: FUEL_ROLES,
  probe: () => ({}),
  async handler(ctx, p) {
    const base = ctx.tenant.selectFrom('fuel_batches').where('finished', '=', 1);
    const count = await countRows(base);
    const { limit, offset } = pageOf(p);
    const rows = await base
      .selectAll()
      .orderBy('uploaded_datetime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return listAnswer('fuel_batches', rows.map(batchOf), count, p.page_size);
  },
});

const setFuelBatch = defineTask({
  name: 'set_fuel_batch',
  roles: FUEL_ROLES,
  entityType: 'Fuel Usage',
  // The first batch of the demo is Demo Fleet's: appending to it must answer "not found".
  probe: () => ({ id: 1, rows: [{ line: 2, reg: 'X', datetimestamp: '2026-01-01', litres: '1' }] }),
  async handler(ctx, p) {
    const time = now();
    let batch: BatchRow;
    if (p.id === undefined) {
      const clientId = ctx.tenant.ownerClient();
      await ctx.tenant
        .deleteFrom('fuel_batches')
        .where('client_id', '=', clientId)
        .where('finished', '=', 0)
        .where('created', '<', time - STALE_UPLOAD_MS)
        .execute();
      const { id } = await ctx.tenant
        .insertInto('fuel_batches', clientId)
        .values({
          file_name: p.file_name!,
          uploaded_by: ctx.user.nid,
          uploaded_by_name: ctx.user.username,
          created: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      batch = await findBatch(ctx, id);
    } else {
      batch = await findBatch(ctx, p.id);
      if (batch.finished) throw new TaskError('This fuel batch is already stored whole');
    }
    const rowCount = Number(batch.row_count) + p.rows.length;
    if (rowCount > FUEL_MAX_ROWS)
      throw new TaskError(
        `A fuel file may have at most ${FUEL_MAX_ROWS.toLocaleString('en')} rows; split it`,
      );
    const added = p.rows.length ? await storeRows(ctx, batch, p.rows) : { valid: 0, litres: 0 };
    if (p.finish && rowCount === 0) throw new TaskError('The file has no rows');
    await ctx.tenant
      .updateTable('fuel_batches')
      .set({
        row_count: rowCount,
        valid_count: Number(batch.valid_count) + added.valid,
        litres: Number(batch.litres) + added.litres,
        ...(p.finish ? { finished: 1, uploaded_datetime: time } : {}),
      })
      .where('id', '=', batch.id)
      .execute();
    const stored = await findBatch(ctx, batch.id);
    const what = `Fuel batch ${stored.file_name}`;
    ctx.changeLog({
      action: p.id === undefined ? 'I' : 'E',
      entityType: 'Fuel Usage',
      entityId: stored.id,
      description: p.finish
        ? `${what} imported: ${stored.valid_count} valid rows, ${stored.row_count - stored.valid_count} with errors`
        : `${what}: ${p.id === undefined ? 'upload started' : `${p.rows.length} rows received`}`,
    });
    return { fuel_batch: batchOf(stored) };
  },
});

const deleteFuelBatch = defineTask({
  name: 'delete_fuel_batch',
  roles: FUEL_ROLES,
  entityType: 'Fuel Usage',
  probe: () => ({ id: 1 }),
  async handler(ctx, p) {
    const batch = await findBatch(ctx, p.id, true);
    // The rows go first: PostgreSQL cascades, SQLite only with foreign keys switched on.
    await ctx.tenant.deleteFrom('fuel_rows').where('batch_id', '=', batch.id).execute();
    await ctx.tenant.deleteFrom('fuel_batches').where('id', '=', batch.id).execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Fuel Usage',
      entityId: batch.id,
      description: `Fuel batch ${batch.file_name} deleted (${batch.row_count} rows)`,
    });
    return {};
  },
});

const getFuelRows = defineTask({
  name: 'get_fuel_rows',
  roles: FUEL_ROLES,
  probe: () => ({ batch_id: 1 }),
  async handler(ctx, p) {
    const batch = await findBatch(ctx, p.batch_id, true);
    let base = ctx.tenant.selectFrom('fuel_rows').where('fuel_rows.batch_id', '=', batch.id);
    if (p.errors) base = base.where('fuel_rows.error', 'is not', null);
    const count = await countRows(base);
    const { limit, offset } = pageOf(p);
    const rows = await base
      .leftJoin('units', 'units.uid', 'fuel_rows.unit_id')
      .select([
        'fuel_rows.id',
        'fuel_rows.line',
        'fuel_rows.reg',
        'fuel_rows.datetimestamp',
        'fuel_rows.litres',
        'fuel_rows.hours',
        'fuel_rows.odometer',
        'fuel_rows.unit_id',
        'fuel_rows.error',
        'units.name as vehicle',
      ])
      .orderBy('fuel_rows.line')
      .orderBy('fuel_rows.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const items: FuelRowItem[] = rows.map((r) => ({
      id: Number(r.id),
      line: r.line,
      reg: r.reg,
      datetimestamp: r.datetimestamp,
      litres: r.litres === null ? null : Number(r.litres),
      hours: r.hours === null ? null : Number(r.hours),
      odometer: r.odometer === null ? null : Number(r.odometer),
      uid: r.unit_id,
      vehicle: r.vehicle ?? null,
      error: r.error,
    }));
    return { ...listAnswer('fuel_rows', items, count, p.page_size), fuel_batch: batchOf(batch) };
  },
});

export const fuelBatchTasks = [getFuelBatches, setFuelBatch, deleteFuelBatch, getFuelRows];
