// Trips and stops of the range, newest first under a heading per day (SPEC §4 sorting). A trip
// shows its times, distance, top speed (speeding marked), driver, label and special events; a
// stop how long the unit stood there. Choosing an entry focuses the map and the replay on it; its
// eye hides or shows it on the map (SPEC §4 display flag), a hidden entry staying listed, dimmed.
// Days and times are the user's (components/zone.ts).
import { Button, Tag, Tooltip } from 'antd';
import {
  CarOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  UserOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { formatDuration, formatKm, type TripLabel } from '@fleet/common';
import type { TripRow } from '@fleet/common';
import { zoned } from '../../../components/zone';
import { TRIP_EVENT_SIGNS, type TripEventSign } from '../../../map/sprites/spriteNames';
import { formatSpeed } from '../common/format';
import { useChosenInView } from '../common/useChosenInView';
import TripEntryActions from './TripEntryActions';
import TripLabelTag from './TripLabelTag';
import { EVENT_NAMES, groupByDay } from './tripEntries';
import './tripList.css';

interface Props {
  entries: readonly TripRow[];
  selectedId: number | null;
  onSelect: (entry: TripRow | null) => void;
  /** Special event counts per trip id. */
  events: ReadonlyMap<number | string, Record<string, number>>;
  canLabel: boolean;
  onLabel: (entry: TripRow, label: TripLabel) => void;
  savingId: number | null;
  /** Ids of the entries not drawn on the map (their display flag off). */
  hidden: ReadonlySet<number>;
  onToggleShown: (entry: TripRow) => void;
  /** The unit of the entries: offers their actions (make a route, add a location). */
  uid?: number | null;
}

function timeOf(iso: string) {
  return zoned(iso).format('HH:mm');
}

/** "08:14 – 09:02", with the day when an entry runs past midnight. */
function span(entry: TripRow) {
  const start = zoned(entry.start);
  const end = zoned(entry.end);
  const endText = end.isSame(start, 'day') ? end.format('HH:mm') : end.format('D MMM HH:mm');
  return `${start.format('HH:mm')} – ${entry.open ? 'now' : endText}`;
}

export function tripEntryId(id: number) {
  return `trip_entry_${id}`;
}

export default function TripList({
  entries,
  selectedId,
  onSelect,
  events,
  canLabel,
  onLabel,
  savingId,
  hidden,
  onToggleShown,
  uid = null,
}: Props) {
  const scroller = useChosenInView(selectedId === null ? null : tripEntryId(selectedId), entries);

  return (
    <div className="trip-list" ref={scroller} aria-label="Trips and stops">
      {groupByDay(entries).map((group) => (
        <section key={group.day} className="trip-day">
          <h2 className="trip-day-heading">{group.title}</h2>
          <div role="list" aria-label={group.title}>
            {group.entries.map((entry) => {
              const selected = entry.id === selectedId;
              const trip = entry.type === 0;
              const counts = events.get(entry.id) ?? {};
              const shown = !hidden.has(entry.id);
              const display = shown ? 'Hide on map' : 'Show on map';
              return (
                <div
                  key={entry.id}
                  id={tripEntryId(entry.id)}
                  role="listitem"
                  tabIndex={0}
                  aria-current={selected || undefined}
                  data-kind={trip ? 'trip' : 'parked'}
                  className={`trip-entry has-display${selected ? ' is-selected' : ''}${trip ? '' : ' is-parked'}${shown || selected ? '' : ' is-hidden'}`}
                  onClick={() => onSelect(selected ? null : entry)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onSelect(selected ? null : entry);
                    }
                  }}
                >
                  <span className={`trip-entry-icon${trip ? '' : ' is-parked'}`} aria-hidden>
                    {trip ? <CarOutlined /> : 'P'}
                  </span>
                  <div className="trip-entry-body">
                    <div className="trip-entry-title">
                      <span className="trip-entry-time">{span(entry)}</span>
                      <span className="trip-entry-duration">{formatDuration(entry.duration)}</span>
                    </div>
                    {trip ? (
                      <div className="trip-entry-meta">
                        <span className="trip-entry-distance">{formatKm(entry.distance)}</span>
                        <span className={entry.speeding ? 'is-speeding' : undefined}>
                          {entry.speeding && <WarningFilled />} max {formatSpeed(entry.max_speed)}
                        </span>
                        {entry.driver?.name && (
                          <span>
                            <UserOutlined /> {entry.driver.name}
                          </span>
                        )}
                      </div>
                    ) : (
                      <div className="trip-entry-meta">
                        Parked since {timeOf(entry.start)}
                        {entry.open ? ', still there' : ''}
                      </div>
                    )}
                    {trip && (
                      <div className="trip-entry-tags">
                        <TripLabelTag
                          value={entry.label}
                          editable={canLabel}
                          saving={savingId === entry.id}
                          onChange={(label) => onLabel(entry, label)}
                        />
                        {entry.open && <Tag color="green">In progress</Tag>}
                        {entry.speeding && <Tag color="red">Speeding</Tag>}
                        {Object.entries(counts).map(([event, n]) => {
                          const sign = TRIP_EVENT_SIGNS[event as TripEventSign];
                          return (
                            <Tooltip key={event} title={`${n} × ${EVENT_NAMES[event] ?? event}`}>
                              <span className="trip-event-chip is-small">
                                <span
                                  className="map-legend-sign"
                                  style={{ background: sign?.colour }}
                                >
                                  {sign?.letter ?? '?'}
                                </span>
                                {n}
                              </span>
                            </Tooltip>
                          );
                        })}
                      </div>
                    )}
                  </div>
                  <span className="trip-entry-side">
                    {uid !== null && (
                      <TripEntryActions
                        uid={uid}
                        entry={entry}
                        what={`${trip ? 'trip' : 'stop'} ${span(entry)}`}
                      />
                    )}
                    <Tooltip title={display}>
                      <Button
                        type="text"
                        size="small"
                        className="trip-entry-display"
                        aria-label={display}
                        icon={shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                        onClick={(e) => {
                          e.stopPropagation();
                          onToggleShown(entry);
                        }}
                        // Enter and Space belong to the button, not to choosing the entry.
                        onKeyDown={(e) => e.stopPropagation()}
                      />
                    </Tooltip>
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
