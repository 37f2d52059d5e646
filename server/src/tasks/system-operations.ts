// The provider's operations view across every client (the support dashboard, issue 15): reads of
// tables that belong to no client or of every client at once, each for support staff only. Like
// system.ts, one narrow named function per read; the lint rule allows the unscoped database here.
import { sql } from 'kysely';
import { CLIENT_STATE } from '@fleet/common';
import type { TaskContext } from './context';
import { TaskError } from './errors';

function requireSupport(ctx: TaskContext): void {
  if (!ctx.tenant.isSupport)
    throw new TaskError('Only support staff can see the operations dashboard', 3);
}

/** Clients counted by SPEC §4 state, every state listed (0 when none). */
export async function clientsByState(ctx: TaskContext) {
  requireSupport(ctx);
  const rows = await ctx.system
    .selectFrom('clients')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  return Object.entries(CLIENT_STATE).map(([code, name]) => ({
    state: Number(code),
    name,
    count: Number(rows.find((r) => r.state === Number(code))?.n ?? 0),
  }));
}

/** Devices knocking with an identifier no unit has. */
export async function unknownDeviceCount(ctx: TaskContext): Promise<number> {
  requireSupport(ctx);
  const row = await ctx.system
    .selectFrom('unit_issues')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Positions per minute of their fix time from `from` to `to` (epoch ms), every minute listed. Read
 * unit by unit through the positions' (unit_id, fix_time) index, never by scanning them all.
 */
export async function positionsPerMinute(ctx: TaskContext, from: number, to: number) {
  requireSupport(ctx);
  const first = Math.floor(from / 60_000);
  const last = Math.floor((to - 1) / 60_000);
  const minute = sql<number>`(positions.fix_time / 60000)`;
  const rows = await ctx.system
    .selectFrom('positions')
    .select([minute.as('minute'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('positions.unit_id', 'in', (eb) => eb.selectFrom('units').select('units.uid'))
    .where('positions.fix_time', '>=', first * 60_000)
    .where('positions.fix_time', '<', (last + 1) * 60_000)
    .groupBy(minute)
    .execute();
  const counts = new Map(rows.map((r) => [Math.floor(Number(r.minute)), Number(r.n)]));
  const out: { minute: number; count: number }[] = [];
  for (let m = first; m <= last; m++) out.push({ minute: m * 60_000, count: counts.get(m) ?? 0 });
  return out;
}
