// /recovery/unit/{id} (issue 16 item 5; get_recovery_unit): one unit of any client as the recovery
// desk sees it: its live state on a small map (get_unit's readings, moved on by the live socket),
// its device, last events, chase-ups, recovery logs, odometer logs, backup units and comments; and
// where to go from here: the live map, trips, border crossings, backup units, a recovery log (not
// while one is In Progress: SPEC §4 then links to that log instead) and a comment. The live state
// and device sections are in views/UnitSections.tsx.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Table, Tag } from 'antd';
import {
  AimOutlined,
  CommentOutlined,
  FileAddOutlined,
  FileSyncOutlined,
  GlobalOutlined,
  HistoryOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import {
  RECOVERY_IN_PROGRESS,
  eventLabel,
  type BackupUnit,
  type RecoveryUnitView,
} from '@fleet/common';
import {
  addRecoveryLogPath,
  commentsQuery,
  editRecoveryLogPath,
  recoveryClientPath,
  recoveryUnitPath,
  recoveryUnitQuery,
} from '../../api/recovery';
import { unitQuery } from '../../api/tracking';
import { useLiveConnection } from '../../api/live';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import {
  eventColour,
  formatCoordinates,
  formatOdometer,
  formatVolts,
} from '../tracking/live/unitFacts';
import ChaseupTable, { eventTripPath } from './desk/ChaseupTable';
import { Device, LiveState } from './views/UnitSections';
import { formatDistance, isFarFromMain } from './views/backupPairs';
import CommentModal from './views/CommentModal';
import LinkButton from './views/LinkButton';
import RecoveryLogTable from './views/RecoveryLogTable';
import SectionCard from './views/SectionCard';
import {
  backupUnitsPath,
  borderCrossingPath,
  realtimeUnitPath,
  recoveryTripsPath,
  routeId,
  serviceTypeName,
} from './views/wording';
import './desk/desk.css';
import './views/views.css';
import { tableScroll } from './desk/tableScroll';

type UnitEventRow = RecoveryUnitView['events'][number];
type OdometerRow = RecoveryUnitView['odometer_logs'][number];

function EventTable({ uid, events }: { uid: number; events: UnitEventRow[] }) {
  const dateTime = useDateTime();
  return (
    <Table<UnitEventRow>
      rowKey="id"
      size="small"
      aria-label="Last events"
      dataSource={events}
      pagination={events.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={tableScroll(events)}
      locale={{ emptyText: 'No events yet' }}
      columns={[
        { title: 'When', key: 'time', render: (_, e) => dateTime(e.time) },
        {
          title: 'Event',
          key: 'type',
          render: (_, e) => <Tag color={eventColour(e)}>{e.label || eventLabel(e.type)}</Tag>,
        },
        {
          title: 'Where',
          key: 'where',
          render: (_, e) =>
            e.lat !== null && e.lon !== null ? (
              <Link to={eventTripPath({ uid, time: e.time })} className="recovery-link">
                {formatCoordinates(e.lat, e.lon)}
                <span className="visually-hidden"> on the trip map</span>
              </Link>
            ) : (
              <span className="recovery-muted">No position</span>
            ),
        },
      ]}
    />
  );
}

function OdometerTable({ rows }: { rows: OdometerRow[] }) {
  const dateTime = useDateTime();
  const sorted = [...rows].sort((a, b) => b.datetimestamp.localeCompare(a.datetimestamp));
  return (
    <Table<OdometerRow>
      rowKey="id"
      size="small"
      aria-label="Odometer logs"
      dataSource={sorted}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: 'No odometer logs' }}
      columns={[
        { title: 'When', key: 'when', render: (_, r) => dateTime(r.datetimestamp) },
        {
          title: 'Odometer',
          key: 'km',
          align: 'right',
          render: (_, r) => formatOdometer(r.odometer),
        },
        { title: 'Kind', key: 'kind', render: (_, r) => r.kind || '—' },
      ]}
    />
  );
}

function BackupTable({ rows, ofBackup }: { rows: BackupUnit[]; ofBackup: boolean }) {
  const dateTime = useDateTime();
  return (
    <Table<BackupUnit>
      rowKey="uid"
      size="small"
      aria-label={ofBackup ? 'Main unit' : 'Backup units'}
      dataSource={rows}
      pagination={false}
      scroll={tableScroll(rows)}
      columns={[
        {
          title: 'Unit',
          key: 'name',
          render: (_, b) => (
            <Link to={recoveryUnitPath(b.uid)} className="recovery-link">
              {b.name}
            </Link>
          ),
        },
        {
          title: 'Apart',
          key: 'distance',
          render: (_, b) => (
            <span className={isFarFromMain(b.distance_from_main) ? 'backup-distance-far' : ''}>
              {formatDistance(b.distance_from_main)}
              {isFarFromMain(b.distance_from_main) && ' (far from the main unit)'}
            </span>
          ),
        },
        { title: 'Last data', key: 'last', render: (_, b) => dateTime(b.last_data) },
        { title: 'Battery', key: 'battery', render: (_, b) => formatVolts(b.battery) },
        { title: 'Power', key: 'power', render: (_, b) => formatVolts(b.power) },
      ]}
    />
  );
}

