import type { CSSProperties } from 'react';
import { Button, Popover, Switch } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import {
  MAP_TOGGLE_KEYS,
  MAP_TOGGLE_LABELS,
  type MapToggleKey,
  type MapToggleState,
} from './toggles/mapToggles';

export interface MapTogglesProps {
  value: MapToggleState;
  onToggle: (key: MapToggleKey, value: boolean) => void;
  /** Which toggles this page offers, in order (default: all ten). */
  keys?: readonly MapToggleKey[];
  /** Where the button sits over the map (default top-left, clear of the map-type switcher). */
  style?: CSSProperties;
}

/** A map button opening the display toggles; one row per toggle, sized for a 360 px phone. */
export function MapToggles({ value, onToggle, keys = MAP_TOGGLE_KEYS, style }: MapTogglesProps) {
  const content = (
    <div
      role="group"
      aria-label="Map display"
      style={{ width: 220, maxWidth: 'calc(100vw - 48px)' }}
    >
      {keys.map((key) => (
        <label
          key={key}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            padding: '6px 0',
            cursor: 'pointer',
          }}
        >
          <span>{MAP_TOGGLE_LABELS[key]}</span>
          <Switch
            size="small"
            checked={value[key]}
            onChange={(checked) => onToggle(key, checked)}
            aria-label={MAP_TOGGLE_LABELS[key]}
          />
        </label>
      ))}
    </div>
  );
  return (
    <div style={{ position: 'absolute', top: 10, left: 10, zIndex: 2, ...style }}>
      <Popover content={content} trigger="click" placement="bottomLeft" title="Map display">
        <Button
          icon={<SettingOutlined />}
          aria-label="Map display"
          style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }}
        />
      </Popover>
    </div>
  );
}
