// Used only when /api/theme cannot be read (the server owns the theme list and picks by host name).
import type { Theme } from '@fleet/common';

export const FALLBACK_THEME: Theme = {
  key: 'default',
  title: 'Fleet Portal',
  favicon: 'themes/default/favicon.svg',
  logo: 'themes/default/logo.svg',
  api_hosts: [''],
  site_link: { label: 'Fleet Portal', url: '/' },
  terms_link: null,
  report_server: 'live',
  same_site: 'Lax',
  primary_colour: '#1668dc',
  map_sources: [],
};
