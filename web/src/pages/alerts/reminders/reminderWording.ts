// How a reminder's due point reads: "at 45,000 km", "at 1,250 h", "on 2026-12-01".
import type { Reminder } from '@fleet/common';

export function describeDue(r: Pick<Reminder, 'type' | 'due'>): string {
  if (r.due === null) return r.type.startsWith('driver') ? 'No expiry date on record' : '—';
  if (typeof r.due === 'number') {
    const n = Math.round(r.due).toLocaleString('en-US');
    return r.type === 'service_hours' ? `at ${n} h` : `at ${n} km`;
  }
  return `on ${r.due}`;
}
