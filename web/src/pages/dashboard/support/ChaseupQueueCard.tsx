// The support dashboard's chase-up queue (issue 16 item 8): how many wait to be taken, how many are
// still open, and the median time an agent took to take one over the last 7 days; it leads to the
// queue (/recovery/chase_up).
import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import type { SupportDashboard } from '@fleet/common';
import { durationText } from '../../recovery/desk/waiting';

/** Median seconds in words: "3 min", "less than a minute", or that none was taken. */
export function medianText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds))
    return 'none taken in 7 days';
  return durationText(seconds * 1000);
}

export default function ChaseupQueueCard({
  queue,
}: {
  queue: SupportDashboard['chaseup_queue'] | undefined;
}) {
  return (
    <Card
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card-title">
          Chase-up queue
        </Typography.Title>
      }
      extra={<Link to="/recovery/chase_up">Open the queue</Link>}
    >
      {!queue ? (
        <Typography.Text type="secondary">The queue could not be read.</Typography.Text>
      ) : (
        <ul className="alert-cards" aria-label="Chase-up queue">
          <li>
            <Link
              to="/recovery/chase_up"
              className={`alert-card${queue.new > 0 ? ' alert-card-on' : ''}`}
            >
              <span className="alert-card-count">{queue.new.toLocaleString('en-ZA')}</span>
              <span className="alert-card-label">New, waiting to be taken</span>
            </Link>
          </li>
          <li>
            <Link to="/recovery/chase_up" className="alert-card">
              <span className="alert-card-count">{queue.open.toLocaleString('en-ZA')}</span>
              <span className="alert-card-label">Open</span>
            </Link>
          </li>
          <li>
            <span className="alert-card">
              <span className="alert-card-count">{medianText(queue.median_take_seconds)}</span>
              <span className="alert-card-label">Median time to take (7 days)</span>
            </span>
          </li>
        </ul>
      )}
    </Card>
  );
}
