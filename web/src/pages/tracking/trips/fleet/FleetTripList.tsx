// Trips of several units (or drivers), newest first under a heading per day (the user's days).
import { Tag } from 'antd';
import { UserOutlined, WarningFilled } from '@ant-design/icons';
import { formatDuration, formatKm, type TripLabel } from '@fleet/common';
import type { FleetTripRow } from '@fleet/common';
import { zoned } from '../../../../components/zone';
import { formatSpeed } from '../../common/format';
import { useChosenInView } from '../../common/useChosenInView';
import TripEntryActions from '../TripEntryActions';
import TripLabelTag from '../TripLabelTag';
import '../tripList.css';
import { groupByDay } from '../tripEntries';

interface Props {
  rows: readonly FleetTripRow[];
  selectedId: number | null;
  onSelect: (row: FleetTripRow | null) => void;
  maxSpeed: number | null;
  canLabel: boolean;
  onLabel: (row: FleetTripRow, label: TripLabel) => void;
  savingId: number | null;
}

export default function FleetTripList({
  rows,
  selectedId,
  onSelect,
  maxSpeed,
  canLabel,
  onLabel,
  savingId,
}: Props) {
  const scroller = useChosenInView(selectedId === null ? null : `fleet_trip_${selectedId}`);
  return (
    <div className="trip-list" ref={scroller} aria-label="Trips">
      {groupByDay(rows).map((group) => (
        <section key={group.day}>
          <h2 className="trip-day-heading">{group.title}</h2>
          <div role="list" aria-label={group.title}>
            {group.entries.map((row) => {
              const selected = row.id === selectedId;
              const speeding = maxSpeed !== null && row.max_speed > maxSpeed;
              const start = zoned(row.start);
              return (
                <div
                  key={row.id}
                  id={`fleet_trip_${row.id}`}
                  role="listitem"
                  tabIndex={0}
                  aria-current={selected || undefined}
                  className={`trip-entry has-display${selected ? ' is-selected' : ''}`}
                  onClick={() => onSelect(selected ? null : row)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSelect(selected ? null : row);
                    }
                  }}
                >
                  <span className="trip-entry-icon" aria-hidden>
                    {(row.unit_name || '?').slice(0, 1).toUpperCase()}
                  </span>
                  <div className="trip-entry-body">
                    <div className="trip-entry-title">
                      <span className="trip-entry-time">
                        {row.unit_name}
                        {row.reg && row.reg !== row.unit_name && (
                          <span className="trip-entry-duration"> · {row.reg}</span>
                        )}
                      </span>
                      <span className="trip-entry-duration">{formatDuration(row.duration)}</span>
                    </div>
                    <div className="trip-entry-meta">
                      <span>
                        {start.format('HH:mm')} –{' '}
                        {row.open ? 'now' : zoned(row.end).format('HH:mm')}
                      </span>
                      <span className="trip-entry-distance">{formatKm(row.distance)}</span>
                      <span className={speeding ? 'is-speeding' : undefined}>
                        {speeding && <WarningFilled />} max {formatSpeed(row.max_speed)}
                      </span>
                      {row.driver?.name && (
                        <span>
                          <UserOutlined /> {row.driver.name}
                        </span>
                      )}
                    </div>
                    <div className="trip-entry-tags">
                      <TripLabelTag
                        value={row.label}
                        editable={canLabel}
                        saving={savingId === row.id}
                        onChange={(label) => onLabel(row, label)}
                      />
                      {row.open && <Tag color="green">In progress</Tag>}
                    </div>
                  </div>
                  <span className="trip-entry-side">
                    <TripEntryActions
                      uid={row.uid}
                      entry={row}
                      what={`trip of ${row.unit_name} ${start.format('HH:mm')}`}
                    />
                  </span>
                </div>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
