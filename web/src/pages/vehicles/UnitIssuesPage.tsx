// vehicles/unit/issues (SPEC §2; feature_unit_issues, the unit issues site alert): what is wrong
// with the client's units, worst first, each with what was seen, what to do, when the unit was
// last heard from and its GPS satellites at the last fix. Support users see every client's units
// (each naming its client, with a client filter) and also the trackers that report with an
// identifier no unit has, to attach them.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { type SilentUnitIssue, type UnitIssue, type UnknownDeviceIssue } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { useNow } from '../../components/useNow';
import { useIsMobile } from '../../layout/useResponsive';
import TimeAgo from '../drivers/TimeAgo';
import { actionsColumn } from '../drivers/RowActions';
import AttachDeviceModal from './AttachDeviceModal';
import {
  actionFor,
  satelliteQuality,
  SEVERITY_COLOURS,
  severityOf,
  severityRank,
} from './unitIssueWording';
import './unitIssues.css';

const isUnknownDevice = (i: UnitIssue): i is UnknownDeviceIssue => i.issue === 'Unknown device';
const vehiclePath = (uid: number) => `/portal/vehicles/vehicle/edit/${uid}`;

function Satellites({ value }: { value: number | null }) {
  const band = satelliteQuality(value);
  if (!band) return <>—</>;
  return (
    <span className="issue-gps">
      <span>{value}</span>
      <Tag color={band.colour}>{band.label}</Tag>
    </span>
  );
}

