// A table of recovery logs (SPEC §3 Recovery log; §4 sorted by id descending, state 0 In Progress):
// each row leads to its edit page; the unit column is for lists of several units (a client's).
import { Link } from 'react-router';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { RECOVERY_INITIATED_BY, RECOVERY_IN_PROGRESS, type RecoveryLog } from '@fleet/common';
import { chaseupDetailPath, editRecoveryLogPath, recoveryUnitPath } from '../../../api/recovery';
import { useDateTime } from '../../../components/dates';
import './views.css';
import { tableScroll } from '../desk/tableScroll';

/** The colour of a recovery log state's tag (its words always say the state). */
export function recoveryStateColour(state: number): string | undefined {
  if (state === RECOVERY_IN_PROGRESS) return 'gold';
  if (state === 1 || state === 5) return 'green';
  if (state === 2) return 'red';
  return undefined;
}

export function RecoveryStateTag({ log }: { log: Pick<RecoveryLog, 'state' | 'state_name'> }) {
  return <Tag color={recoveryStateColour(log.state)}>{log.state_name}</Tag>;
}

function InitiatedBy({ log }: { log: RecoveryLog }) {
  if (log.initiated_by === 2 && log.chaseup_id)
    return (
      <Link to={chaseupDetailPath(log.chaseup_id)} className="recovery-link">
        Chase-up #{log.chaseup_id}
      </Link>
    );
  const words = (RECOVERY_INITIATED_BY as Record<number, string>)[log.initiated_by] ?? 'unknown';
  return <>{words[0].toUpperCase() + words.slice(1)}</>;
}

const byIdDescending = (a: RecoveryLog, b: RecoveryLog) => b.id - a.id;

export default function RecoveryLogTable({
  rows,
  showUnit = false,
  loading,
  emptyText = 'No recovery logs',
  label = 'Recovery logs',
}: {
  rows: readonly RecoveryLog[];
  showUnit?: boolean;
  loading?: boolean;
  emptyText?: string;
  label?: string;
}) {
  const dateTime = useDateTime();
  const columns: ColumnsType<RecoveryLog> = [
    {
      title: 'Log',
      key: 'id',
      render: (_, log) => (
        <Link to={editRecoveryLogPath(log.id)} className="recovery-link">
          <span className="visually-hidden">Open recovery log </span>#{log.id}
        </Link>
      ),
    },
    { title: 'State', key: 'state', render: (_, log) => <RecoveryStateTag log={log} /> },
    ...(showUnit
      ? ([
          {
            title: 'Unit',
            key: 'unit',
            render: (_, log) => (
              <>
                <Link to={recoveryUnitPath(log.uid)} className="recovery-link">
                  {log.unit_name}
                </Link>
                {log.reg && log.reg !== log.unit_name && (
                  <div className="recovery-muted">{log.reg}</div>
                )}
              </>
            ),
          },
        ] satisfies ColumnsType<RecoveryLog>)
      : []),
    { title: 'Started', key: 'start', render: (_, log) => dateTime(log.start_time) },
    {
      title: 'Ended',
      key: 'end',
      render: (_, log) =>
        log.end_time ? dateTime(log.end_time) : <span className="recovery-muted">Not yet</span>,
    },
    { title: 'Initiated by', key: 'initiated', render: (_, log) => <InitiatedBy log={log} /> },
    { title: 'Team', key: 'team', render: (_, log) => log.recovery_team || '—' },
    { title: 'Police case', key: 'police', render: (_, log) => log.police_case_number || '—' },
    {
      title: 'Recovered at',
      key: 'where',
      render: (_, log) => log.location_recovered || '—',
    },
  ];
  return (
    <Table<RecoveryLog>
      rowKey="id"
      size="small"
      aria-label={label}
      loading={loading}
      dataSource={[...rows].sort(byIdDescending)}
      columns={columns}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      scroll={tableScroll(rows)}
      locale={{ emptyText }}
    />
  );
}
