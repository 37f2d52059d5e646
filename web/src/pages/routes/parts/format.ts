// How the routes pages write distances and route points.
import type { RoutePoint } from '@fleet/common';

/** Metres as km with one decimal ('12.3 km'), or metres under 1 km ('850 m'). */
export function formatMetres(metres: number | null | undefined): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  if (Math.abs(metres) < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

/** Metres as km, always ('0.8 km'): the distance columns. */
export function formatKmOf(metres: number | null | undefined): string {
  if (metres == null || !Number.isFinite(metres)) return '—';
  return `${(metres / 1000).toFixed(1)} km`;
}

/** '-26.204100, 28.047300' */
export function formatLatLon(p: { lat: number; lon: number }): string {
  return `${p.lat.toFixed(6)}, ${p.lon.toFixed(6)}`;
}

/** A route point's name, or its coordinates when it has none. */
export function pointLabel(p: RoutePoint | null | undefined): string {
  if (!p) return '—';
  return p.name?.trim() || formatLatLon(p);
}
