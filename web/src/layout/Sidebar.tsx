// The collapsible side menu of SPEC §2: 210 px, logo on top (the sidebar logo setting of §9), footer with version, copyright range,
// site link and the theme's Terms & Conditions. In mobile mode it overlays the page.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Layout } from 'antd';
import {
  CLIENT_VERSION,
  COPYRIGHT_START_YEAR,
  SIDE_MENU_WIDTH,
  SIDEBAR_LOGO,
  type UserInfo,
} from '@fleet/common';
import { useTheme } from '../theme/ThemeContext';
import { useLayout } from './layoutStore';
import SideMenu from './SideMenu';
import { currentYear } from '../components/clock';

function Logo({ collapsed }: { collapsed: boolean }) {
  const theme = useTheme();
  const [broken, setBroken] = useState(false);
  return (
    <Link to="/" className={`sider-logo${collapsed ? ' is-collapsed' : ''}`} title={theme.title}>
      {!broken && <img src={theme.logo} alt="" onError={() => setBroken(true)} />}
      {!collapsed && <span className="sider-title">{theme.title}</span>}
    </Link>
  );
}

function Footer() {
  const theme = useTheme();
  return (
    <footer className="sider-footer">
      <div>
        v{CLIENT_VERSION} · © {COPYRIGHT_START_YEAR}–{currentYear()}
      </div>
      <a href={theme.site_link.url} target="_blank" rel="noopener noreferrer">
        {theme.site_link.label}
      </a>
      {theme.terms_link && (
        <a href={theme.terms_link} target="_blank" rel="noopener noreferrer">
          Terms &amp; Conditions
        </a>
      )}
    </footer>
  );
}

/**
 * On a phone the open menu covers the page like a dialog: focus goes into it, and Escape closes it
 * and gives focus back to the button that opened it.
 */
function useMobileMenuFocus(open: boolean, close: () => void) {
  const siderRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    siderRef.current?.querySelector<HTMLElement>('a, [role="menuitem"], button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      document.querySelector<HTMLElement>('.portal-header .hamburger')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
  return siderRef;
}

export default function Sidebar({ user }: { user: UserInfo }) {
  const opened = useLayout((s) => s.opened);
  const mobile = useLayout((s) => s.device === 'mobile');
  const closeSidebar = useLayout((s) => s.closeSidebar);
  const siderRef = useMobileMenuFocus(mobile && opened, closeSidebar);
  return (
    <>
      {mobile && opened && <div className="sider-mask" onClick={closeSidebar} aria-hidden />}
      <Layout.Sider
        className={`portal-sider${mobile ? ' is-mobile' : ''}`}
        width={SIDE_MENU_WIDTH}
        collapsedWidth={mobile ? 0 : 64}
        collapsed={!opened}
        collapsible
        trigger={null}
        data-testid="side-menu"
        data-state={opened ? 'open' : 'closed'}
      >
        {/* Shut on a phone it is 0 px wide: its links must leave the Tab order too. */}
        <div className="sider-inner" ref={siderRef} inert={mobile && !opened}>
          {SIDEBAR_LOGO && <Logo collapsed={!opened} />}
          <SideMenu user={user} collapsed={!opened} />
          {opened && <Footer />}
        </div>
      </Layout.Sider>
    </>
  );
}
