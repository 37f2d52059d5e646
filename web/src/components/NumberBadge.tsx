// Number badges of SPEC §2: "off" with a no-connection icon when the value is not numeric (the count
// could not be read), gray for 0.
import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

export const ZERO_COLOUR = '#bfbfbf';

function OffBadge() {
  return (
    <span className="badge-off" title="Not available">
      <DisconnectOutlined aria-label="no connection" /> off
    </span>
  );
}

export function NumberBadge({ value, children }: { value: unknown; children: ReactNode }) {
  if (!isNumeric(value)) {
    return <Badge count={<OffBadge />}>{children}</Badge>;
  }
  const n = Number(value);
  return (
    <Badge count={n} showZero overflowCount={99} color={n === 0 ? ZERO_COLOUR : undefined}>
      {children}
    </Badge>
  );
}

/** A tab label with its count beside it; gray for 0. */
export function NumberTab({ label, value }: { label: ReactNode; value: unknown }) {
  return (
    <span className="number-tab">
      {label}
      {isNumeric(value) ? (
        <Badge
          count={Number(value)}
          showZero
          overflowCount={999}
          color={Number(value) === 0 ? ZERO_COLOUR : undefined}
        />
      ) : (
        <OffBadge />
      )}
    </span>
  );
}
