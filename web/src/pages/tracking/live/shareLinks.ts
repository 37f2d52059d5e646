// Share links (set_track_link, set_track_all_link): their lifetimes and the address this portal
// opens them at. The address is built from the page the user is on, so a white-label host hands
// out links on its own name.
import { now as clockNow } from '../../../components/clock';

export const SHARE_DURATIONS = [
  { key: '1h', label: '1 hour', ms: 3600_000 },
  { key: '8h', label: '8 hours', ms: 8 * 3600_000 },
  { key: '24h', label: '24 hours', ms: 24 * 3600_000 },
  { key: '7d', label: '7 days', ms: 7 * 86400_000 },
] as const;
export type ShareDuration = (typeof SHARE_DURATIONS)[number]['key'];

export function expiryFor(key: ShareDuration, now = clockNow()): string {
  const duration = SHARE_DURATIONS.find((d) => d.key === key) ?? SHARE_DURATIONS[0];
  return new Date(now + duration.ms).toISOString();
}

function portalBase(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}`;
}

/** /track/{send_token}: one unit. */
export function unitShareUrl(sendToken: string, location?: Pick<Location, 'origin' | 'pathname'>) {
  return `${portalBase(location)}#/track/${encodeURIComponent(sendToken)}`;
}

/**
 * /track_all/{send_token}/{map_pos}/{map_zoom}: the whole fleet, opening at the view the user was
 * looking at when they made the link.
 */
export function fleetShareUrl(
  sendToken: string,
  view: { lat: number; lng: number; zoom: number },
  location?: Pick<Location, 'origin' | 'pathname'>,
) {
  const pos = `${view.lat.toFixed(5)},${view.lng.toFixed(5)}`;
  const zoom = String(Math.round(view.zoom * 10) / 10);
  return `${portalBase(location)}#/track_all/${encodeURIComponent(sendToken)}/${pos}/${zoom}`;
}
