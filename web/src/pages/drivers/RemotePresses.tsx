// A remote's latest presses (get_remote), under its row of the remotes table: when, and the trip
// page of the vehicle opened at that minute (where it was and what it did next).
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, List, Spin, Typography } from 'antd';
import { remoteQuery } from '../../api/people';
import { useDateTime } from '../../components/dates';
import { alertTripPath } from '../alerts/ruleAlerts/evidenceText';

export default function RemotePresses({ id, uid }: { id: number; uid: number }) {
  const query = useQuery(remoteQuery(id));
  const when = useDateTime();
  if (query.isLoading) return <Spin size="small" aria-label="Loading the presses" />;
  if (query.isError)
    return <Alert type="error" showIcon title="The presses could not be read" role="alert" />;
  const presses = query.data?.presses ?? [];
  if (!presses.length) return <Typography.Text type="secondary">No presses yet.</Typography.Text>;
  return (
    <List
      size="small"
      header={<Typography.Text strong>Latest presses</Typography.Text>}
      dataSource={presses}
      renderItem={(p) => (
        <List.Item>
          <span>{when(p.time)}</span>
          <Link to={alertTripPath({ uid, time: p.time })}>Where it was</Link>
        </List.Item>
      )}
    />
  );
}
