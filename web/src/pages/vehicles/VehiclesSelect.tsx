// Several vehicles picked from the user's unit list (the list the live map and the unit pickers
// share), searched by name or registration as typed: the members of a fleet or of a label.
import { Select } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import { unitLabel, useUnits } from '../tracking/common/useUnits';

interface Props {
  id?: string;
  value: number[];
  onChange(uids: number[]): void;
  disabled?: boolean;
  placeholder?: string;
}

const matches = (input: string, option?: DefaultOptionType) =>
  String(option?.search ?? '').includes(input.trim().toLowerCase());

export function VehiclesSelect({ id, value, onChange, disabled, placeholder }: Props) {
  const { units, isLoading } = useUnits();
  const options = units.map((u) => ({
    value: u.uid,
    label: unitLabel(u),
    search: `${u.name} ${u.reg}`.toLowerCase(),
  }));
  // Members the list does not hold (not loaded yet, or not visible to this user) keep a name.
  for (const uid of isLoading ? [] : value) {
    if (!units.some((u) => u.uid === uid))
      options.push({ value: uid, label: `Vehicle ${uid}`, search: '' });
  }
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: matches }}
      loading={isLoading}
      disabled={disabled}
      placeholder={placeholder ?? 'Search by name or registration'}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
