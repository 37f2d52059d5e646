// A date-range picker with the presets of SPEC §9; the calendar starts its weeks on Monday. It
// takes and gives ranges in the user's time zone (zone.ts) and shows their wall clock there, though
// antd builds its values in the browser's zone.
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { rangePickerPresets, type DateRange } from './dateRangePresets';
import { fromPicker, toPicker, usePickerRange } from './zone';

type Props = Omit<RangePickerProps, 'value' | 'defaultValue' | 'onChange' | 'presets'> & {
  value: DateRange;
  onChange: (range: DateRange) => void;
};

// A day picked without a time runs from its first minute to its last. Picker values: only their
// time of day is used.
const WHOLE_DAY: DateRange = [dayjs('2000-01-01T00:00:00'), dayjs('2000-01-01T23:59:59.999')];

export default function DateRangeField({ value, onChange, ...props }: Props) {
  const picked = usePickerRange(value);
  const presets = rangePickerPresets().map((p) => ({
    label: p.label,
    value: [toPicker(p.value[0]), toPicker(p.value[1])] as DateRange,
  }));
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm', defaultValue: WHOLE_DAY }}
      format="YYYY-MM-DD HH:mm"
      presets={presets}
      {...props}
      value={picked}
      onChange={(range) => {
        if (range?.[0] && range[1]) onChange([fromPicker(range[0]), fromPicker(range[1])]);
      }}
    />
  );
}
