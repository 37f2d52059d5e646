// Number badges of SPEC §2: "off" with a no-connection icon when the value is not numeric (the count
// could not be read), gray for 0.
import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { NEUTRAL_BADGE } from '../theme/antdTheme';

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

export const ZERO_COLOUR = NEUTRAL_BADGE;
const OVERFLOW = 99;

/**
 * The text a badge shows for `value`: the count ("99+" past 99) or "off". A button carrying the
 * badge puts it in its name, so a voice-control user can say what they see (WCAG 2.5.3).
 */
export function badgeText(value: unknown, overflow = OVERFLOW): string {
  if (!isNumeric(value)) return 'off';
  const n = Number(value);
  return n > overflow ? `${overflow}+` : String(n);
}

function OffBadge() {
  return (
    <span className="badge-off" title="Not available" style={{ background: NEUTRAL_BADGE }}>
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
    <Badge count={n} showZero overflowCount={OVERFLOW} color={n === 0 ? ZERO_COLOUR : undefined}>
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
