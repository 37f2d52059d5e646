// Beside today's units: the drivers (SPEC §3 dashboard drivers: is_driver, drive_disable), those
// who may not drive first, and the latest rule alerts (issue 11), each leading to its page.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import type { DashboardPerson } from '@fleet/common';
import { latestRuleAlertsQuery } from '../../../api/dashboard';
import { usePermission } from '../../../components/Permission';
import { useDateTime } from '../../../components/dates';
import { ruleAlertPath } from '../../alerts/ruleAlerts/pushedAlerts';

export function DriversCard({ people }: { people: readonly DashboardPerson[] | undefined }) {
  const canOpen = usePermission(['feature_drivers_view']);
  const sorted = [...(people ?? [])].sort(
    (a, b) => Number(b.drive_disable) - Number(a.drive_disable) || a.name.localeCompare(b.name),
  );
  return (
    <Card
      className="dashboard-card"
      title={
        <Typography.Title
          level={2}
          className="dashboard-card-title"
          id="dashboard-drivers"
          tabIndex={-1}
        >
          Drivers
        </Typography.Title>
      }
    >
      <List
        size="small"
        loading={!people}
        dataSource={sorted.slice(0, 8)}
        locale={{ emptyText: <Empty description="No drivers yet" /> }}
        renderItem={(p) => (
          <List.Item>
            {canOpen ? <Link to={`/portal/drivers/edit_driver/${p.pid}`}>{p.name}</Link> : p.name}
            {p.drive_disable ? (
              <Tag color="red">{p.reason ?? 'May not drive'}</Tag>
            ) : (
              <Tag color="green">May drive</Tag>
            )}
          </List.Item>
        )}
      />
      {canOpen && sorted.length > 8 && (
        <Link to="/portal/drivers/index">All {sorted.length} drivers</Link>
      )}
    </Card>
  );
}

export function LatestAlertsCard() {
  const allowed = usePermission(['feature_rule_alerts']);
  const dateTime = useDateTime();
  const query = useQuery({ ...latestRuleAlertsQuery(), enabled: allowed });
  if (!allowed) return null;
  const alerts = query.data?.rule_alerts ?? [];
  return (
    <Card
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card-title">
          Latest rule alerts
        </Typography.Title>
      }
      extra={<Link to="/portal/alerts/unit_alert">All alerts</Link>}
    >
      <List
        size="small"
        loading={query.isLoading}
        dataSource={alerts}
        locale={{ emptyText: <Empty description="No rule alerts" /> }}
        renderItem={(a) => (
          <List.Item>
            <Link to={ruleAlertPath(a.raid)}>
              {a.type_name}: {a.unit_name}
            </Link>
            <span className="muted">{dateTime(a.time)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
