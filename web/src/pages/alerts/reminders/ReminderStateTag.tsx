// A reminder's state as a coloured tag with words (colour is never the only sign).
import { Tag } from 'antd';
import { ClockCircleOutlined, CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { REMINDER_STATE_NAMES, type ReminderState } from '@fleet/common';

const LOOK: Record<ReminderState, { color: string; icon: React.ReactNode }> = {
  overdue: { color: 'error', icon: <WarningOutlined aria-hidden /> },
  due_soon: { color: 'warning', icon: <ClockCircleOutlined aria-hidden /> },
  ok: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
};

export default function ReminderStateTag({ state }: { state: ReminderState }) {
  const look = LOOK[state];
  return (
    <Tag color={look.color} icon={look.icon} className="reminder-state">
      {REMINDER_STATE_NAMES[state]}
    </Tag>
  );
}
