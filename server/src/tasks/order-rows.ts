// What the quote, job and work-approval tasks (issue 15) share: the caller's name as rows record
// it, references like Q-2026-0001, calendar days, and a visible unit as a row names it.
import type { TaskContext } from './context';
import { TaskError } from './errors';

/** South Africa keeps UTC+2 all year: references and days are the provider's. */
const PROVIDER_UTC_OFFSET_MS = 2 * 3600_000;

/** The caller's display name (who asked, priced, accepted or decided), else the username. */
export async function callerName(ctx: TaskContext): Promise<string> {
  const row = await ctx.tenant
    .selectFrom('users')
    .select('users.display_name')
    .where('users.nid', '=', ctx.user.nid)
    .executeTakeFirst();
  return row?.display_name || ctx.user.username;
}

/**
 * A row's reference: its kind, the year it was made and its id (Q-2026-0042). The id makes it
 * unique across clients without reading another client's rows, and two requests at once cannot
 * draw the same number.
 */
export function referenceOf(prefix: 'Q' | 'J' | 'WA', id: number, at: number): string {
  const year = new Date(at + PROVIDER_UTC_OFFSET_MS).getUTCFullYear();
  return `${prefix}-${year}-${String(id).padStart(4, '0')}`;
}

/** A calendar day (YYYY-MM-DD) as stored: UTC midnight of it. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** A stored calendar day back as YYYY-MM-DD. */
export function dayOf(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/** Today in South Africa, YYYY-MM-DD. */
export function providerToday(at: number): string {
  return new Date(at + PROVIDER_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A unit the caller may see, for a row of `clientId` (support users see every unit, so the unit
 * must also belong to the row's client). The message names the field.
 */
export async function unitFor(ctx: TaskContext, uid: number, clientId: number | null) {
  const row = await ctx.tenant
    .units()
    .select(['units.uid', 'units.client_id', 'units.name', 'units.reg'])
    .where('units.uid', '=', uid)
    .executeTakeFirst();
  if (!row || (clientId !== null && row.client_id !== clientId)) {
    throw new TaskError('uid: Unit not found');
  }
  return row;
}

/** The unit a row names, as answers carry it. */
export function unitRef(r: {
  unit_uid: number | null;
  unit_name: string | null;
  unit_reg: string | null;
}) {
  return r.unit_uid === null
    ? null
    : { uid: r.unit_uid, name: r.unit_name ?? '', reg: r.unit_reg ?? '' };
}
