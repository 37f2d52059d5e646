// The unit list beside the map: search, the status tiles with their counts, and the units.
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Input, Skeleton, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { UnitListItem } from '@fleet/common';
import { StatusTiles } from './StatusTiles';
import { UNIT_ROW_HEIGHT, UnitRow } from './UnitRow';
import { countStatuses, filterUnits, type StatusFilter } from './unitStatus';
import { VirtualRows } from './VirtualRows';
import { useNow } from '../../../components/useNow';

interface Props<T extends UnitListItem> {
  units: readonly T[];
  selectedUid: number | null;
  onSelect: (uid: number) => void;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Only these uids (a fleet link); null for all. */
  focus: number[] | null;
  onClearFocus: () => void;
  badges?: (unit: T) => ReactNode;
  /** Shown when the user has no units at all. */
  emptyText: string;
}

export function UnitList<T extends UnitListItem>({
  units,
  selectedUid,
  onSelect,
  loading,
  error,
  onRetry,
  focus,
  onClearFocus,
  badges,
  emptyText,
}: Props<T>) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const now = useNow();
  const scoped = useMemo(
    () => (focus ? units.filter((u) => focus.includes(u.uid)) : units),
    [units, focus],
  );
  const counts = useMemo(() => countStatuses(scoped), [scoped]);
  const shown = useMemo(() => filterUnits(scoped, search, status), [scoped, search, status]);
  const selectedIndex = shown.findIndex((u) => u.uid === selectedUid);

  let body: ReactNode;
  if (error && !units.length) {
    body = (
      <Alert
        type="error"
        showIcon
        className="unit-list-state"
        title="The unit list could not be loaded"
        description={error.message}
        action={
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  } else if (loading) {
    body = (
      <div className="unit-list-state" aria-busy="true" aria-label="Loading units">
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      </div>
    );
  } else if (!units.length) {
    body = <Empty className="unit-list-state" description={emptyText} />;
  } else if (!shown.length) {
    body = (
      <Empty
        className="unit-list-state"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={search ? `No unit matches “${search}”` : 'No units in this state right now'}
      >
        <Button
          size="small"
          onClick={() => {
            setSearch('');
            setStatus('all');
          }}
        >
          Show all units
        </Button>
      </Empty>
    );
  } else {
    body = (
      <VirtualRows
        className="unit-list-rows"
        aria-label="Units"
        items={shown}
        rowHeight={UNIT_ROW_HEIGHT}
        rowKey={(u) => u.uid}
        scrollToIndex={selectedIndex}
        renderRow={(unit, _index, tabbable) => (
          <UnitRow
            unit={unit}
            now={now}
            selected={unit.uid === selectedUid}
            tabbable={tabbable}
            onSelect={onSelect}
            badges={badges?.(unit)}
          />
        )}
      />
    );
  }

  return (
    <div className="unit-list">
      <div className="unit-list-tools">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search name, registration, driver"
          aria-label="Search units"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <StatusTiles counts={counts} value={status} onChange={setStatus} />
        <div className="unit-list-summary">
          <span data-testid="unit-count">
            {shown.length === counts.all
              ? `${counts.all} ${counts.all === 1 ? 'unit' : 'units'}`
              : `${shown.length} of ${counts.all} units`}
          </span>
          {counts.unknown > 0 && <span>{counts.unknown} without GPS fix</span>}
          {focus && (
            <Tag closable onClose={onClearFocus} color="blue">
              {focus.length} linked {focus.length === 1 ? 'unit' : 'units'}
            </Tag>
          )}
        </div>
      </div>
      {body}
    </div>
  );
}
