// The totals of SPEC §1 as the dashboard shows them: their names, how a value is written, the
// change against the period before, and the page behind each total.
import type { DashboardTotals } from '@fleet/common';
import { formatKm } from '@fleet/common';
import type { TotalKey } from '../../../api/dashboard';

export interface TotalMeta {
  key: TotalKey;
  label: string;
  /** what one of it is, for the list behind it */
  unit: string;
  colour: string;
  /** true when fewer is better (speeding, harsh driving) */
  lowerIsBetter: boolean;
}

export const TOTALS: TotalMeta[] = [
  { key: 'trips', label: 'Trips', unit: 'trips', colour: '#1565c0', lowerIsBetter: false },
  { key: 'distance', label: 'Distance', unit: 'km', colour: '#00796b', lowerIsBetter: false },
  { key: 'speeding', label: 'Speeding', unit: 'alerts', colour: '#c62828', lowerIsBetter: true },
  {
    key: 'harsh_braking',
    label: 'Harsh braking',
    unit: 'events',
    colour: '#ad1457',
    lowerIsBetter: true,
  },
  {
    key: 'harsh_accelerating',
    label: 'Harsh accelerating',
    unit: 'events',
    colour: '#6a1b9a',
    lowerIsBetter: true,
  },
  {
    key: 'harsh_cornering',
    label: 'Harsh cornering',
    unit: 'events',
    colour: '#4527a0',
    lowerIsBetter: true,
  },
  {
    key: 'equipment_on',
    label: 'Equipment on',
    unit: 'times',
    colour: '#ef6c00',
    lowerIsBetter: false,
  },
];

/** Thousands grouped with a space, as South Africans write them; km with 2 decimals (SPEC §9). */
export function formatTotal(key: TotalKey, value: number): string {
  if (key !== 'distance') return group(String(Math.round(value)));
  const [whole, part] = formatKm(value).replace(' km', '').split('.');
  return `${group(whole)}.${part} km`;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

export interface Change {
  /** e.g. '+12%', '−3', 'new', 'no change' */
  text: string;
  direction: 'up' | 'down' | 'same';
  /** whether the change is good news */
  good: boolean | null;
}

/** The change of a total against the period before, in words a manager reads at a glance. */
export function changeOf(meta: TotalMeta, now: number, before: number): Change {
  if (now === before) return { text: 'no change', direction: 'same', good: null };
  const direction = now > before ? 'up' : 'down';
  const good = (direction === 'up') !== meta.lowerIsBetter;
  if (before === 0) return { text: 'new', direction, good };
  const pct = Math.round(((now - before) / before) * 100);
  const text =
    pct === 0 ? (direction === 'up' ? '+<1%' : '−<1%') : `${pct > 0 ? '+' : '−'}${Math.abs(pct)}%`;
  return { text, direction, good };
}

export const totalsOf = (t: DashboardTotals, key: TotalKey) => t[key];
