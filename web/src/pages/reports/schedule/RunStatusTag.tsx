// What became of a schedule's run (issue 14 item 5): Delivered, Failed or Running as a tag, with
// how it was delivered or why it failed in its tooltip, reachable by keyboard; a failure's reason
// is also written out, so it is read without hovering.
import { Tag, Tooltip, Typography } from 'antd';
import type { ScheduledReportRun } from '@fleet/common';

const STATUS = {
  delivered: { text: 'Delivered', colour: 'green' },
  failed: { text: 'Failed', colour: 'red' },
  running: { text: 'Running', colour: 'blue' },
} as const;

export default function RunStatusTag({ run }: { run: ScheduledReportRun }) {
  const s = STATUS[run.status];
  return (
    <span className="scheduled-detail">
      <Tooltip title={run.detail || undefined}>
        <Tag color={s.colour} tabIndex={run.detail ? 0 : undefined}>
          {s.text}
        </Tag>
      </Tooltip>
      {run.status === 'failed' && run.detail && (
        <Typography.Text type="danger"> {run.detail}</Typography.Text>
      )}
    </span>
  );
}

/** 850 B, 12.4 kB, 3.1 MB. */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** 850 ms, 4.2 s, 2 min 05 s. */
export function runTimeText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
