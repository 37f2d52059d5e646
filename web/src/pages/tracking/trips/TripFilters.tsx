// The row above a unit's trip list: all, only trips or only parked (SPEC §4 trip display list), a
// label filter, and the display flag set for every entry of the unit at once (SPEC §4). It wraps
// on a phone, so every control stays within reach at 360 px.
import { Button, Segmented, Select, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { KindFilter, LabelFilter } from './tripEntries';

const LABEL_FILTERS: { value: LabelFilter; label: string }[] = [
  { value: 'any', label: 'Any label' },
  { value: 'labelled', label: 'Labelled' },
  { value: 'business', label: 'Business' },
  { value: 'personal', label: 'Personal' },
  { value: 'unlabeled', label: 'Unlabelled' },
];

interface Props {
  kind: KindFilter;
  onKind: (kind: KindFilter) => void;
  counts: Record<KindFilter, number>;
  label: LabelFilter;
  onLabel: (label: LabelFilter) => void;
  /** How many of the unit's entries are hidden from the map, of `counts.all`. */
  hiddenCount: number;
  /** Sets the display flag of every entry: shown (Show all) or not (Hide all). */
  onSetAllShown: (shown: boolean) => void;
}

export default function TripFilters({
  kind,
  onKind,
  counts,
  label,
  onLabel,
  hiddenCount,
  onSetAllShown,
}: Props) {
  return (
    <div className="trip-filters">
      <Segmented<KindFilter>
        size="small"
        value={kind}
        onChange={onKind}
        options={[
          { value: 'all', label: `All ${counts.all}` },
          { value: 'trips', label: `Trips ${counts.trips}` },
          { value: 'parked', label: `Parked ${counts.parked}` },
        ]}
      />
      <span className="trip-display-all">
        <Select<LabelFilter>
          size="small"
          aria-label="Label"
          value={label}
          onChange={onLabel}
          options={LABEL_FILTERS}
          popupMatchSelectWidth={false}
        />
        <Tooltip title="Show every entry on the map">
          <Button
            size="small"
            aria-label="Show all"
            icon={<EyeOutlined />}
            disabled={hiddenCount === 0}
            onClick={() => onSetAllShown(true)}
          />
        </Tooltip>
        <Tooltip title="Hide every entry from the map">
          <Button
            size="small"
            aria-label="Hide all"
            icon={<EyeInvisibleOutlined />}
            disabled={counts.all === 0 || hiddenCount === counts.all}
            onClick={() => onSetAllShown(false)}
          />
        </Tooltip>
      </span>
    </div>
  );
}
