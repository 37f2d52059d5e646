// Who a report covers (SPEC §3 report id types): one vehicle, several vehicles, or drivers, from
// the lists the other pages pick from (get_unit_list_full; get_people of drivers).
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import type { ReportDefinition } from '@fleet/common';
import { driversQuery } from '../../../api/tracking';
import { unitLabel, useUnits } from '../../tracking/common/useUnits';

interface Props {
  id: string;
  def: Pick<ReportDefinition, 'ids_type' | 'ids_count'>;
  value: number[];
  onChange: (ids: number[]) => void;
  status?: 'error';
}

/** "Vehicle", "Vehicles" or "Drivers": the field's label. */
export function subjectLabel(def: Pick<ReportDefinition, 'ids_type' | 'ids_count'>): string {
  if (def.ids_type === 'people') return def.ids_count === 'one' ? 'Driver' : 'Drivers';
  return def.ids_count === 'one' ? 'Vehicle' : 'Vehicles';
}

function useSubjects(idsType: ReportDefinition['ids_type']) {
  const units = useUnits();
  const drivers = useQuery({
    ...driversQuery(),
    enabled: idsType === 'people',
    staleTime: 60_000,
  });
  if (idsType === 'units')
    return {
      loading: units.isLoading,
      options: units.units.map((u) => ({
        value: u.uid,
        label: unitLabel(u),
        search: `${u.name} ${u.reg}`.toLowerCase(),
      })),
    };
  return {
    loading: drivers.isLoading,
    options: (drivers.data?.people ?? [])
      .map((p) => {
        const label = p.name || `${p.first_name} ${p.surname}`.trim();
        return { value: p.pid, label, search: label.toLowerCase() };
      })
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

export default function SubjectField({ id, def, value, onChange, status }: Props) {
  const { loading, options } = useSubjects(def.ids_type);
  const shared = {
    id,
    status,
    loading,
    options,
    virtual: false,
    showSearch: {
      filterOption: (input: string, option?: DefaultOptionType) =>
        String(option?.search ?? '').includes(input.trim().toLowerCase()),
    },
  };
  if (def.ids_count === 'one')
    return (
      <Select<number>
        {...shared}
        placeholder={`Choose the ${subjectLabel(def).toLowerCase()}`}
        value={value[0]}
        onChange={(v) => onChange(v === undefined ? [] : [v])}
      />
    );
  return (
    <Select<number[]>
      {...shared}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={`Choose ${subjectLabel(def).toLowerCase()}`}
      value={value}
      onChange={(v) => onChange(v ?? [])}
    />
  );
}
