import { Navigate } from 'react-router';
import type { AppRoute } from './types';
import { homePath, sectionTarget } from './access';
import { useSession } from '../auth/session';
import { SHELL_ROUTES } from '../routes';
import { NOT_FOUND_PATH } from '../auth/accessRules';

/** `/` → /dashboard (SPEC §2), or the user's first page when they may not open the dashboard. */
export function HomeRedirect() {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return <Navigate to={homePath(SHELL_ROUTES, user)} replace />;
}

/** A section's own path opens its default page, or the first one the user may open. */
export function SectionRedirect({ route, base }: { route: AppRoute; base: string }) {
  const user = useSession((s) => s.user);
  if (!user) return null;
  return <Navigate to={sectionTarget(route, base, user) ?? NOT_FOUND_PATH} replace />;
}
