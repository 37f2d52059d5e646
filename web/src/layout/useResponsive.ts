// Mobile mode under 992 px (SPEC §2, antd's lg breakpoint): closes the menu on entering and on every
// navigation while in it.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_QUERY, useLayout } from './layoutStore';

export function useResponsive(): void {
  const setDevice = useLayout((s) => s.setDevice);
  const closeSidebar = useLayout((s) => s.closeSidebar);
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setDevice(query.matches ? 'mobile' : 'desktop');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [setDevice]);

  useEffect(() => {
    if (useLayout.getState().device === 'mobile') closeSidebar();
  }, [pathname, closeSidebar]);
}
