import type { KeyboardEvent, ReactNode } from 'react';
import { formatRelative, TABLE_LINE_HEIGHT, type UnitListItem } from '@fleet/common';
import { STATUS_META, statusLine, unitStatus } from './unitStatus';
import RuleAlertMark from '../../alerts/ruleAlerts/RuleAlertMark';

/** The unit list is the realtime table of SPEC §9: one line is 62 px high. */
export const UNIT_ROW_HEIGHT = TABLE_LINE_HEIGHT;

interface Props {
  unit: UnitListItem;
  selected: boolean;
  /** The list's one Tab stop; the other rows are reached with the arrow keys. */
  tabbable?: boolean;
  now: number;
  onSelect: (uid: number) => void;
  /** Small tags after the registration (service status, battery...). */
  badges?: ReactNode;
}

/** The time a unit last reported, in words: its fix, or its last contact when it has none. */
export function lastReport(unit: UnitListItem): string | null {
  return unit.position?.datetime ?? unit.last_disconnect ?? null;
}

export function UnitRow({ unit, selected, tabbable = true, now, onSelect, badges }: Props) {
  const status = unitStatus(unit);
  const meta = STATUS_META[status];
  const when = lastReport(unit);
  const secondary = [unit.reg, unit.driver?.name].filter(Boolean).join(' · ');
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(unit.uid);
    }
  };
  return (
    <div
      role="option"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-uid={unit.uid}
      data-status={status}
      className={`unit-row${selected ? ' is-selected' : ''}`}
      onClick={() => onSelect(unit.uid)}
      onKeyDown={onKey}
    >
      <span className="unit-row-dot" style={{ background: meta.colour }} aria-hidden />
      <div className="unit-row-main">
        <div className="unit-row-name">
          {/* A rule alert pushed for this unit and not yet opened (issue 11). */}
          <RuleAlertMark uid={unit.uid} />
          {unit.name}
        </div>
        <div className="unit-row-sub">
          {secondary || '—'}
          {badges}
        </div>
      </div>
      <div className="unit-row-side">
        <span className={`unit-row-state is-${status}`}>
          {status === 'moving' ? statusLine(unit) : meta.label}
        </span>
        <span className="unit-row-time">
          {when ? formatRelative(new Date(when), now) : 'never'}
        </span>
      </div>
    </div>
  );
}
