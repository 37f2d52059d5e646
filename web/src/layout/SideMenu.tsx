import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import type { UserInfo } from '@fleet/common';
import { SHELL_ROUTES } from '../routes';
import { useCurrentMeta } from '../routing/useRouteMeta';
import { buildMenu, menuSelection, type MenuEntry } from './menuModel';

type Item = Required<MenuProps>['items'][number];

function toItem(entry: MenuEntry): Item {
  if (entry.children) {
    return {
      key: entry.key,
      icon: entry.icon,
      label: entry.title,
      children: entry.children.map(toItem),
    };
  }
  return { key: entry.key, icon: entry.icon, label: <Link to={entry.key}>{entry.title}</Link> };
}

export default function SideMenu({ user, collapsed }: { user: UserInfo; collapsed: boolean }) {
  const { pathname } = useLocation();
  const current = useCurrentMeta();
  const entries = useMemo(() => buildMenu(SHELL_ROUTES, user), [user]);
  const items = useMemo(() => entries.map(toItem), [entries]);
  const { selected, open } = menuSelection(entries, pathname, current?.meta.activeMenu);
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  const openKey = open[0];

  // Navigating into a section opens it, keeping the sections the user opened by hand.
  useEffect(() => {
    if (openKey) setOpenKeys((keys) => (keys.includes(openKey) ? keys : [...keys, openKey]));
  }, [openKey]);

  return (
    <nav className="side-menu" aria-label="Main menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      />
    </nav>
  );
}
