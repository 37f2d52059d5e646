// Element-level permission (SPEC §6) in the two forms STYLE.md asks for: a component for JSX and a
// hook; `checkPermission` from @fleet/common is the plain function for code.
import type { ReactNode } from 'react';
import { checkPermission, type Role } from '@fleet/common';
import { useSession } from '../auth/session';

export function usePermission(roles: readonly Role[]): boolean {
  const userRoles = useSession((s) => s.user?.roles);
  return checkPermission(userRoles, roles);
}

/** Renders its children only for a user holding at least one of `roles`; else `fallback`. */
export function Permission({
  roles,
  children,
  fallback = null,
}: {
  roles: readonly Role[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{usePermission(roles) ? children : fallback}</>;
}
