// The logged-in frame of SPEC §2: side menu, top bar and the page.
import { Outlet } from 'react-router';
import { Layout } from 'antd';
import { useSession, inIframeMode } from '../auth/session';
import { alertIconsFor } from './alerts/alertRules';
import NoticePopup from './alerts/NoticePopup';
import { useLayout } from './layoutStore';
import { useResponsive } from './useResponsive';
import Sidebar from './Sidebar';
import Navbar from './Navbar';
import { useLiveConnection } from '../api/live';

export default function Shell() {
  const user = useSession((s) => s.user);
  const mobile = useLayout((s) => s.device === 'mobile');
  useResponsive();
  // One live socket for the whole session, started right after login (STYLE.md).
  useLiveConnection();
  // The guard renders the shell only once the user is known.
  if (!user) return null;
  if (inIframeMode()) {
    return (
      <main className="portal-content is-iframe">
        <Outlet />
      </main>
    );
  }
  return (
    <Layout className={`portal-shell${mobile ? ' is-mobile' : ''}`}>
      <Sidebar user={user} />
      <Layout className="portal-main">
        <Navbar user={user} />
        <Layout.Content className="portal-content">
          <Outlet />
        </Layout.Content>
      </Layout>
      <NoticePopup enabled={alertIconsFor(user).notices} />
    </Layout>
  );
}
