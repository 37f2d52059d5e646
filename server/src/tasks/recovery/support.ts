// What every recovery desk task shares (issue 16; SPEC §6: the recovery section needs user_support).
import type { Role } from '@fleet/common';
import type { TaskContext } from '../context';
import { TaskError } from '../errors';

/** The role every /recovery task declares. */
export const RECOVERY_ROLES: readonly Role[] = ['user_support'];

/**
 * The role alone is not enough: the desk reads every client's data, which only a support type user
 * may (the tenant layer scopes everyone else to their client). Anyone else gets result 3.
 */
export function assertSupport(ctx: TaskContext): void {
  if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can use the recovery desk', 3);
}
