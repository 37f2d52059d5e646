// A user's connection log and change log, newest first, a page at a time (SPEC §2 /portal/user*).
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { ChangeLogsTable, ConnectionLogsTable } from '../db/types';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { countRows, iso, listAnswer, pageOf, pagingSchema } from './paging';
import { optionalNid, targetUser } from './target-user';

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

/** A log task: the target user (the caller unless `nid`), then one page of that user's rows. */
function userLogTask<R>(
  name: string,
  table: LogTable,
  read: (ctx: TaskContext, nid: number, page: Page) => Promise<R[]>,
) {
  return defineTask({
    name,
    roles: 'any',
    params: z.object({ ...optionalNid, ...pagingSchema }),
    probe: (f) => ({ nid: f.nid }),
    async handler(ctx, p) {
      const target = await targetUser(ctx, p.nid, 'view');
      const rows = await read(ctx, target.nid, pageOf(p));
      const count = await countRows(ctx.tenant.selectFrom(table).where('user_id', '=', target.nid));
      return listAnswer(table, rows, count, p.page_size);
    },
  });
}

const getConnectionLogs = userLogTask(
  'get_user_connection_logs',
  'connection_logs',
  async (ctx, nid, page) =>
    (await logPage(ctx, 'connection_logs', nid, page)).map(
      ({ client_id: _c, user_id: _u, ...r }) => ({
        ...r,
        datetimestamp: iso(r.datetimestamp),
        success: r.success === 1,
      }),
    ),
);

const getChangeLogs = userLogTask('get_user_change_logs', 'change_logs', async (ctx, nid, page) =>
  (await logPage(ctx, 'change_logs', nid, page)).map(({ client_id: _c, user_id: _u, ...r }) => ({
    ...r,
    datetimestamp: iso(r.datetimestamp),
  })),
);

export const userLogTasks = [getConnectionLogs, getChangeLogs];
