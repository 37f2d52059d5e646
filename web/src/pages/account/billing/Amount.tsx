// An amount in rand as the account pages show it (formatRand: 'R 1 234.50'), in tabular figures;
// tables right-align the columns that hold them.
import { Typography } from 'antd';
import { formatRand } from '@fleet/common';
import './billing.css';

export function Amount({ cents, danger }: { cents: number | null; danger?: boolean }) {
  if (cents === null) return <>—</>;
  const text = <span className="amount">{formatRand(cents)}</span>;
  return danger ? <Typography.Text type="danger">{text}</Typography.Text> : text;
}

/** A table column of amounts: right-aligned. */
export const AMOUNT_COLUMN = { align: 'right' as const };

/** "1 day", "43 days". */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
