import { useNavigate } from 'react-router';
import { Avatar, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import {
  AlertOutlined,
  DownOutlined,
  HistoryOutlined,
  HomeOutlined,
  LaptopOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { userTypeName, type UserInfo } from '@fleet/common';
import { endSession } from '../auth/session';
import { userMenuItems } from './userMenuModel';
import { useLayout } from './layoutStore';
import { useTopBarDropdown } from './useTopBarDropdown';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : name.slice(0, 1)
  ).toUpperCase();
}

const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  settings: <SettingOutlined />,
  panic: <AlertOutlined />,
  password: <LockOutlined />,
  sessions: <LaptopOutlined />,
  connections: <LoginOutlined />,
  changes: <HistoryOutlined />,
  logout: <LogoutOutlined />,
};

/**
 * The trigger's name starts with what it shows, the initials and the name (WCAG 2.5.3: a
 * voice-control user says what they see), then says what it opens.
 */
export function userMenuName(name: string): string {
  return `${initials(name)} ${name}, user menu`;
}

export default function UserMenu({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const mobile = useLayout((s) => s.device === 'mobile');
  const { dropdownProps, triggerProps } = useTopBarDropdown();
  const name = user.display_name || user.username;
  const items = userMenuItems(user).map((item) => ({
    key: item.key,
    label: item.label,
    icon: ICONS[item.key],
    danger: item.key === 'logout',
    onClick: async () => {
      if (item.path) return navigate(item.path);
      // The guard takes the logged-out user to the login page.
      await endSession();
    },
  }));
  return (
    <Dropdown
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            className: 'user-menu-who',
            label: (
              <div>
                <div className="user-menu-name">{name}</div>
                <div className="user-menu-meta">
                  {user.username} · {userTypeName(user.user_type)}
                  {user.client?.name ? ` · ${user.client.name}` : ''}
                </div>
              </div>
            ),
          },
          { type: 'divider' },
          ...items,
        ],
      }}
      {...dropdownProps}
    >
      <button {...triggerProps} className="user-menu-trigger" aria-label={userMenuName(name)}>
        <Avatar size={30} className="user-avatar">
          {initials(name)}
        </Avatar>
        {/* Keeps "D Demo" two words for whoever reads the visible text (axe joins it bare). */}{' '}
        {!mobile && <span className="user-name">{name}</span>}
        <DownOutlined className="user-caret" />
      </button>
    </Dropdown>
  );
}
