// Unit choice for the trip pages: one unit, or several (none chosen means every unit).
import { Select } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import type { CSSProperties } from 'react';
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
  const options = units.map((u) => ({
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
  if (props.multiple) {
    return (
      <Select<number[]>
        {...shared}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder="All units"
        value={props.value}
        onChange={(v) => props.onChange(v)}
      />
    );
  }
  return (
    <Select<number>
      {...shared}
      placeholder="Choose a unit"
      value={props.value ?? undefined}
      onChange={(v) => props.onChange(v)}
    />
  );
}
