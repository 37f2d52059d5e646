// A colour from the theme's presets (its primary colour and antd's palette, as the white-label
// theme tunes them) as a row of named swatches, or any other colour from a picker. Stored as
// #rrggbb, the form the fleet tasks take.
import { Button, ColorPicker, theme } from 'antd';
import { normaliseColour } from '../../map/colours';
// The swatches look as the location colours do (locations.css).
import '../locations/locations.css';
import './vehicles.css';

const PRESET_NAMES = [
  'blue',
  'geekblue',
  'purple',
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
] as const;

const WORDS: Record<(typeof PRESET_NAMES)[number], string> = {
  blue: 'Blue',
  geekblue: 'Indigo',
  purple: 'Purple',
  magenta: 'Magenta',
  red: 'Red',
  volcano: 'Volcano',
  orange: 'Orange',
  gold: 'Gold',
  lime: 'Lime',
  green: 'Green',
  cyan: 'Cyan',
};

/** The theme's preset colours, each with its name; the primary colour first. */
export function useThemeColours(): { colour: string; name: string }[] {
  const { token } = theme.useToken();
  const tokens = token as unknown as Record<string, string>;
  const list = [
    { colour: token.colorPrimary, name: 'Theme colour' },
    ...PRESET_NAMES.map((name) => ({ colour: tokens[name], name: WORDS[name] })),
  ].map((c) => ({ ...c, colour: `#${normaliseColour(c.colour)}` }));
  return list.filter((c, i) => list.findIndex((o) => o.colour === c.colour) === i);
}

interface Props {
  id?: string;
  /** What the colour is for: "Icon colour", "Label colour". */
  label: string;
  value: string;
  onChange(colour: string): void;
  disabled?: boolean;
}

export function ThemeColourField({ id, label, value, onChange, disabled }: Props) {
  const presets = useThemeColours();
  const current = `#${normaliseColour(value)}`;
  return (
    <div className="colour-field">
      <div role="radiogroup" aria-label={label} id={id} className="colour-swatches">
        {presets.map(({ colour, name }) => (
          <button
            key={colour}
            type="button"
            role="radio"
            aria-checked={current === colour}
            aria-label={name}
            title={name}
            disabled={disabled}
            className={`colour-swatch${current === colour ? ' is-chosen' : ''}`}
            style={{ background: colour }}
            onClick={() => onChange(colour)}
          />
        ))}
      </div>
      <ColorPicker
        value={current}
        disabled={disabled}
        disabledAlpha
        format="hex"
        presets={[{ label: 'Theme colours', colors: presets.map((p) => p.colour) }]}
        onChangeComplete={(c) => onChange(c.toHexString().slice(0, 7))}
      >
        {/* A button, so the picker opens from the keyboard too (antd's own trigger is a div). */}
        <Button disabled={disabled} aria-label={`${label}: another colour, now ${current}`}>
          <span className="theme-colour-chip" style={{ background: current }} aria-hidden />
          {current}
        </Button>
      </ColorPicker>
    </div>
  );
}
