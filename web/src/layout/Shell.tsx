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

/**
 * The first Tab stop of every page (WCAG 2.4.1): past the side menu and the top bar to the page
 * itself. A button, not a #fragment link, which the hash router would take for a route.
 */
function SkipToContent() {
  return (
    <button
      type="button"
      className="skip-link"
      onClick={() => document.getElementById('main-content')?.focus()}
    >
      Skip to content
    </button>
  );
}

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
      <SkipToContent />
      <Sidebar user={user} />
      <Layout className="portal-main">
        <Navbar user={user} />
        <Layout.Content className="portal-content" id="main-content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <NoticePopup enabled={alertIconsFor(user).notices} />
    </Layout>
  );
}
