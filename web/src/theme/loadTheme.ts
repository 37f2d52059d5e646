// Reads the host's theme before the first render and points the API client at its hosts, cookie
// policy and report server (SPEC §1, §4, §7).
import type { Theme } from '@fleet/common';
import { fetchTheme } from '../api/theme';
import { setApiHosts } from '../api/client';
import { setCookiePolicy } from '../api/token';
import { setReportServer } from '../api/report';
import { FALLBACK_THEME } from './fallbackTheme';
import { readablePrimary } from './antdTheme';

export function applyTheme(theme: Theme): void {
  setApiHosts(theme.api_hosts.length ? theme.api_hosts : ['']);
  setCookiePolicy(theme.same_site);
  setReportServer(theme.report_server);
  document.title = theme.title;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.appendChild(icon);
  }
  icon.href = theme.favicon;
  document.documentElement.style.setProperty(
    '--portal-primary',
    readablePrimary(theme.primary_colour),
  );
}

export async function loadTheme(): Promise<Theme> {
  let theme: Theme;
  try {
    theme = { ...FALLBACK_THEME, ...(await fetchTheme()) };
  } catch (error) {
    console.error('theme unavailable, using the default', error);
    theme = FALLBACK_THEME;
  }
  applyTheme(theme);
  return theme;
}
