// The date range of a tracking page: the presets of SPEC §9 (weeks start on Monday), a picker, and
// steps back and forward by the range's own length. On a phone the two-month range calendar does
// not fit, so a preset list and two single-day pickers take its place. Days and times are the
// user's (components/zone.ts).
import type { ReactNode } from 'react';
import { Button, DatePicker, Select, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import DateRangeField from '../../../components/DateRangeField';
import { DATE_PRESETS, type DateRange } from '../../../components/dateRangePresets';
import { fromPicker, nowInZone, usePickerRange } from '../../../components/zone';
import { normaliseRange, shiftRange } from './rangeShift';
import { isWholeDays } from './routeParams';

interface Props {
  value: DateRange;
  onChange: (range: DateRange) => void;
  mobile?: boolean;
  /** Buttons that belong beside the range (refresh); on a phone they share the preset row. */
  extra?: ReactNode;
}

/** The preset whose range is exactly `value` today, if any. */
export function presetOf(value: DateRange, now: Dayjs = nowInZone()): string | undefined {
  return DATE_PRESETS.find((p) => {
    const [from, to] = p.range(now);
    return from.isSame(value[0]) && to.isSame(value[1]);
  })?.key;
}

export default function RangeField({ value, onChange, mobile, extra }: Props) {
  const picked = usePickerRange(value);
  const step = (direction: -1 | 1) => (
    <Button
      icon={direction < 0 ? <LeftOutlined /> : <RightOutlined />}
      aria-label={direction < 0 ? 'Earlier' : 'Later'}
      onClick={() => onChange(shiftRange(value, direction))}
    />
  );

  if (!mobile) {
    return (
      <>
        <Space.Compact className="range-field">
          {step(-1)}
          <DateRangeField
            aria-label="Date range"
            allowClear={false}
            value={value}
            onChange={(range) => onChange(normaliseRange(range))}
          />
          {step(1)}
        </Space.Compact>
        {extra}
      </>
    );
  }

  const preset = presetOf(value);
  const wholeDays = isWholeDays(value);
  return (
    <div className="range-field is-mobile">
      <div className="range-field-row range-field-head">
        <Space.Compact className="range-field-row">
          {step(-1)}
          <Select
            aria-label="Date range"
            className="range-field-preset"
            value={preset ?? 'custom'}
            onChange={(key: string) => {
              const chosen = DATE_PRESETS.find((p) => p.key === key);
              if (chosen) onChange(chosen.range(nowInZone()));
            }}
            options={[
              ...DATE_PRESETS.map((p) => ({ value: p.key, label: p.label })),
              { value: 'custom', label: 'Chosen days', disabled: true },
            ]}
          />
          {step(1)}
        </Space.Compact>
        {extra}
      </div>
      <div className="range-field-row range-field-days">
        <DatePicker
          aria-label="From"
          allowClear={false}
          inputReadOnly
          value={picked[0]}
          format={wholeDays ? 'D MMM YYYY' : 'D MMM HH:mm'}
          onChange={(day) => {
            if (!day) return;
            const from = fromPicker(day).startOf('day');
            onChange([from, value[1].isAfter(from) ? value[1] : from.endOf('day')]);
          }}
        />
        <DatePicker
          aria-label="To"
          allowClear={false}
          inputReadOnly
          value={picked[1]}
          format={wholeDays ? 'D MMM YYYY' : 'D MMM HH:mm'}
          onChange={(day) => {
            if (!day) return;
            const to = fromPicker(day).endOf('day');
            onChange([value[0].isBefore(to) ? value[0] : to.startOf('day'), to]);
          }}
        />
      </div>
    </div>
  );
}
