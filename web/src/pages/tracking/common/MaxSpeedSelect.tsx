// Maximum speed choice (SPEC §9: 5 to 155 in steps of 5, plus Off); trips above it are speeding.
import { Select } from 'antd';
import { MAX_SPEED_OPTIONS } from '@fleet/common';
import type { MaxSpeed } from './routeParams';

const OPTIONS = MAX_SPEED_OPTIONS.map((v) => ({
  value: v,
  label: v === 'Off' ? 'No limit' : `${v} km/h`,
}));

export default function MaxSpeedSelect({
  value,
  onChange,
  className,
}: {
  value: MaxSpeed;
  onChange: (value: MaxSpeed) => void;
  className?: string;
}) {
  return (
    <Select<MaxSpeed>
      className={className}
      aria-label="Maximum speed"
      prefix="Max"
      value={value}
      onChange={onChange}
      options={OPTIONS}
      popupMatchSelectWidth={false}
      listHeight={320}
    />
  );
}
