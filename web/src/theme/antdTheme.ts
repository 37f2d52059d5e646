// The antd design tokens of a white-label theme: its primary colour on a calm, dense admin look,
// with every text colour at WCAG 2.2 AA contrast (docs/accessibility.md). Colours are set here once,
// as tokens, and the app's own CSS reads them back as antd's CSS variables (--ant-color-…).
import { theme as antdThemes, type ThemeConfig } from 'antd';
import type { Theme } from '@fleet/common';
import { TEXT_CONTRAST, contrastRatio, darken, darkenToContrast } from './contrast';

export const SIDER_BG = '#0f1c2e';
const WHITE = '#ffffff';
/** The page background behind cards (antd's colorBgLayout). */
export const LAYOUT_BG = '#f3f5f8';

/**
 * Grey text below the main text: secondary 7.0:1 on white, tertiary (captions, labels, breadcrumb,
 * placeholders) 5.3:1 on white and 5.2:1 on LAYOUT_BG. antd's own 0.45 is 3.4:1.
 */
const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.65)';
const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.58)';
/** Quaternary: switch tracks, arrows, disabled text; 3.4:1, enough for parts of controls. */
const TEXT_QUATERNARY = 'rgba(0, 0, 0, 0.45)';
/** Outlines of inputs and buttons, 3:1 on white and LAYOUT_BG (1.4.11); antd's #d9d9d9 is 1.4:1. */
export const CONTROL_BORDER = '#858b94';

/**
 * The solid grey of neutral badges (a count of 0, "off"): white 10–12 px text on it at 4.5:1 or
 * more, and still visibly grey beside the red of a count.
 */
export const NEUTRAL_BADGE = '#6b7280';

const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
type Status = 'Success' | 'Warning' | 'Error';

/**
 * Hover and pressed shades of a colour that carries white text or is text: darker than it, where
 * antd's are lighter and drop below 4.5:1 (a hovered primary button's white text is 3.5:1).
 */
function pointerShades(token: string, colour: string): Record<string, string> {
  return { [`${token}Hover`]: darken(colour, 0.15), [`${token}Active`]: darken(colour, 0.3) };
}

/** The tokens that make antd's defaults readable; the same for every white-label theme. */
function readableColours(): Record<string, string> {
  const base = antdThemes.getDesignToken() as unknown as Record<string, string>;
  const tokens: Record<string, string> = {};
  // Coloured tags write shade 7 on shade 1; where that is too faint, the first darker shade that
  // reads (green, orange, gold, cyan... are 3.4:1 at shade 7).
  for (const colour of PRESET_COLOURS) {
    const light = base[`${colour}1`];
    const shades = [7, 8, 9, 10].map((n) => base[`${colour}${n}`]);
    const text =
      shades.find((s) => contrastRatio(s, light) >= TEXT_CONTRAST) ?? shades[shades.length - 1];
    // antd keeps each shade under two names, and its CSS variable may come from either.
    tokens[`${colour}7`] = text;
    tokens[`${colour}-7`] = text;
  }
  // Status colours are text too (danger buttons, error messages, badges with white counts): the
  // same hue, darkened until it reads on white, the layout grey and its own pale background. The
  // pale backgrounds stay antd's: derived from a darker seed they turn muddy.
  for (const status of ['Success', 'Warning', 'Error'] as Status[]) {
    const paleBg = base[`color${status}Bg`];
    const colour = darkenToContrast(
      base[`color${status}`],
      [WHITE, LAYOUT_BG, paleBg],
      TEXT_CONTRAST,
    );
    tokens[`color${status}`] = colour;
    tokens[`color${status}Text`] = colour;
    tokens[`color${status}Bg`] = paleBg;
    Object.assign(tokens, pointerShades(`color${status}`, colour));
    Object.assign(tokens, pointerShades(`color${status}Text`, colour));
  }
  return tokens;
}

const READABLE = readableColours();

/** The theme's primary colour, darkened only if links and white button text would not read. */
export function readablePrimary(primary: string): string {
  return darkenToContrast(primary, [WHITE, LAYOUT_BG], TEXT_CONTRAST);
}

export function antdTheme(theme: Theme): ThemeConfig {
  const primary = readablePrimary(theme.primary_colour);
  return {
    token: {
      ...READABLE,
      colorPrimary: primary,
      colorInfo: primary,
      ...pointerShades('colorPrimary', primary),
      ...pointerShades('colorPrimaryText', primary),
      ...pointerShades('colorLink', primary),
      colorTextSecondary: TEXT_SECONDARY,
      // The values of a read-only form (a recovery user's vehicle page) are read, not decoration.
      colorTextDisabled: TEXT_SECONDARY,
      colorTextTertiary: TEXT_TERTIARY,
      colorTextDescription: TEXT_TERTIARY,
      colorTextPlaceholder: TEXT_TERTIARY,
      colorTextQuaternary: TEXT_QUATERNARY,
      colorBorder: CONTROL_BORDER,
      borderRadius: 8,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      colorBgLayout: LAYOUT_BG,
      // Page titles are the page's one h1 (headings in order, WCAG 1.3.1), drawn at the size antd
      // gives an h3, which they were before.
      fontSizeHeading1: 24,
      lineHeightHeading1: 1.33,
    },
    components: {
      Layout: { siderBg: SIDER_BG, headerBg: WHITE, headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        darkItemBg: SIDER_BG,
        darkSubMenuItemBg: '#0a1524',
        darkItemSelectedBg: primary,
      },
    },
  };
}
