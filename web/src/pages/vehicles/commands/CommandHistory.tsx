// A command history: every step (asked, waiting, sent, confirmed, failed), newest first.
import { Tag } from 'antd';
import { COMMAND_STEP_LABELS, type CommandHistoryEntry } from '@fleet/common';
import { useDateTime } from '../../../components/dates';

const STEP_COLOURS: Record<string, string> = {
  confirmed: 'green',
  failed: 'red',
  waiting: 'orange',
  sent: 'blue',
};

export default function CommandHistory({
  history,
  label,
}: {
  history: CommandHistoryEntry[];
  label: string;
}) {
  const formatTime = useDateTime();
  if (!history.length) return <p className="command-empty">No commands yet.</p>;
  return (
    <ol className="command-history" aria-label={label}>
      {history.map((h) => (
        <li key={h.id}>
          <Tag color={STEP_COLOURS[h.step]} className="command-step">
            {COMMAND_STEP_LABELS[h.step]}
          </Tag>
          <div className="command-entry">
            <span className="command-what">
              {h.asked}
              {h.detail ? ` — ${h.detail}` : ''}
              {h.by ? ` (${h.by})` : ''}
            </span>{' '}
            <time className="command-time" dateTime={h.at}>
              {formatTime(h.at)}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}
