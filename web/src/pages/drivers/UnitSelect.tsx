// A searchable choice of one of the user's units, by name and registration.
import { Select } from 'antd';
import { unitLabel, useUnits } from '../tracking/common/useUnits';

interface Props {
  id: string;
  value: number | undefined;
  placeholder: string;
  onChange(uid: number): void;
}

export default function UnitSelect({ id, value, placeholder, onChange }: Props) {
  const { units, isLoading } = useUnits();
  return (
    <Select<number>
      id={id}
      placeholder={placeholder}
      loading={isLoading}
      value={value}
      virtual={false}
      showSearch={{ optionFilterProp: 'label' }}
      options={units.map((u) => ({ value: u.uid, label: unitLabel(u) }))}
      onChange={onChange}
    />
  );
}
