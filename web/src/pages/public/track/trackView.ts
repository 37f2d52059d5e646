// Reading the share-link routes of SPEC §2: /track_all/{send_token}/{map_pos}/{map_zoom}[/{show_all}]
// with map_pos as "lat,lng" or "lat:lng" (SPEC §3 writes coordinates as text lat:lon too).
import { formatDuration } from '@fleet/common';
import { now as clockNow } from '../../../components/clock';

export interface MapPos {
  lat: number;
  lng: number;
}

export function parseMapPos(text: string | undefined): MapPos | null {
  if (!text) return null;
  const parts = decodeURIComponent(text).split(/[,:]/);
  if (parts.length !== 2) return null;
  const [lat, lng] = parts.map((p) => Number(p.trim()));
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export function parseZoom(text: string | undefined): number | null {
  if (!text) return null;
  const zoom = Number(text);
  return Number.isFinite(zoom) && zoom >= 0 && zoom <= 22 ? zoom : null;
}

/** show_all present and not a "no": open showing every unit rather than the link's view. */
export function parseShowAll(text: string | undefined): boolean {
  if (text === undefined) return false;
  return !['0', 'false', 'no', 'off', ''].includes(text.toLowerCase());
}

export function mapPosText(lat: number, lng: number): string {
  return `${lat.toFixed(5)},${lng.toFixed(5)}`;
}

export function zoomText(zoom: number): string {
  return String(Math.round(zoom * 10) / 10);
}

/** "Link expires in 7 hours 59 minutes" / "Link expired". */
export function expiryText(expires: string | undefined, now = clockNow()): string | null {
  if (!expires) return null;
  const left = Date.parse(expires) - now;
  if (!Number.isFinite(left)) return null;
  if (left <= 0) return 'Link expired';
  return `Link expires in ${formatDuration(left / 1000)}`;
}

/**
 * A pasted link or token to the path it opens: a fleet link keeps its own view, a bare token is
 * taken as a fleet link shown whole.
 */
export function pathFromLink(
  input: string,
  fallback: { pos: string; zoom: string },
): string | null {
  const text = input.trim();
  if (!text) return null;
  const hash = text.includes('#') ? text.slice(text.indexOf('#') + 1) : text;
  const one = hash.match(/^\/?track\/([^/?#\s]+)/);
  if (one) return `/track/${one[1]}`;
  const fleet = hash.match(/^\/?track_all\/([^/?#\s]+)(\/[^?#\s]*)?/);
  if (fleet) {
    const rest = (fleet[2] ?? '').split('/').filter(Boolean);
    if (rest.length >= 2) return `/track_all/${fleet[1]}/${rest.slice(0, 3).join('/')}`;
    return `/track_all/${fleet[1]}/${fallback.pos}/${fallback.zoom}/1`;
  }
  if (/^[A-Za-z0-9_-]{10,200}$/.test(text))
    return `/track_all/${text}/${fallback.pos}/${fallback.zoom}/1`;
  return null;
}
