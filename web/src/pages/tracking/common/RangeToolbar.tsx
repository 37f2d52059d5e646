// The toolbar of the fleet, coverage and driver pages: what to show (units or drivers), the date
// range, and a refresh that reloads the page's queries.
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { DateRange } from '../../../components/dateRangePresets';
import RangeField from './RangeField';
import UnitPicker from './UnitPicker';

interface Props {
  picker: ReactNode;
  range: DateRange;
  onRange: (range: DateRange) => void;
  mobile: boolean;
  /** First elements of the query keys Refresh reloads. */
  queries: string[];
  fetching: boolean;
  /** Nothing chosen yet, so nothing to reload. */
  refreshDisabled?: boolean;
}

export default function RangeToolbar({
  picker,
  range,
  onRange,
  mobile,
  queries,
  fetching,
  refreshDisabled,
}: Props) {
  const client = useQueryClient();
  const refresh = (
    <Tooltip title="Refresh">
      <Button
        icon={<ReloadOutlined />}
        aria-label="Refresh"
        loading={fetching}
        disabled={refreshDisabled}
        onClick={() => {
          for (const key of queries) void client.invalidateQueries({ queryKey: [key] });
        }}
      />
    </Tooltip>
  );
  return (
    <div className="tracking-toolbar">
      {picker}
      <RangeField value={range} onChange={onRange} mobile={mobile} extra={refresh} />
    </div>
  );
}

/** The toolbar for pages over a set of units: the unit picker (none chosen means every unit). */
export function UnitsRangeToolbar({
  uids,
  go,
  ...rest
}: Omit<Props, 'picker' | 'onRange'> & {
  uids: number[];
  /** Opens the page for these units and this range. */
  go: (uids: number[], range: DateRange) => void;
}) {
  return (
    <RangeToolbar
      {...rest}
      picker={
        <UnitPicker
          multiple
          className="toolbar-units"
          value={uids}
          onChange={(next) => go(next, rest.range)}
        />
      }
      onRange={(next) => go(uids, next)}
    />
  );
}
