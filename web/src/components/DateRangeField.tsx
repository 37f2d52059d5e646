// A date-range picker with the presets of SPEC §9; the calendar starts its weeks on Monday.
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { rangePickerPresets } from './dateRangePresets';
import './dates';

export default function DateRangeField(props: RangePickerProps) {
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      presets={rangePickerPresets()}
      {...props}
    />
  );
}
