// Coordinates typed as a decimal pair or degrees-minutes-seconds (SPEC §5): shows what it reads,
// or 'Not a coordinate pair', and moves the shape there on Enter or "Move here".
import { useId, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { parseCoordinates, type LatLon } from '@fleet/common';

interface Props {
  /** Where the shape is now (shown as the placeholder). */
  centre: LatLon;
  label: string;
  onMove(to: LatLon): void;
  disabled?: boolean;
}

export const formatLatLon = (p: LatLon) => `${p.lat.toFixed(6)}, ${p.lon.toFixed(6)}`;

export function CoordinatesField({ centre, label, onMove, disabled }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const parsed = typed ? parseCoordinates(typed) : null;
  const invalid = typed !== '' && parsed === null;
  const move = () => {
    if (!parsed) return;
    onMove({ lat: parsed.lat, lon: parsed.lng });
    setText('');
  };
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={invalid ? 'error' : undefined}
      help={
        invalid
          ? 'Not a coordinate pair'
          : parsed
            ? `Reads as ${parsed.lat.toFixed(6)}, ${parsed.lng.toFixed(6)}`
            : `Now ${formatLatLon(centre)}. Type e.g. -26.2041, 28.0473 or 26°12'15"S 28°2'50"E`
      }
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={text}
          disabled={disabled}
          placeholder={formatLatLon(centre)}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            move();
          }}
        />
        <Button disabled={disabled || !parsed} onClick={move}>
          Move here
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
