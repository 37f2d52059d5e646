// The route meta contract (STYLE.md, vue-element-admin): one table drives menu, breadcrumb, page
// title and guard, so they cannot drift apart.
import type { ComponentType, ReactNode } from 'react';
import type { Role, UserTypeApiName } from '@fleet/common';

export interface RouteMeta {
  /** Menu label, breadcrumb item and page title. */
  title?: string;
  icon?: ReactNode;
  /** The user needs at least one of these (SPEC §6). No list: every logged-in user. */
  roles?: Role[];
  /** Only these user types (SPEC §6: a feature is allowed when its list holds the user's type). */
  types?: UserTypeApiName[];
  /** Never in the menu (detail pages, pages reached from elsewhere). */
  hidden?: boolean;
  /** Not in the menu for these user types, though still allowed (SPEC §2 "hidden for certain roles"). */
  hiddenFor?: UserTypeApiName[];
  /** false: left out of the breadcrumb. */
  breadcrumb?: boolean;
  /** The menu entry to highlight while a hidden route is open (full path). */
  activeMenu?: string;
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface AppRoute {
  /** Relative to the parent; top-level entries carry their full path without the leading slash. */
  path: string;
  meta?: RouteMeta;
  page?: PageLoader;
  /** Index redirect (relative child path or absolute path); sections fall back to the first allowed child. */
  redirect?: string;
  children?: AppRoute[];
  /** Menu only: the children are listed at the top level instead of under this entry. */
  flat?: boolean;
}

/** Stored on each react-router route as `handle`. */
export interface RouteHandle {
  meta: RouteMeta;
  fullPath: string;
}
