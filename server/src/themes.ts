// White-label themes (SPEC §1, §9), chosen by the request's host name.
import type { Theme, ThemeMapSource } from '@fleet/common';

const ONLINE_SOURCES: ThemeMapSource[] = [
  {
    id: 'roadmap',
    name: 'Road map',
    tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    attribution: '© OpenStreetMap contributors',
    maxzoom: 19,
  },
  {
    id: 'satellite',
    name: 'Satellite',
    tiles: [
      'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    ],
    attribution: '© Esri, Maxar, Earthstar Geographics',
    maxzoom: 19,
  },
  {
    id: 'hybrid',
    name: 'Hybrid',
    tiles: [
      'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
    ],
    attribution: '© Esri',
    maxzoom: 19,
  },
  {
    id: 'terrain',
    name: 'Terrain',
    tiles: ['https://tile.opentopomap.org/{z}/{x}/{y}.png'],
    attribution: '© OpenTopoMap (CC-BY-SA), © OpenStreetMap contributors',
    maxzoom: 17,
  },
];

type ThemeDef = Omit<Theme, 'map_sources'> & { hosts: RegExp[] };

const THEMES: ThemeDef[] = [
  {
    key: 'dev',
    hosts: [/^dev\./, /^staging\./],
    title: 'Fleet Portal (dev)',
    favicon: 'themes/dev/favicon.svg',
    logo: 'themes/dev/logo.svg',
    api_hosts: [''],
    site_link: { label: 'fleetportal.dev', url: 'https://fleetportal.dev' },
    terms_link: null,
    report_server: 'staging',
    same_site: 'None',
    primary_colour: '#722ed1',
  },
  {
    key: 'sentinel',
    hosts: [/sentinel/],
    title: 'Sentinel Tracking',
    favicon: 'themes/sentinel/favicon.svg',
    logo: 'themes/sentinel/logo.svg',
    api_hosts: ['', ''],
    site_link: { label: 'sentineltracking.co.za', url: 'https://sentineltracking.co.za' },
    terms_link: 'https://sentineltracking.co.za/terms-and-conditions',
    report_server: 'live',
    same_site: 'None',
    primary_colour: '#c8102e',
  },
  {
    key: 'whitelabel',
    hosts: [/fleetview/, /^track\./],
    title: 'FleetView',
    favicon: 'themes/whitelabel/favicon.svg',
    logo: 'themes/whitelabel/logo.svg',
    api_hosts: [''],
    site_link: { label: 'fleetview.africa', url: 'https://fleetview.africa' },
    terms_link: null,
    report_server: 'live',
    same_site: 'None',
    primary_colour: '#0f7b6c',
  },
  {
    key: 'default',
    hosts: [],
    title: 'Fleet Portal',
    favicon: 'themes/default/favicon.svg',
    logo: 'themes/default/logo.svg',
    api_hosts: [''],
    site_link: { label: 'fleetportal.co.za', url: 'https://fleetportal.co.za' },
    terms_link: null,
    report_server: 'live',
    same_site: 'Lax',
    primary_colour: '#1668dc',
  },
];

/** The theme for a host name (port ignored); the default theme when none matches. */
export function themeForHost(host: string | undefined, mapTiles: 'online' | 'offline'): Theme {
  const name = (host ?? '').split(':')[0].toLowerCase();
  const def = THEMES.find((t) => t.hosts.some((h) => h.test(name))) ?? THEMES[THEMES.length - 1];
  const { hosts: _hosts, ...theme } = def;
  const map_sources =
    mapTiles === 'offline' ? ONLINE_SOURCES.map((s) => ({ ...s, tiles: [] })) : ONLINE_SOURCES;
  return { ...theme, map_sources };
}

export const THEME_KEYS = THEMES.map((t) => t.key);
