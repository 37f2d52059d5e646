// A location's colour: a row of swatches (a radio group, named for screen readers) and a picker
// for any other colour.
import { ColorPicker } from 'antd';
import { LOCATION_PALETTE } from './locationForm';

const NAMES: Record<string, string> = {
  '#1565c0': 'Blue',
  '#2e7d32': 'Green',
  '#c62828': 'Red',
  '#6a1b9a': 'Purple',
  '#ef6c00': 'Orange',
  '#00838f': 'Teal',
  '#4e342e': 'Brown',
  '#37474f': 'Slate',
};

interface Props {
  id?: string;
  value: string;
  onChange(colour: string): void;
  disabled?: boolean;
}

export function ColourField({ id, value, onChange, disabled }: Props) {
  const current = value.toLowerCase();
  return (
    <div className="colour-field">
      <div role="radiogroup" aria-label="Colour" id={id} className="colour-swatches">
        {LOCATION_PALETTE.map((colour) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-checked={current === colour}
            aria-label={NAMES[colour] ?? colour}
            title={NAMES[colour] ?? colour}
            disabled={disabled}
            className={`colour-swatch${current === colour ? ' is-chosen' : ''}`}
            style={{ background: colour }}
            onClick={() => onChange(colour)}
          />
        ))}
      </div>
      <ColorPicker
        value={value}
        disabled={disabled}
        disabledAlpha
        format="hex"
        showText={(c) => c.toHexString()}
        onChangeComplete={(c) => onChange(c.toHexString().slice(0, 7))}
      />
    </div>
  );
}
