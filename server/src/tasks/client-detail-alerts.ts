// The client-details site alerts of the user's own client (SPEC §2; issue 15): "initial details"
// while a required field is missing (a client that never saved them too), else "details update"
// when they were last saved over a year ago.
import { DETAILS_STALE_MS, missingDetailFields } from '@fleet/common';
import { clock } from '../clock';
import type { TaskContext } from './context';

export async function clientDetailAlerts(
  ctx: TaskContext,
): Promise<{ initial_details: number; details_update: number }> {
  const row = await ctx.tenant
    .selectFrom('client_details')
    .selectAll()
    .where('client_id', '=', ctx.user.clientId)
    .executeTakeFirst();
  const missing =
    !row ||
    missingDetailFields({
      ...row,
      billing_method: Number(row.billing_method),
      bank_account_type: Number(row.bank_account_type),
    }).length > 0;
  const stale = !!row && clock().now() - Number(row.updated) > DETAILS_STALE_MS;
  return { initial_details: missing ? 1 : 0, details_update: !missing && stale ? 1 : 0 };
}
