import { PAGE_TITLE_SETTING } from '@fleet/common';
import type { RouteHandle } from './types';

/**
 * SPEC §2: the route title followed by the product title, or the product title alone; the product
 * title is the page title setting of SPEC §9 when set, else the theme's.
 */
export function pageTitle(
  routeTitle: string | undefined,
  productTitle: string,
  setting: string = PAGE_TITLE_SETTING,
): string {
  const product = setting || productTitle;
  return routeTitle ? `${routeTitle} - ${product}` : product;
}

export interface Crumb {
  title: string;
  path: string;
}

/**
 * SPEC §2: the breadcrumb starts with Dashboard, then each titled route down to the current one.
 * Dashboard links to `/`, the user's home, which is /dashboard for everyone who may open it.
 */
export function breadcrumbItems(handles: RouteHandle[]): Crumb[] {
  const crumbs: Crumb[] = [{ title: 'Dashboard', path: '/' }];
  for (const { meta, fullPath } of handles) {
    if (!meta.title || meta.breadcrumb === false || fullPath === '/dashboard') continue;
    if (crumbs[crumbs.length - 1].title === meta.title) continue;
    crumbs.push({ title: meta.title, path: fullPath });
  }
  return crumbs;
}
