// Shorthands for the route table.
import type { Role } from '@fleet/common';
import type { AppRoute, PageLoader, RouteMeta } from '../types';

/** A route reached from another page: never in the menu. */
export function detail(
  path: string,
  title: string,
  roles: Role[],
  page: PageLoader,
  extra: RouteMeta = {},
): AppRoute {
  return { path, page, meta: { title, roles, hidden: true, ...extra } };
}

/** The same page under several optional-parameter paths (`a`, `a/:x`, `a/:x/:y`). */
export function withParams(
  base: string,
  params: string[],
  title: string,
  roles: Role[],
  page: PageLoader,
  activeMenu: string,
): AppRoute[] {
  return params.map((_, i) =>
    detail([base, ...params.slice(0, i + 1)].join('/'), title, roles, page, { activeMenu }),
  );
}
