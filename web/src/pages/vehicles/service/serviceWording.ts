// Wording of service entries: readings in km or engine hours, and the names of the work types.
export { serviceWorkName } from '@fleet/common';

/** "45,120 km" or "1,250 h"; a dash when there is no reading. */
export function readingText(value: number | null | undefined, hours: boolean): string {
  if (value === null || value === undefined) return '—';
  const n = Math.round(value).toLocaleString('en-US');
  return hours ? `${n} h` : `${n} km`;
}
