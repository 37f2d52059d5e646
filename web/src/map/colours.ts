// Colour helpers shared by the sprite factory and the layer builders.

/** Unit icon colour used when a unit's icon_colour cannot be read. */
export const DEFAULT_UNIT_COLOUR = '1e88e5';
/** Disconnected units are drawn grey and hollow whatever their own colour. */
export const OFFLINE_COLOUR = '9e9e9e';

// icon_colour arrives as free text from the unit record: a CSS name or a hex code.
const NAMED: Record<string, string> = {
  black: '212121',
  blue: '1e88e5',
  brown: '795548',
  cyan: '00acc1',
  gray: '757575',
  green: '43a047',
  grey: '757575',
  lime: '7cb342',
  magenta: 'd81b60',
  navy: '283593',
  orange: 'fb8c00',
  pink: 'ec407a',
  purple: '8e24aa',
  red: 'e53935',
  teal: '00897b',
  white: 'f5f5f5',
  yellow: 'fdd835',
};

/** Normalises a unit's icon_colour to six lower-case hex digits without '#'. */
export function normaliseColour(value: string | null | undefined): string {
  if (!value) return DEFAULT_UNIT_COLOUR;
  const text = value.trim().toLowerCase();
  if (NAMED[text]) return NAMED[text];
  const hex = text.startsWith('#') ? text.slice(1) : text;
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return hex.replace(/./g, (c) => c + c);
  return DEFAULT_UNIT_COLOUR;
}

export function rgbOf(hex: string): [number, number, number] {
  const n = parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function hexOf(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
