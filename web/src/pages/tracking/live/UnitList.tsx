// The unit list beside the map: search, the status tiles with their counts, and the units.
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Input, Select, Skeleton, Tag } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Fleet, Tag as Label, UnitListItem } from '@fleet/common';
import { LABEL_SEARCH, labelOptions } from '../../tags/LabelTag';
import { StatusTiles } from './StatusTiles';
import { UNIT_ROW_HEIGHT, UnitRow } from './UnitRow';
import { countStatuses, filterUnits, type StatusFilter } from './unitStatus';
import { VirtualRows } from './VirtualRows';
import { groupFiltered, inGroups, NO_GROUP, type UnitGroupFilter } from './unitGroups';
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
  /** The labels and fleets the list can be narrowed to; no filter without them. */
  labels?: readonly Label[];
  fleets?: readonly Fleet[];
  /** The label and fleet chosen, when the caller keeps them (the live map draws the same units). */
  group?: UnitGroupFilter;
  onGroupChange?: (group: UnitGroupFilter) => void;
}

const NONE: readonly never[] = [];

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
  labels = NONE,
  fleets = NONE,
  group: controlledGroup,
  onGroupChange,
}: Props<T>) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [ownGroup, setOwnGroup] = useState<UnitGroupFilter>(NO_GROUP);
  const group = controlledGroup ?? ownGroup;
  const setGroup = (next: (g: UnitGroupFilter) => UnitGroupFilter) => {
    const value = next(group);
    setOwnGroup(value);
    onGroupChange?.(value);
  };
  const now = useNow();
  // A fleet link, and the label and fleet chosen, narrow the list and its counts.
  const scoped = useMemo(
    () =>
      inGroups(focus ? units.filter((u) => focus.includes(u.uid)) : units, group, labels, fleets),
    [units, focus, group, labels, fleets],
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
        description={
          search
            ? `No unit matches “${search}”`
            : groupFiltered(group) && !scoped.length
              ? 'No unit in this label and fleet'
              : 'No units in this state right now'
        }
      >
        <Button
          size="small"
          onClick={() => {
            setSearch('');
            setStatus('all');
            setGroup(() => NO_GROUP);
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
        {(labels.length > 0 || fleets.length > 0) && (
          <div className="unit-list-groups">
            {labels.length > 0 && (
              <Select<number>
                aria-label="Filter units by label"
                placeholder="All labels"
                allowClear
                {...LABEL_SEARCH}
                popupMatchSelectWidth={false}
                value={group.tgid ?? undefined}
                options={labelOptions(labels)}
                onChange={(tgid) => setGroup((g) => ({ ...g, tgid: tgid ?? null }))}
              />
            )}
            {fleets.length > 0 && (
              <Select<number>
                aria-label="Filter units by fleet"
                placeholder="All fleets"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                popupMatchSelectWidth={false}
                value={group.fid ?? undefined}
                options={fleets.map((f) => ({ value: f.fid, label: f.name }))}
                onChange={(fid) => setGroup((g) => ({ ...g, fid: fid ?? null }))}
              />
            )}
          </div>
        )}
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
