// One report variable as a form control, by its type (SPEC §3): date_range a day range with the
// SPEC §9 presets, select a choice (several when data.multiple), tag one of the client's labels
// (every vehicle with it), string a text box (a number when data.number).
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { listValue, type ReportVariable } from '@fleet/common';
import { tagsQuery } from '../../../api/rules';
import DateRangeField from '../../../components/DateRangeField';
import type { DateRange } from '../../../components/dateRangePresets';
import { zoned } from '../../../components/zone';

interface Props {
  id: string;
  variable: ReportVariable;
  value: unknown;
  onChange: (value: unknown) => void;
  status?: 'error';
}

/** The help under a variable's field: what a date range may span, what a number may be. */
export function variableHelp(v: ReportVariable): string | undefined {
  if (v.type === 'date_range')
    return `Whole days in your client's time zone; at most ${v.data.max_days} days for this report`;
  if (v.type === 'tag') return 'Every vehicle with this label is added to the report';
  if (v.type === 'string' && v.data.number)
    return `A number from ${v.data.number.min} to ${v.data.number.max}`;
  return undefined;
}

function DaysField({ id, value, onChange, status }: Omit<Props, 'variable'>) {
  const days = Array.isArray(value) && value.length === 2 ? (value as [string, string]) : null;
  const range: DateRange | null = days ? [zoned(days[0]), zoned(days[1]).endOf('day')] : null;
  return (
    <DateRangeField
      id={id}
      status={status}
      // Whole days: a report covers each day from its first minute to its last.
      showTime={false}
      format="YYYY-MM-DD"
      allowClear={false}
      value={range ?? [zoned().startOf('day'), zoned().endOf('day')]}
      onChange={([from, to]) => onChange([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')])}
      style={{ width: '100%' }}
    />
  );
}

function TagField({ id, value, onChange, status }: Omit<Props, 'variable'>) {
  const tags = useQuery({ ...tagsQuery(), staleTime: 60_000 });
  const n = Number(value);
  return (
    <Select<number>
      id={id}
      status={status}
      allowClear
      placeholder="No label"
      loading={tags.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      value={value === undefined || value === null || value === '' ? undefined : n}
      onChange={(v) => onChange(v ?? undefined)}
      options={(tags.data?.tags ?? []).map((t) => ({ value: t.tgid, label: t.name }))}
    />
  );
}

export default function VariableField({ id, variable: v, value, onChange, status }: Props) {
  if (v.type === 'date_range')
    return <DaysField id={id} value={value} onChange={onChange} status={status} />;
  if (v.type === 'tag')
    return <TagField id={id} value={value} onChange={onChange} status={status} />;
  if (v.type === 'select') {
    const options = v.data.options.map((o) => ({ value: o.value, label: o.label }));
    if (v.data.multiple)
      return (
        <Select<string[]>
          id={id}
          status={status}
          mode="multiple"
          allowClear
          options={options}
          value={listValue(value)}
          onChange={(next) => onChange(next)}
        />
      );
    return (
      <Select<string>
        id={id}
        status={status}
        allowClear={!v.required}
        options={options}
        value={value === undefined || value === null || value === '' ? undefined : String(value)}
        onChange={(next) => onChange(next ?? undefined)}
      />
    );
  }
  return (
    <Input
      id={id}
      status={status}
      inputMode={v.data.number ? 'decimal' : undefined}
      maxLength={v.data.max_length}
      placeholder={v.data.placeholder}
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