function Comments({ uid }: { uid: number }) {
  const dateTime = useDateTime();
  const query = useQuery({
    ...commentsQuery({ uid, page: 1, page_size: 20 }),
    select: (d) => [...(d.comments ?? [])].sort((a, b) => b.id - a.id),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <Alert type="error" showIcon title="The comments could not be read" />;
  if (!query.data.length) return <Empty description="No comments on this unit yet" />;
  return (
    <ol className="recovery-comments" aria-label="Comments, newest first">
      {query.data.map((c) => (
        <li key={c.id}>
          <div className="recovery-muted">
            {c.username} · {dateTime(c.created)}
          </div>
          <div className="recovery-comment-text">{c.text}</div>
        </li>
      ))}
    </ol>
  );
}

export default function RecoveryUnitPage() {
  const uid = routeId(useParams().id);
  const query = useQuery({ ...recoveryUnitQuery(uid ?? 0), enabled: uid !== null });
  const detail = useQuery({
    ...unitQuery(uid ?? 0),
    select: (d) => d.unit,
    enabled: uid !== null,
    refetchInterval: 20_000,
  });
  useLiveConnection();
  const [commenting, setCommenting] = useState(false);
  const view = query.data;

  if (uid === null)
    return (
      <PageContainer>
        <Alert type="warning" showIcon title="This address does not name a unit." />
      </PageContainer>
    );

  const unit = view?.unit;
  const inProgress = view?.recovery_logs
    .filter((l) => l.state === RECOVERY_IN_PROGRESS)
    .sort((a, b) => b.id - a.id)[0];
  const ofBackup = !!unit?.backup_of;
  const actions = unit && view && (
    <div className="recovery-actions" aria-label="Unit actions" role="group">
      <LinkButton to={realtimeUnitPath(uid)} icon={<AimOutlined aria-hidden />}>
        Live map
      </LinkButton>
      <LinkButton to={recoveryTripsPath(uid)} icon={<HistoryOutlined aria-hidden />}>
        Trips
      </LinkButton>
      <LinkButton to={borderCrossingPath(uid, unit.name)} icon={<GlobalOutlined aria-hidden />}>
        Border crossing
      </LinkButton>
      {view.backup_units.length > 0 && (
        <LinkButton to={backupUnitsPath([uid], unit.name)} icon={<NodeIndexOutlined aria-hidden />}>
          {ofBackup ? 'Beside its main unit' : 'Backup units'}
        </LinkButton>
      )}
      {inProgress ? (
        <LinkButton
          to={editRecoveryLogPath(inProgress.id)}
          icon={<FileSyncOutlined aria-hidden />}
          primary
        >
          Recovery in progress: log #{inProgress.id}
        </LinkButton>
      ) : (
        <LinkButton to={addRecoveryLogPath(uid)} icon={<FileAddOutlined aria-hidden />} primary>
          Start recovery log
        </LinkButton>
      )}
      <Button icon={<CommentOutlined aria-hidden />} onClick={() => setCommenting(true)}>
        Comment
      </Button>
    </div>
  );

  return (
    <PageContainer
      title={unit ? unit.name : undefined}
      subTitle={
        unit ? (
          <>
            {[unit.reg, serviceTypeName(unit.service_type)].filter(Boolean).join(' · ')} ·{' '}
            <Link to={recoveryClientPath(unit.cid)}>{unit.client_name}</Link>
          </>
        ) : (
          'Unit'
        )
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The unit could not be read"
          description={query.error.message}
        />
      ) : !view || !unit ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="recovery-view">
          {actions}
          {inProgress && (
            <Alert
              type="info"
              showIcon
              title={`A recovery is in progress (log #${inProgress.id}, started by ${inProgress.created_by}).`}
              description="Close that log before starting another one."
            />
          )}
          <LiveState view={view} detail={detail.data} />
          <Device view={view} detail={detail.data} />
          <SectionCard title="Last events" count={view.events.length}>
            <EventTable uid={uid} events={view.events} />
          </SectionCard>
          <SectionCard title="Chase-ups" count={view.chaseup_events.length}>
            <ChaseupTable
              rows={view.chaseup_events}
              columns={['id', 'time', 'type', 'state', 'age', 'assigned']}
              label="Chase-ups of this unit"
              emptyText="No chase-ups for this unit"
            />
          </SectionCard>
          <SectionCard title="Recovery logs" count={view.recovery_logs.length}>
            <RecoveryLogTable rows={view.recovery_logs} emptyText="No recoveries of this unit" />
          </SectionCard>
          <div className="recovery-columns">
            <SectionCard title="Odometer logs" count={view.odometer_logs.length}>
              <OdometerTable rows={view.odometer_logs} />
            </SectionCard>
            <SectionCard
              title={ofBackup ? 'Main unit' : 'Backup units'}
              count={view.backup_units.length}
            >
              {view.backup_units.length ? (
                <BackupTable rows={view.backup_units} ofBackup={ofBackup} />
              ) : (
                <Empty description="No backup unit is paired with this unit" />
              )}
            </SectionCard>
          </div>
          <SectionCard
            title="Comments"
            extra={
              <Button size="small" onClick={() => setCommenting(true)}>
                Add a comment
              </Button>
            }
          >
            <Comments uid={uid} />
          </SectionCard>
          <CommentModal
            uid={uid}
            unitName={unit.name}
            open={commenting}
            onClose={() => setCommenting(false)}
          />
        </div>
      )}
    </PageContainer>
  );
}
