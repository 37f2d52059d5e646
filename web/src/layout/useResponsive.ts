// The phone layout, one breakpoint for the whole app: mobile mode under 992 px (SPEC §2,
// MOBILE_BREAKPOINT of @fleet/common, antd's lg; the media query is layoutStore.ts MOBILE_QUERY).
// Every page that lays itself out for a phone asks useIsMobile, and CSS media queries use the same
// width (styles.css), so the shell, the live map, the trip pages and the public track pages all
// switch together.
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_QUERY, useLayout } from './layoutStore';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/**
 * True in mobile mode, from the first render (no flash of the desktop layout). Read from the
 * window, not the shell's state, so the public pages outside the shell follow it too.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/** The shell's part: mobile mode closes the menu on entering and on every navigation while in it. */
export function useResponsive(): void {
  const mobile = useIsMobile();
  const setDevice = useLayout((s) => s.setDevice);
  const closeSidebar = useLayout((s) => s.closeSidebar);
  const { pathname } = useLocation();

  useLayoutEffect(() => setDevice(mobile ? 'mobile' : 'desktop'), [mobile, setDevice]);

  useEffect(() => {
    if (useLayout.getState().device === 'mobile') closeSidebar();
  }, [pathname, closeSidebar]);
}
