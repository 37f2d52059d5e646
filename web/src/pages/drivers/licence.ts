// A licence or PrDP expiry date as the driver list and form show it: red once expired, orange in
// the last 30 days, with the days left in words ("expires in 12 days").

/** Days before an expiry from which it is shown as coming soon. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryState = 'expired' | 'soon' | 'ok';

export interface ExpiryStatus {
  state: ExpiryState;
  /** whole days from today to the expiry day; negative once expired */
  days: number;
  /** "expired 3 days ago", "expires today", "expires in 12 days"; empty when far off */
  text: string;
  /** the antd tag colour */
  colour: 'red' | 'orange' | 'default';
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The state of `expiry` (YYYY-MM-DD) on `today` (YYYY-MM-DD, the user's day); null without a date. */
export function expiryStatus(
  expiry: string | null | undefined,
  today: string,
): ExpiryStatus | null {
  const end = expiry ? dayNumber(expiry) : null;
  const now = dayNumber(today);
  if (end === null || now === null) return null;
  const left = end - now;
  if (left < 0)
    return { state: 'expired', days: left, text: `expired ${days(-left)} ago`, colour: 'red' };
  if (left === 0) return { state: 'soon', days: 0, text: 'expires today', colour: 'orange' };
  if (left <= EXPIRY_WARNING_DAYS)
    return { state: 'soon', days: left, text: `expires in ${days(left)}`, colour: 'orange' };
  return { state: 'ok', days: left, text: '', colour: 'default' };
}
