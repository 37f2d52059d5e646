import { Button, Popover, Radio } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { REALTIME_ICON_STYLES } from '@fleet/common';
import type { RealtimeIconStyle } from '../../../map';

const HINTS = [
  'Heading arrows',
  'Small dots, no name tags',
  'Vehicle badges, no name tags',
  'Vehicle badges',
  'Large vehicle badges',
];

/** The realtime icon style of SPEC §4, as a map button beside the display toggles. */
export function IconStylePicker({
  value,
  onChange,
}: {
  value: RealtimeIconStyle;
  onChange: (style: RealtimeIconStyle) => void;
}) {
  const content = (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(e.target.value as RealtimeIconStyle)}
      aria-label="Unit icons"
      className="icon-style-options"
    >
      {REALTIME_ICON_STYLES.map((name, index) => (
        <Radio key={name} value={index}>
          <span className="icon-style-name">{name}</span>
          <span className="icon-style-hint">{HINTS[index]}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
  // A button of the map's tool row (FleetMap), beside the display toggles.
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" title="Unit icons">
      <Button icon={<CarOutlined />} aria-label="Unit icons" className="map-button-control" />
    </Popover>
  );
}