function UnitIssueTable({ issues, now }: { issues: SilentUnitIssue[]; now: number }) {
  const mobile = useIsMobile();
  const [kind, setKind] = useState<string | undefined>(undefined);
  const [client, setClient] = useState<string | undefined>(undefined);
  // Only a support user's list names clients.
  const clients = useMemo(
    () =>
      [...new Set(issues.flatMap((i) => (i.client_name ? [i.client_name] : [])))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [issues],
  );
  const kinds = useMemo(() => {
    const counts = new Map<string, number>();
    for (const i of issues) counts.set(i.issue, (counts.get(i.issue) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => severityRank(a) - severityRank(b) || a.localeCompare(b));
  }, [issues]);
  const rows = useMemo(
    () =>
      issues
        .filter((i) => (!kind || i.issue === kind) && (!client || i.client_name === client))
        .sort(
          (a, b) => severityRank(a.issue) - severityRank(b.issue) || a.name.localeCompare(b.name),
        ),
    [issues, kind, client],
  );
  return (
    <>
      <div className="issues-filters">
        <Select<string>
          className="issues-kind-filter"
          aria-label="Filter by issue"
          placeholder="All issues"
          allowClear
          virtual={false}
          value={kind}
          options={kinds.map(([k, n]) => ({ value: k, label: `${k} (${n})` }))}
          onChange={(value) => setKind(value ?? undefined)}
        />
        {clients.length > 0 && (
          <Select<string>
            className="issues-kind-filter"
            aria-label="Filter by client"
            placeholder="All clients"
            allowClear
            showSearch
            virtual={false}
            value={client}
            options={clients.map((c) => ({ value: c, label: c }))}
            onChange={(value) => setClient(value ?? undefined)}
          />
        )}
      </div>
      <Table<SilentUnitIssue>
        rowKey={(r) => `${r.uid}-${r.issue}`}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        scroll={mobile ? undefined : { x: 'max-content' }}
        columns={[
          {
            title: 'Vehicle',
            dataIndex: 'name',
            render: (name: string, row) => (
              <span className="issue-cell-lines">
                <Link to={vehiclePath(row.uid)}>{name}</Link>
                {row.reg && row.reg !== name && (
                  <Typography.Text type="secondary">{row.reg}</Typography.Text>
                )}
                {row.client_name && (
                  <Typography.Text type="secondary">{row.client_name}</Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: 'Issue',
            dataIndex: 'issue',
            render: (issue: string, row) => (
              <span className="issue-cell-lines">
                <Tag color={SEVERITY_COLOURS[severityOf(issue)]} data-severity={severityOf(issue)}>
                  {issue}
                </Tag>
                {/* On a phone what to do is a line of this cell, so the table fits. */}
                {mobile && <span>{actionFor(row.issue, row.action)}</span>}
              </span>
            ),
          },
          {
            title: 'Detail',
            dataIndex: 'detail',
            responsive: ['md'],
            render: (detail: string) => detail || '—',
          },
          ...(mobile
            ? []
            : [
                {
                  title: 'What to do',
                  key: 'action',
                  className: 'issue-action',
                  render: (_: unknown, row: SilentUnitIssue) => actionFor(row.issue, row.action),
                },
              ]),
          {
            title: 'Last seen',
            dataIndex: 'last_seen',
            responsive: ['sm'],
            render: (at: string | null) => <TimeAgo at={at} now={now} />,
          },
          {
            title: 'GPS satellites',
            dataIndex: 'satellites',
            responsive: ['md'],
            render: (v: number | null) => <Satellites value={v} />,
          },
        ]}
      />
    </>
  );
}

function UnknownDevices({
  devices,
  now,
  loading,
}: {
  devices: UnknownDeviceIssue[];
  now: number;
  loading: boolean;
}) {
  const [attaching, setAttaching] = useState<UnknownDeviceIssue | null>(null);
  return (
    <>
      <Table<UnknownDeviceIssue>
        rowKey="id"
        loading={loading}
        dataSource={devices}
        pagination={devices.length > 20 ? { pageSize: 20 } : false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Typography.Text type="secondary">
              {'No tracker is reporting with an unknown identifier'}
            </Typography.Text>
          ),
        }}
        columns={[
          { title: 'Device id', dataIndex: 'device_id', render: (v: string) => <code>{v}</code> },
          { title: 'Protocol', dataIndex: 'protocol' },
          { title: 'From', dataIndex: 'remote_address', responsive: ['md'] },
          {
            title: 'First seen',
            dataIndex: 'first_seen',
            responsive: ['md'],
            render: (at: string) => <TimeAgo at={at} now={now} />,
          },
          {
            title: 'Last seen',
            dataIndex: 'last_seen',
            render: (at: string) => <TimeAgo at={at} now={now} />,
          },
          { title: 'Reports', dataIndex: 'count', align: 'right', responsive: ['sm'] },
          actionsColumn((row: UnknownDeviceIssue) => (
            <Button
              size="small"
              icon={<LinkOutlined />}
              aria-label={`Attach ${row.device_id} to a unit`}
              onClick={() => setAttaching(row)}
            >
              Attach to a unit
            </Button>
          )),
        ]}
      />
      {attaching && <AttachDeviceModal device={attaching} onClose={() => setAttaching(null)} />}
    </>
  );
}

function AllReporting() {
  return (
    <Result
      icon={<CheckCircleOutlined />}
      status="success"
      title={<span className="result-heading">All your vehicles are reporting normally</span>}
      subTitle="This page lists any vehicle whose tracker stops reporting, loses its GPS fix or its power, or reads a driver tag nobody has, with what to do about it."
    />
  );
}

export default function UnitIssuesPage() {
  const support = usePermission(['user_support']);
  const now = useNow(60_000);
  const query = useQuery(taskQuery('get_unit_issues', {}));
  const all = query.data?.unit_issues ?? [];
  const issues = all.filter((i): i is SilentUnitIssue => !isUnknownDevice(i));
  const unknown = all.filter(isUnknownDevice);
  const loading = query.isLoading;

  const vehicles =
    query.isSuccess && issues.length === 0 ? (
      <AllReporting />
    ) : (
      <UnitIssueTable issues={issues} now={now} />
    );

  return (
    <PageContainer subTitle="Trackers that need attention, and what to do about each">
      <Space orientation="vertical" size={16} className="full-width">
        {support && (
          <Card variant="borderless">
            <Typography.Title level={2} className="issues-heading">
              Unknown devices
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Trackers reporting with an identifier no unit has. Attach each to the unit it is
              fitted to.
            </Typography.Paragraph>
            <UnknownDevices devices={unknown} now={now} loading={loading} />
          </Card>
        )}
        {/* Support users see every client's vehicles here when some need attention. */}
        {!(support && query.isSuccess && issues.length === 0) && (
          <Card variant="borderless" loading={loading}>
            {support && (
              <Typography.Title level={2} className="issues-heading">
                Vehicles
              </Typography.Title>
            )}
            {vehicles}
          </Card>
        )}
      </Space>
    </PageContainer>
  );
}
