// /recovery/backup_units/{id_list}/{title} (issue 16 item 6; SPEC §7 get_backup_unit_data): each
// main unit beside its backup unit(s), the vehicle's second, hidden tracker: both on a map, how far
// apart they are, their last data, battery and power. A backup further than 1 km from its main unit
// is flagged: the main tracker may have been ripped out, and the backup is the one to follow. Both
// sides move live (the socket), and the distance with them.
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Skeleton, Typography } from 'antd';
import { AimOutlined, WarningOutlined } from '@ant-design/icons';
import { formatRelative, type BackupUnit, type UnitListItem } from '@fleet/common';
import { backupUnitDataQuery, recoveryUnitPath } from '../../api/recovery';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { useNow } from '../../components/useNow';
import { parseUidList } from '../tracking/live/liveTarget';
import { formatCoordinates, formatVolts } from '../tracking/live/unitFacts';
import { RESYNC_EVERY_MS, useLiveMerge } from '../tracking/live/useLiveFleet';
import LinkButton from './views/LinkButton';
import SectionCard from './views/SectionCard';
import UnitMiniMap from './views/UnitMiniMap';
import { ConnectedTag } from './views/UnitTable';
import {
  backupPairs,
  distanceBetween,
  formatDistance,
  isFarFromMain,
  type BackupPair,
} from './views/backupPairs';
import { useNamedUnits } from './views/useNamedUnits';
import { realtimeFleetPath } from './views/wording';
import './desk/desk.css';
import './views/views.css';

/** At most this many units in one address. */
const MAX_UIDS = 200;

interface Readings {
  last_data: string | null;
  battery: number | null;
  power: number | null;
}

function Side({
  role,
  unit,
  readings,
}: {
  role: 'Main unit' | 'Backup unit';
  unit: UnitListItem;
  readings: Readings | undefined;
}) {
  const dateTime = useDateTime();
  const now = useNow(15_000);
  const last = readings?.last_data ?? unit.position?.datetime ?? null;
  return (
    <div className="backup-side">
      <Typography.Title level={3}>
        {role}:{' '}
        <Link to={recoveryUnitPath(unit.uid)} className="recovery-link">
          {unit.name}
        </Link>
      </Typography.Title>
      <Descriptions
        className="recovery-facts"
        size="small"
        column={1}
        items={[
          { key: 'reg', label: 'Registration', children: unit.reg || '—' },
          { key: 'connection', label: 'Connection', children: <ConnectedTag unit={unit} /> },
          {
            key: 'last',
            label: 'Last data',
            children: last ? (
              <>
                {dateTime(last)}{' '}
                <span className="recovery-muted">({formatRelative(new Date(last), now)})</span>
              </>
            ) : (
              'Never'
            ),
          },
          {
            key: 'where',
            label: 'Position',
            children: unit.position
              ? formatCoordinates(unit.position.lat, unit.position.lon)
              : 'No position yet',
          },
          { key: 'battery', label: 'Battery', children: formatVolts(readings?.battery) },
          { key: 'power', label: 'Power', children: formatVolts(readings?.power) },
        ]}
      />
    </div>
  );
}

function Pair({
  pair,
  main,
  backups,
}: {
  pair: BackupPair;
  main: (UnitListItem & Readings) | undefined;
  backups: BackupUnit[];
}) {
  const name = main?.name ?? pair.main_name ?? `Unit ${pair.main}`;
  // The live distance when both have a fix, else the server's.
  const apart = backups.map((b) => ({
    unit: b,
    metres: distanceBetween(main, b) ?? b.distance_from_main,
  }));
  const far = apart.filter((a) => isFarFromMain(a.metres));
  const mapped = [...(main ? [main] : []), ...backups];
  return (
    <SectionCard
      title={name || `Unit ${pair.main}`}
      extra={
        mapped.length > 0 && (
          <LinkButton
            to={realtimeFleetPath(mapped.map((u) => u.uid))}
            icon={<AimOutlined aria-hidden />}
            label={`Live map of ${name} and its backup units`}
          >
            Live map
          </LinkButton>
        )
      }
    >
      {far.map((a) => (
        <Alert
          key={a.unit.uid}
          type="error"
          showIcon
          icon={<WarningOutlined />}
          style={{ marginBottom: 12 }}
          title="Main tracker may have been removed"
          description={`Backup unit ${a.unit.name} is ${formatDistance(a.metres)} from the main unit ${name}: follow the backup unit.`}
        />
      ))}
      {!backups.length ? (
        <Empty description="No backup unit is paired with this unit" />
      ) : (
        <div className="backup-pair">
          {main ? (
            <Side role="Main unit" unit={main} readings={main} />
          ) : (
            <Skeleton active paragraph={{ rows: 4 }} />
          )}
          <div>
            {apart.map((a) => (
              <div key={a.unit.uid}>
                <p
                  className={isFarFromMain(a.metres) ? 'backup-distance-far' : undefined}
                  data-testid={`apart-${a.unit.uid}`}
                >
                  {a.metres === null
                    ? 'Distance unknown: one of them has no position'
                    : `${formatDistance(a.metres)} from the main unit`}
                </p>
                <Side role="Backup unit" unit={a.unit} readings={a.unit} />
              </div>
            ))}
          </div>
          <UnitMiniMap
            units={mapped}
            selectedUid={far[0]?.unit.uid ?? null}
            fitKey={mapped.map((u) => u.uid).join(',')}
            label={`Map of ${name} and its backup units`}
          />
        </div>
      )}
    </SectionCard>
  );
}

export default function BackupUnitsPage() {
  const params = useParams();
  const uids = useMemo(() => parseUidList(params.id_list).slice(0, MAX_UIDS), [params.id_list]);
  const query = useQuery({
    ...backupUnitDataQuery(uids),
    enabled: uids.length > 0,
    select: (d) => d.backup_units ?? [],
    refetchInterval: RESYNC_EVERY_MS,
  });
  const backups = useLiveMerge<BackupUnit>(query.data);
  const pairs = useMemo(() => backupPairs(uids, backups), [uids, backups]);
  const mains = useNamedUnits(pairs.map((p) => p.main));
  const title = params.title ?? '';

  return (
    <PageContainer
      title={title ? `Backup units: ${title}` : undefined}
      subTitle="Each vehicle's main unit beside its hidden backup tracker"
    >
      {!uids.length ? (
        <Alert type="warning" showIcon title="This address names no unit." />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The backup units could not be read"
          description={query.error.message}
        />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div className="recovery-view">
          {pairs.map((pair) => (
            <Pair
              key={pair.main}
              pair={pair}
              main={mains.units.find((u) => u.uid === pair.main)}
              backups={pair.backups}
            />
          ))}
        </div>
      )}
    </PageContainer>
  );
}
