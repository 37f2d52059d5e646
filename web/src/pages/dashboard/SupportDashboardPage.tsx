// The support dashboard (/support, user_support, hidden from the menu; issue 15): the provider's
// operations across every client: clients by state, units reporting now, silent for a day or
// never, unknown devices knocking, positions per minute over the last hour, open chase-ups and
// overdue accounts; and where support staff write the monthly deals and the notices clients read.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Skeleton, Table, Typography } from 'antd';
import { formatRand, type SupportDashboard } from '@fleet/common';
import { supportDashboardQuery } from '../../api/dashboard';
import PageContainer from '../../components/PageContainer';
import ChaseupQueueCard from './support/ChaseupQueueCard';
import DealsEditor from './support/DealsEditor';
import NoticesEditor from './support/NoticesEditor';
import PositionsChart from './support/PositionsChart';
import './home/dashboard.css';

/** Support re-reads the view every half minute: it is about now. */
const REFRESH_MS = 30_000;

type Overdue = SupportDashboard['overdue_accounts'][number];

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <>
      <span className="alert-card-count">{value.toLocaleString('en-ZA')}</span>
      <span className="alert-card-label">{label}</span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={`alert-card${value > 0 ? ' alert-card-on' : ''}`}>
          {body}
        </Link>
      ) : (
        <span className="alert-card">{body}</span>
      )}
    </li>
  );
}

const cardTitle = (text: string) => (
  <Typography.Title level={2} className="dashboard-card-title">
    {text}
  </Typography.Title>
);

export default function SupportDashboardPage() {
  const query = useQuery({ ...supportDashboardQuery(), refetchInterval: REFRESH_MS });
  const d = query.data?.support_dashboard;
  return (
    <PageContainer>
      {query.isError && (
        <Alert type="error" showIcon message="The operations view could not be loaded" />
      )}
      {!d ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div className="dashboard">
          <Card className="dashboard-card" title={cardTitle('Clients and units')}>
            <ul className="alert-cards" aria-label="Clients by state">
              {d.clients_by_state.map((s) => (
                <Figure key={s.state} label={`${s.name} clients`} value={s.count} />
              ))}
            </ul>
            <ul className="alert-cards support-units" aria-label="Units">
              <Figure label="Units" value={d.units.total} />
              <Figure label="Reporting now" value={d.units.reporting} />
              <Figure
                label="Silent for a day"
                value={d.units.silent_day}
                to="/portal/vehicles/unit/issues"
              />
              <Figure
                label="Never reported"
                value={d.units.never}
                to="/portal/vehicles/unit/issues"
              />
              <Figure
                label="Unknown devices"
                value={d.unknown_devices}
                to="/portal/vehicles/unit/issues"
              />
              <Figure label="Open chase-ups" value={d.open_chaseups} to="/recovery/chase_up" />
            </ul>
          </Card>
          <ChaseupQueueCard queue={d.chaseup_queue} />
          <div className="dashboard-columns">
            <Card className="dashboard-card" title={cardTitle('Positions per minute, last hour')}>
              <PositionsChart minutes={d.positions_per_minute} />
            </Card>
            <Card className="dashboard-card" title={cardTitle('Overdue accounts')}>
              <Table<Overdue>
                rowKey="cid"
                size="small"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={d.overdue_accounts}
                locale={{ emptyText: <Empty description="No account is overdue" /> }}
                columns={[
                  {
                    title: 'Client',
                    dataIndex: 'name',
                    render: (name: string, r) => (
                      <Link to={`/portal/account/billing/${r.cid}`}>{name}</Link>
                    ),
                  },
                  {
                    title: 'Overdue',
                    dataIndex: 'overdue_cents',
                    align: 'right',
                    render: (c: number) => <span className="amount">{formatRand(c)}</span>,
                  },
                  {
                    title: 'Days',
                    dataIndex: 'days_overdue',
                    align: 'right',
                  },
                ]}
              />
            </Card>
          </div>
          <DealsEditor />
        </div>
      )}
      <div className="support-notices">
        <NoticesEditor />
      </div>
    </PageContainer>
  );
}
