// How a monthly deal's days and state read, on the deals page and the support dashboard's editor.
import { Tag } from 'antd';
import type { MonthlyDeal } from '@fleet/common';
import { longDayOf } from './dates';

/** "1 Jun 2026 to 30 Jun 2026" */
export function validity(deal: MonthlyDeal): string {
  return `${longDayOf(deal.valid_from)} to ${longDayOf(deal.valid_to)}`;
}

/** On now, coming soon, or ended (support staff see ended deals too). */
export function DealState({ deal, now }: { deal: MonthlyDeal; now: number }) {
  if (deal.current) return <Tag color="green">On now</Tag>;
  return Date.parse(deal.valid_from) > now ? <Tag color="blue">Coming soon</Tag> : <Tag>Ended</Tag>;
}
