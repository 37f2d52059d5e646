// A user's connection log and change log, newest first, a page at a time (SPEC §2 /portal/user*).
import type { Selectable } from 'kysely';
import { CHANGE_LOG_ACTIONS, type ChangeLogAction } from '@fleet/common';
import type { ChangeLogsTable, ConnectionLogsTable } from '../db/types';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { countRows, iso, listAnswer, pageOf } from './paging';
import { targetUser } from './target-user';

type LogTable = 'connection_logs' | 'change_logs';
type Page = { limit: number; offset: number };

/** One page of a user's rows of a log table, newest first. */
function logPage(
  ctx: TaskContext,
  table: 'connection_logs',
  nid: number,
  page: Page,
): Promise<Selectable<ConnectionLogsTable>[]>;
function logPage(
  ctx: TaskContext,
  table: 'change_logs',
  nid: number,
  page: Page,
): Promise<Selectable<ChangeLogsTable>[]>;
function logPage(
  ctx: TaskContext,
  table: LogTable,
  nid: number,
  page: Page,
): Promise<Selectable<ConnectionLogsTable>[] | Selectable<ChangeLogsTable>[]> {
  return ctx.tenant
    .selectFrom(table)
    .selectAll()
    .where('user_id', '=', nid)
    .orderBy('datetimestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** A user's log: the target user (the caller unless `nid`), then one page of that user's rows. */
async function userLog<R>(
  ctx: TaskContext,
  p: { nid?: number; page: number; page_size: number },
  table: LogTable,
  read: (nid: number, page: Page) => Promise<R[]>,
): Promise<{ rows: R[]; count: number }> {
  const target = await targetUser(ctx, p.nid, 'view');
  const rows = await read(target.nid, pageOf(p));
  const count = await countRows(ctx.tenant.selectFrom(table).where('user_id', '=', target.nid));
  return { rows, count };
}

const ACTIONS: ReadonlySet<string> = new Set(Object.keys(CHANGE_LOG_ACTIONS));
const isAction = (action: string): action is ChangeLogAction => ACTIONS.has(action);

/** A stored change-log action; only the dispatcher writes them, so another one is a damaged row. */
function actionOf(row: { id: number; action: string }): ChangeLogAction {
  if (!isAction(row.action)) {
    throw new Error(`Change log ${row.id} has an unknown action: ${row.action}`);
  }
  return row.action;
}

const getConnectionLogs = defineTask({
  name: 'get_user_connection_logs',
  roles: 'any',
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const { rows, count } = await userLog(ctx, p, 'connection_logs', async (nid, page) =>
      (await logPage(ctx, 'connection_logs', nid, page)).map(
        ({ client_id: _c, user_id: _u, ...r }) => ({
          ...r,
          datetimestamp: iso(r.datetimestamp),
          success: r.success === 1,
        }),
      ),
    );
    return listAnswer('connection_logs', rows, count, p.page_size);
  },
});

const getChangeLogs = defineTask({
  name: 'get_user_change_logs',
  roles: 'any',
  probe: (f) => ({ nid: f.nid }),
  async handler(ctx, p) {
    const { rows, count } = await userLog(ctx, p, 'change_logs', async (nid, page) =>
      (await logPage(ctx, 'change_logs', nid, page)).map(
        ({ client_id: _c, user_id: _u, ...r }) => ({
          ...r,
          datetimestamp: iso(r.datetimestamp),
          action: actionOf(r),
        }),
      ),
    );
    return listAnswer('change_logs', rows, count, p.page_size);
  },
});

export const userLogTasks = [getConnectionLogs, getChangeLogs];
