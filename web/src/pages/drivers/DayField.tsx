// A calendar day picked with antd's DatePicker and kept as YYYY-MM-DD, the form the tasks take.
import dayjs from 'dayjs';
import { DatePicker } from 'antd';

interface Props {
  id: string;
  value: string | null;
  disabled?: boolean;
  onChange(day: string | null): void;
}

export const DAY_FORMAT = 'YYYY-MM-DD';

export default function DayField({ id, value, disabled, onChange }: Props) {
  return (
    <DatePicker
      id={id}
      className="full-width"
      format={DAY_FORMAT}
      placeholder={DAY_FORMAT}
      disabled={disabled}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange(day ? day.format(DAY_FORMAT) : null)}
    />
  );
}
