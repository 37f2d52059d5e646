// A past moment as the lists show it: "3 hours ago" (SPEC §9 wording), the exact time on hover.
import { formatRelative } from '@fleet/common';
import { useDateTime } from '../../components/dates';

export default function TimeAgo({
  at,
  now,
  never = 'Never',
}: {
  at: string | null;
  now: number;
  never?: string;
}) {
  const formatTime = useDateTime();
  if (!at) return <>{never}</>;
  return <span title={formatTime(at)}>{formatRelative(new Date(at), now)}</span>;
}
