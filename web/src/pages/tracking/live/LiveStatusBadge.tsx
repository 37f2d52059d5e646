import { Tooltip } from 'antd';
import type { LiveStatus } from '../../../api/live';

const WORDING: Record<LiveStatus, { label: string; tip: string; tone: string }> = {
  live: { label: 'Live', tip: 'Positions arrive as the vehicles report', tone: 'live' },
  connecting: { label: 'Connecting', tip: 'Opening the live connection', tone: 'wait' },
  reconnecting: {
    label: 'Reconnecting',
    tip: 'The live connection dropped; positions are re-read every minute until it is back',
    tone: 'wait',
  },
  idle: { label: 'Not live', tip: 'Positions are re-read every minute', tone: 'off' },
  stopped: { label: 'Logged out', tip: 'Your session has ended', tone: 'off' },
};

/** The state of the /api/live connection, as a dot and a word. */
export function LiveStatusBadge({ status }: { status: LiveStatus }) {
  const { label, tip, tone } = WORDING[status];
  return (
    <Tooltip title={tip}>
      <span className={`live-badge is-${tone}`} role="status" aria-label={`Connection: ${label}`}>
        <span className="live-badge-dot" />
        {label}
      </span>
    </Tooltip>
  );
}
