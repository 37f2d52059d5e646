// How the quote and order pages word and colour a quote (issue 15): its plan, service, vehicles,
// status and order progress, with the amounts in rand from integer cents.
import { Tag } from 'antd';
import {
  ORDER_PROGRESS,
  PRICE_PLANS,
  QUOTE_STATUSES,
  SERVICE_TYPES,
  VEHICLE_VALUE_BANDS,
  formatRand,
  type Quote,
} from '@fleet/common';

export const planName = (plan: number) => PRICE_PLANS[plan] ?? `Plan ${plan}`;
export const serviceName = (api: string) =>
  SERVICE_TYPES.find((s) => s.api_name === api)?.name ?? api;
export const className = (api: string) => api.replace(/_/g, ' ');
export const bandName = (band: number) => VEHICLE_VALUE_BANDS[band] ?? '';
export const vehicleCount = (n: number) => `${n} vehicle${n === 1 ? '' : 's'}`;
export const monthsText = (m: number | null) =>
  m === null ? '—' : m === 0 ? 'No contract' : `${m} months`;

const PROGRESS_COLOURS = ['default', 'default', 'processing', 'success', 'error', 'warning'];

/** Where a quote stands: waiting for a price, priced (or expired), or its order's progress. */
export function QuoteStateTag({ quote }: { quote: Quote }) {
  if (quote.progress > 0) {
    return <Tag color={PROGRESS_COLOURS[quote.progress]}>{ORDER_PROGRESS[quote.progress]}</Tag>;
  }
  if (quote.status === 'quoted' && quote.expired) return <Tag color="warning">Expired</Tag>;
  return (
    <Tag color={quote.status === 'quoted' ? 'blue' : 'gold'}>{QUOTE_STATUSES[quote.status]}</Tag>
  );
}

/** "R 299.00 a month", "R 1 500.00 once-off", or nothing before the quote is priced. */
export function priceLines(q: Pick<Quote, 'monthly_cents' | 'once_off_cents'>): string[] {
  if (q.monthly_cents === null && q.once_off_cents === null) return [];
  return [
    `${formatRand(q.monthly_cents ?? 0)} a month`,
    `${formatRand(q.once_off_cents ?? 0)} once-off`,
  ];
}

/** A calendar day (YYYY-MM-DD) as people read it: 3 Mar 2026. */
export function dayText(day: string | null): string {
  if (!day) return '—';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
