import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { FIXED_HEADER, type UserInfo } from '@fleet/common';
import { useLayout } from './layoutStore';
import AppBreadcrumb from './AppBreadcrumb';
import AlertIcons from './alerts/AlertIcons';
import UserMenu from './UserMenu';

export default function Navbar({ user }: { user: UserInfo }) {
  const opened = useLayout((s) => s.opened);
  const toggleSidebar = useLayout((s) => s.toggleSidebar);
  return (
    <Layout.Header className={FIXED_HEADER ? 'portal-header is-fixed' : 'portal-header'}>
      <button
        type="button"
        className="header-icon hamburger"
        aria-label={opened ? 'Close menu' : 'Open menu'}
        aria-expanded={opened}
        onClick={toggleSidebar}
      >
        {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <AppBreadcrumb />
      <div className="header-right">
        <AlertIcons user={user} />
        <UserMenu user={user} />
      </div>
    </Layout.Header>
  );
}
