// The case timeline of a chase-up (issue 16 item 8): one list of what happened, newest first — the
// device event, state changes, calls and comments (and a recovery log). The server sends it merged;
// comments and calls read since are merged in too, so a note shows at once.
import {
  CommentOutlined,
  FileTextOutlined,
  PhoneOutlined,
  SwapOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Empty } from 'antd';
import type { CallLog, RecoveryComment, TimelineItem } from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import './desk.css';

export const KIND_WORDS: Record<TimelineItem['kind'], string> = {
  event: 'Event',
  state: 'State',
  call: 'Call',
  comment: 'Comment',
  recovery_log: 'Recovery log',
};

const ICONS: Record<TimelineItem['kind'], React.ReactNode> = {
  event: <ThunderboltOutlined aria-hidden />,
  state: <SwapOutlined aria-hidden />,
  call: <PhoneOutlined aria-hidden />,
  comment: <CommentOutlined aria-hidden />,
  recovery_log: <FileTextOutlined aria-hidden />,
};

export const callText = (c: Pick<CallLog, 'name' | 'number' | 'outcome_name' | 'notes'>) =>
  `Called ${c.name} (${c.number}): ${c.outcome_name}${c.notes ? ` (${c.notes})` : ''}`;

/**
 * The server's timeline with the comments and calls it does not hold yet, newest first (ties keep
 * the server's order).
 */
export function mergeTimeline(
  timeline: readonly TimelineItem[],
  comments: readonly RecoveryComment[] = [],
  calls: readonly CallLog[] = [],
): TimelineItem[] {
  const has = new Set(timeline.map((t) => `${t.kind}:${t.ref}`));
  const extra: TimelineItem[] = [
    ...comments
      .filter((c) => !has.has(`comment:${c.id}`))
      .map((c) => ({
        time: c.created,
        kind: 'comment' as const,
        text: c.text,
        username: c.username,
        ref: c.id,
      })),
    ...calls
      .filter((c) => !has.has(`call:${c.id}`))
      .map((c) => ({
        time: c.created,
        kind: 'call' as const,
        text: callText(c),
        username: c.username,
        ref: c.id,
      })),
  ];
  return [...timeline, ...extra]
    .map((item, i) => ({ item, i, at: Date.parse(item.time) || 0 }))
    .sort((a, b) => b.at - a.at || a.i - b.i)
    .map(({ item }) => item);
}

export default function Timeline({ items }: { items: readonly TimelineItem[] }) {
  const dateTime = useDateTime();
  if (!items.length) return <Empty description="Nothing has happened on this case yet." />;
  return (
    <ol className="case-timeline" aria-label="Case timeline, newest first">
      {items.map((t, i) => (
        <li key={`${t.kind}-${t.ref ?? 'x'}-${i}`} className={`case-item case-item-${t.kind}`}>
          <span className="case-kind">
            {ICONS[t.kind]} {KIND_WORDS[t.kind]}
          </span>
          <div className="case-body">
            <div className="case-text">{t.text}</div>
            <div className="chaseup-sub">
              <time dateTime={t.time}>{dateTime(t.time)}</time>
              {t.username ? ` · ${t.username}` : ''}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
