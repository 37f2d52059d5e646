// WCAG 2.2 contrast (success criteria 1.4.3 and 1.4.11): relative luminance and the ratio of two
// colours, and the darkening that brings a brand colour up to a ratio.

/** Text and images of text (1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** Large text, and the parts of controls and graphics needed to understand them (1.4.11). */
export const CONTROL_CONTRAST = 3;

type Rgb = [number, number, number];

/** #rgb, #rrggbb or rgb()/rgba(); the alpha apart. */
function parseColour(colour: string): { rgb: Rgb; alpha: number } {
  const fn = colour.match(
    /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/,
  );
  if (fn) return { rgb: [+fn[1], +fn[2], +fn[3]], alpha: fn[4] === undefined ? 1 : +fn[4] };
  const h = colour.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a colour: ${colour}`);
  return { rgb: [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb, alpha: 1 };
}

function parseHex(hex: string): Rgb {
  const { rgb, alpha } = parseColour(hex);
  if (alpha !== 1) throw new Error(`not an opaque colour: ${hex}`);
  return rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * The contrast ratio, from 1 to 21, of `foreground` (which may be translucent, as antd's greys are)
 * drawn on the opaque `background`.
 */
export function contrastRatio(foreground: string, background: string): number {
  const bg = parseHex(background);
  const { rgb, alpha } = parseColour(foreground);
  const fg = rgb.map((c, i) => c * alpha + bg[i] * (1 - alpha)) as Rgb;
  const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` mixed with black: `fraction` 0 keeps it, 1 is black. */
export function darken(colour: string, fraction: number): string {
  return toHex(parseHex(colour).map((c) => c * (1 - fraction)) as Rgb);
}

/**
 * `colour` itself when it reaches `ratio` against every background, else the least darkening of it
 * (towards black, hue kept) that does: a white-label brand colour too light for text stays
 * recognisably the brand's.
 */
export function darkenToContrast(colour: string, backgrounds: string[], ratio: number): string {
  const passes = (hex: string) => backgrounds.every((bg) => contrastRatio(hex, bg) >= ratio);
  for (let step = 0; step <= 100; step++) {
    const candidate = darken(colour, step / 100);
    if (passes(candidate)) return candidate;
  }
  return '#000000';
}
