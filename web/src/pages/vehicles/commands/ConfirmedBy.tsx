// Beside a command panel's state: when the device confirmed it, or that it has not yet.
import { useDateTime } from '../../../components/dates';

export default function ConfirmedBy({ at, none }: { at: string | null; none: string }) {
  const formatTime = useDateTime();
  if (!at) return <span>{none}</span>;
  return (
    <span>
      confirmed by the device <span className="command-when">{formatTime(at)}</span>
    </span>
  );
}
