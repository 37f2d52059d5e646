// Which routes a user may open (SPEC §6), shared by the menu, the guard and section redirects.
import { routeAllowed, userTypeAllowed, type UserInfo } from '@fleet/common';
import type { AppRoute, RouteMeta } from './types';

export type Viewer = Pick<UserInfo, 'roles' | 'user_type'>;

export function metaAllowed(meta: RouteMeta | undefined, user: Viewer): boolean {
  if (!meta) return true;
  if (meta.types && !userTypeAllowed(user.user_type, meta.types)) return false;
  return routeAllowed(user.roles, meta.roles);
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  const joined = `${parent.replace(/\/+$/, '')}/${child}`;
  return joined.startsWith('/') ? joined : `/${joined}`;
}

function hasParams(path: string): boolean {
  return path.split('/').some((s) => s.startsWith(':'));
}

/**
 * Where a section's index goes: its declared redirect when the user may open it, else the first
 * child page the user may open, else null (nothing to show).
 */
export function sectionTarget(route: AppRoute, base: string, user: Viewer): string | null {
  const children = route.children ?? [];
  const openable = (child: AppRoute) =>
    child.page !== undefined && !hasParams(child.path) && metaAllowed(child.meta, user);
  if (route.redirect) {
    if (route.redirect.startsWith('/')) return route.redirect;
    const declared = children.find((c) => c.path === route.redirect);
    if (declared && openable(declared)) return joinPath(base, declared.path);
  }
  const menuChild = children.find((c) => openable(c) && !c.meta?.hidden);
  const anyChild = menuChild ?? children.find(openable);
  return anyChild ? joinPath(base, anyChild.path) : null;
}

/** The user's home: /dashboard (SPEC §2), or the first page they may open when they lack it. */
export function homePath(routes: AppRoute[], user: Viewer): string {
  for (const route of routes) {
    if (!metaAllowed(route.meta, user)) continue;
    // A hidden page may be home (the support dashboard); a hidden section may not.
    if (route.page && !hasParams(route.path)) return joinPath('/', route.path);
    if (route.children && !route.flat && !route.meta?.hidden) {
      const target = sectionTarget(route, joinPath('/', route.path), user);
      if (target) return target;
    }
  }
  return '/portal/user_settings';
}
