// The side menu as data: the route table filtered by the user's roles (SPEC §2, §6).
import type { ReactNode } from 'react';
import type { AppRoute } from '../routing/types';
import { joinPath, metaAllowed, type Viewer } from '../routing/access';

export interface MenuEntry {
  /** The full path the entry opens (sections: their own path). */
  key: string;
  title: string;
  icon?: ReactNode;
  children?: MenuEntry[];
}

function shown(route: AppRoute, user: Viewer): boolean {
  const meta = route.meta;
  if (meta?.hidden || meta?.hiddenFor?.includes(user.user_type)) return false;
  return metaAllowed(meta, user);
}

function entriesOf(routes: AppRoute[], base: string, user: Viewer): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (!shown(route, user)) continue;
    const path = joinPath(base, route.path);
    if (route.flat) {
      entries.push(...entriesOf(route.children ?? [], path, user));
      continue;
    }
    if (!route.children) {
      if (route.page)
        entries.push({ key: path, title: route.meta?.title ?? route.path, icon: route.meta?.icon });
      continue;
    }
    const children = entriesOf(route.children, path, user);
    if (children.length === 0) continue;
    // A section with one page the user may open is that page, under the section's icon.
    if (children.length === 1) {
      entries.push({ ...children[0], icon: children[0].icon ?? route.meta?.icon });
      continue;
    }
    entries.push({
      key: path,
      title: route.meta?.title ?? route.path,
      icon: route.meta?.icon,
      children,
    });
  }
  return entries;
}

export function buildMenu(routes: AppRoute[], user: Viewer): MenuEntry[] {
  return entriesOf(routes, '/', user);
}

/** The menu key to highlight and the section to open for the current location. */
export function menuSelection(
  entries: MenuEntry[],
  pathname: string,
  activeMenu?: string,
): { selected: string | null; open: string[] } {
  const target = activeMenu ?? pathname;
  for (const entry of entries) {
    if (!entry.children) {
      if (entry.key === target) return { selected: entry.key, open: [] };
      continue;
    }
    const child = entry.children.find((c) => c.key === target);
    if (child) return { selected: child.key, open: [entry.key] };
  }
  return { selected: null, open: [] };
}
