// A table of chase-ups (issue 16 items 2 and 8): the queue, and the client and unit pages of the
// desk. Each row links to its detail page; the waiting clock ticks on its own (one timer a table).
// Which columns show and what actions a row has are the caller's.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Table, Tag, type TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ChaseupEvent } from '@fleet/common';
import { chaseupDetailPath, recoveryClientPath, recoveryUnitPath } from '../../../api/recovery';
import { useDateTime } from '../../../components/dates';
import { useNow } from '../../../components/useNow';
import { zoned } from '../../../components/zone';
import ChaseupAge from './ChaseupAge';
import { urgency } from './waiting';
import './desk.css';
import { tableScroll } from './tableScroll';

export type ChaseupColumn =
  'id' | 'time' | 'client' | 'unit' | 'type' | 'state' | 'age' | 'where' | 'assigned';

export const ALL_CHASEUP_COLUMNS: readonly ChaseupColumn[] = [
  'id',
  'client',
  'unit',
  'type',
  'state',
  'age',
  'where',
  'assigned',
];

/** The colour of a state's tag (text always says the state). */
export function stateColor(state: number): string | undefined {
  if (state === 0) return 'red';
  if (state === 1) return 'blue';
  if (state === 2) return 'gold';
  if (state === 3) return 'green';
  return undefined;
}

export function ChaseupStateTag({ event }: { event: Pick<ChaseupEvent, 'state' | 'state_name'> }) {
  return (
    <Tag color={stateColor(event.state)} className="chaseup-state">
      {event.state_name}
    </Tag>
  );
}

/** The trip map of the unit at the moment of the event (the recovery trips page). */
export const eventTripPath = (e: Pick<ChaseupEvent, 'uid' | 'time'>) =>
  `/recovery/trips/${e.uid}/${zoned(e.time).format('YYYY-MM-DDTHH:mm')}`;

export const coordinates = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

export function ChaseupWhere({ event }: { event: ChaseupEvent }) {
  const hasFix = event.lat !== null && event.lon !== null;
  return (
    <div className="chaseup-where">
      <div>{event.place || (hasFix ? 'Near no known town' : 'No position')}</div>
      {hasFix && (
        <Link to={eventTripPath(event)} className="chaseup-sub chaseup-link">
          {coordinates(event.lat!, event.lon!)}
          <span className="visually-hidden"> on the trip map</span>
        </Link>
      )}
    </div>
  );
}

type Props = {
  rows: ChaseupEvent[];
  /** which columns show, in this order (default: all but time) */
  columns?: readonly ChaseupColumn[];
  /** an extra last column of buttons for each row */
  actions?: (row: ChaseupEvent) => ReactNode;
  loading?: boolean;
  pagination?: TablePaginationConfig | false;
  emptyText?: ReactNode;
  /** names the table for screen readers */
  label?: string;
  /** tests pin the clock; the page leaves it to the table's own timer */
  now?: number;
};

export default function ChaseupTable({
  rows,
  columns = ALL_CHASEUP_COLUMNS,
  actions,
  loading,
  pagination = false,
  emptyText = 'No chase-ups',
  label = 'Chase-ups',
  now: pinned,
}: Props) {
  const ticking = useNow(5_000);
  const now = pinned ?? ticking;
  const dateTime = useDateTime();

  const all: Record<ChaseupColumn, ColumnsType<ChaseupEvent>[number]> = {
    id: {
      title: 'Chase-up',
      key: 'id',
      render: (_, e) => (
        <Link to={chaseupDetailPath(e.id)} className="chaseup-link chaseup-id">
          <span className="visually-hidden">Open chase-up </span>#{e.id}
        </Link>
      ),
    },
    time: { title: 'When', key: 'time', render: (_, e) => dateTime(e.time) },
    client: {
      title: 'Client',
      key: 'client',
      render: (_, e) => (
        <Link to={recoveryClientPath(e.cid)} className="chaseup-link">
          {e.client_name}
        </Link>
      ),
    },
    unit: {
      title: 'Unit',
      key: 'unit',
      render: (_, e) => (
        <>
          <Link to={recoveryUnitPath(e.uid)} className="chaseup-link">
            {e.unit_name}
          </Link>
          {e.reg && e.reg !== e.unit_name && <div className="chaseup-sub">{e.reg}</div>}
        </>
      ),
    },
    type: {
      title: 'Type',
      key: 'type',
      render: (_, e) => (
        <>
          <div>{e.type_name}</div>
          {e.description && <div className="chaseup-sub">{e.description}</div>}
        </>
      ),
    },
    state: { title: 'State', key: 'state', render: (_, e) => <ChaseupStateTag event={e} /> },
    age: { title: 'Waiting', key: 'age', render: (_, e) => <ChaseupAge event={e} now={now} /> },
    where: { title: 'Where', key: 'where', render: (_, e) => <ChaseupWhere event={e} /> },
    assigned: {
      title: 'Assigned to',
      key: 'assigned',
      render: (_, e) => e.assigned_to_username ?? <span className="chaseup-sub">Nobody yet</span>,
    },
  };
  const shown: ColumnsType<ChaseupEvent> = columns.map((c) => all[c]);
  if (actions) shown.push({ title: 'Actions', key: 'actions', render: (_, e) => actions(e) });

  return (
    <Table<ChaseupEvent>
      rowKey="id"
      className="chaseup-table"
      aria-label={label}
      size="middle"
      loading={loading}
      dataSource={rows}
      columns={shown}
      pagination={pagination}
      scroll={tableScroll(rows)}
      locale={{ emptyText }}
      rowClassName={(e) => `chaseup-row chaseup-row-${urgency(e, now)}`}
    />
  );
}
