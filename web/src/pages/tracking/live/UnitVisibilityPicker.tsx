import { Button, Popover, Switch } from 'antd';
import { EyeOutlined } from '@ant-design/icons';

interface Option {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}

/**
 * The "ghost units" and "show disabled units" settings of SPEC §3/§4 (liveSettings.ts), as a map
 * button beside the unit icons: one switch each, named by its label.
 */
export function UnitVisibilityPicker({
  ghostUnits,
  onGhostUnits,
  showDisabled,
  onShowDisabled,
}: {
  ghostUnits: boolean;
  onGhostUnits: (on: boolean) => void;
  showDisabled: boolean;
  onShowDisabled: (on: boolean) => void;
}) {
  const options: Option[] = [
    {
      label: 'Ghost units (disconnected)',
      hint: 'Grey at their last position on the map',
      checked: ghostUnits,
      onChange: onGhostUnits,
    },
    {
      label: 'Disabled units',
      hint: 'On the map and in the unit list',
      checked: showDisabled,
      onChange: onShowDisabled,
    },
  ];
  const content = (
    <div role="group" aria-label="Units shown" className="unit-visibility-options">
      {options.map((option) => (
        <label key={option.label} className="unit-visibility-option">
          <span>
            <span className="unit-visibility-name">{option.label}</span>
            <span className="unit-visibility-hint">{option.hint}</span>
          </span>
          <Switch
            size="small"
            checked={option.checked}
            onChange={option.onChange}
            aria-label={option.label}
          />
        </label>
      ))}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomLeft" title="Units shown">
      <Button icon={<EyeOutlined />} aria-label="Units shown" className="map-button-control" />
    </Popover>
  );
}
