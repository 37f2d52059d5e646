// Unit choice for the trip pages: one unit, or several (none chosen means every unit). When the
// user has fleets, a fleet select beside it narrows the units offered to the fleet's; choosing a
// fleet where several units are picked picks the fleet's units.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import type { CSSProperties } from 'react';
import { fleetsQuery } from '../../../api/rules';
import { unitLabel, useUnits } from './useUnits';

interface Common {
  style?: CSSProperties;
  className?: string;
}

type Props =
  | (Common & { multiple?: false; value: number | null; onChange: (uid: number) => void })
  | (Common & { multiple: true; value: number[]; onChange: (uids: number[]) => void });

export default function UnitPicker(props: Props) {
  const { units, isLoading } = useUnits();
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000, retry: false });
  const fleetList = fleets.data?.fleets ?? [];
  const [fid, setFid] = useState<number | null>(null);
  const fleet = fid === null ? undefined : fleetList.find((f) => f.fid === fid);
  const chosen = props.multiple ? props.value : props.value === null ? [] : [props.value];
  // The fleet's units, and those already chosen so that their names still show.
  const offered = fleet
    ? units.filter((u) => fleet.uids.includes(u.uid) || chosen.includes(u.uid))
    : units;
  const options = offered.map((u) => ({
    value: u.uid,
    label: unitLabel(u),
    // Searched as typed: name or registration.
    search: `${u.name} ${u.reg}`.toLowerCase(),
  }));
  const shared = {
    showSearch: {
      filterOption: (input: string, option?: DefaultOptionType) =>
        String(option?.search ?? '').includes(input.trim().toLowerCase()),
    },
    loading: isLoading,
    options,
    style: props.style,
    className: props.className,
    popupMatchSelectWidth: false,
    'aria-label': props.multiple ? 'Units' : 'Unit',
  } as const;
  const chooseFleet = (next: number | undefined) => {
    setFid(next ?? null);
    const members = fleetList.find((f) => f.fid === next)?.uids;
    if (props.multiple && members) {
      const known = new Set(units.map((u) => u.uid));
      props.onChange(members.filter((uid) => known.has(uid)));
    }
  };
  const fleetSelect = fleetList.length > 0 && (
    <Select<number>
      className="toolbar-fleet"
      aria-label="Filter units by fleet"
      placeholder="All fleets"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      value={fid ?? undefined}
      options={fleetList.map((f) => ({ value: f.fid, label: f.name }))}
      onChange={chooseFleet}
    />
  );
  if (props.multiple) {
    return (
      <>
        {fleetSelect}
        <Select<number[]>
          {...shared}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder="All units"
          value={props.value}
          onChange={(v) => props.onChange(v)}
        />
      </>
    );
  }
  return (
    <>
      {fleetSelect}
      <Select<number>
        {...shared}
        placeholder={fleet ? `Choose a unit of ${fleet.name}` : 'Choose a unit'}
        value={props.value ?? undefined}
        onChange={(v) => props.onChange(v)}
      />
    </>
  );
}
