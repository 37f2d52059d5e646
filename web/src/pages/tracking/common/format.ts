// Compact wording for tight places (map labels, chart axes); lists and totals use the duration
// wording of SPEC §9 (formatDuration in @fleet/common).
import type { DateRange } from '../../../components/dateRangePresets';
import { inUserZone, isWholeDays } from './routeParams';

/** 45 s, 12 min, 2 h 05 min, 3 d 4 h. */
export function formatShortDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  if (s < 86400) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${String(m).padStart(2, '0')} min` : `${h} h`;
  }
  const hours = Math.round(s / 3600);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return h ? `${d} d ${h} h` : `${d} d`;
}

export function formatSpeed(kmh: number | null | undefined): string {
  return kmh == null || !Number.isFinite(kmh) ? '—' : `${Math.round(kmh)} km/h`;
}

/** A range in words, in the user's zone: "Thu 20 Nov 2026", "16 Nov – 22 Nov 2026", "20 Nov 08:00 – 17:30". */
export function formatRangeText(range: DateRange): string {
  const [from, to] = inUserZone(range);
  if (isWholeDays(range)) {
    if (from.isSame(to, 'day')) return from.format('ddd D MMM YYYY');
    const sameYear = from.isSame(to, 'year');
    return `${from.format(sameYear ? 'D MMM' : 'D MMM YYYY')} – ${to.format('D MMM YYYY')}`;
  }
  if (from.isSame(to, 'day')) return `${from.format('D MMM YYYY HH:mm')} – ${to.format('HH:mm')}`;
  return `${from.format('D MMM HH:mm')} – ${to.format('D MMM YYYY HH:mm')}`;
}
