// The waiting clock of one chase-up (issue 16 item 8): text always, an icon and colour as well once
// it is late (amber at 2 minutes, red at 5). The caller passes `now` (useNow) so one timer ticks for
// a whole table.
import { ClockCircleOutlined, ExclamationCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { ChaseupEvent } from '@fleet/common';
import { urgency, waitingText } from './waiting';
import './desk.css';

type Props = {
  event: Pick<ChaseupEvent, 'state' | 'created' | 'time' | 'taken_at' | 'closed_at'>;
  now: number;
};

export default function ChaseupAge({ event, now }: Props) {
  const level = urgency(event, now);
  const text = waitingText(event, now);
  const icon =
    level === 'red' ? (
      <ExclamationCircleOutlined aria-hidden />
    ) : level === 'amber' ? (
      <WarningOutlined aria-hidden />
    ) : (
      <ClockCircleOutlined aria-hidden />
    );
  return (
    <span className={`chaseup-age chaseup-age-${level}`} data-urgency={level}>
      {icon}
      <span>{text}</span>
    </span>
  );
}
