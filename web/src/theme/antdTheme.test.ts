import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { CONTROL_CONTRAST, TEXT_CONTRAST, contrastRatio } from './contrast';
import { CONTROL_BORDER, LAYOUT_BG, NEUTRAL_BADGE, antdTheme, readablePrimary } from './antdTheme';
import { FALLBACK_THEME } from './fallbackTheme';

const WHITE = '#ffffff';
/** The white-label themes' colours (server/src/themes.ts), and two a reseller might pick. */
const PRIMARIES = ['#1668dc', '#722ed1', '#c8102e', '#0f7b6c', '#faad14', '#13c2c2'];

function tokensFor(primary: string) {
  const config = antdTheme({ ...FALLBACK_THEME, primary_colour: primary });
  return theme.getDesignToken(config) as unknown as Record<string, string>;
}

describe('antd theme at WCAG 2.2 AA in every white-label theme', () => {
  it.each(PRIMARIES)('primary %s: links, primary buttons and the selected menu item read', (p) => {
    const t = tokensFor(p);
    for (const bg of [WHITE, LAYOUT_BG]) {
      expect(contrastRatio(t.colorLink, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(t.colorPrimary, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // Under the pointer too: hovered and pressed buttons and links.
    for (const state of ['', 'Hover', 'Active']) {
      expect(contrastRatio(WHITE, t[`colorPrimary${state}`]), state).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      expect(contrastRatio(WHITE, t[`colorError${state}`]), state).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
      for (const link of [`colorLink${state}`, `colorPrimaryText${state}`])
        expect(contrastRatio(t[link], WHITE), link).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it('keeps a brand colour that already reads as it is', () => {
    for (const p of ['#1668dc', '#722ed1', '#c8102e', '#0f7b6c'])
      expect(readablePrimary(p)).toBe(p);
    expect(readablePrimary('#faad14')).not.toBe('#faad14');
  });

  it('greys, placeholders, the breadcrumb and status text read on white and on the page grey', () => {
    const t = tokensFor(FALLBACK_THEME.primary_colour);
    const text = [
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorTextPlaceholder',
      'colorErrorText',
      'colorError',
      'colorSuccessText',
      'colorWarningText',
    ];
    for (const key of text)
      for (const bg of [WHITE, LAYOUT_BG])
        expect(contrastRatio(t[key], bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Status messages sit on their own pale backgrounds too.
    for (const status of ['Success', 'Warning', 'Error'])
      expect(contrastRatio(t[`color${status}`], t[`color${status}Bg`])).toBeGreaterThanOrEqual(
        TEXT_CONTRAST,
      );
    // A red count badge and a neutral one carry white text.
    expect(contrastRatio(WHITE, t.colorError)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(WHITE, NEUTRAL_BADGE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('coloured tags read, shade 7 text on shade 1, under both of antd’s names for a shade', () => {
    const t = tokensFor(FALLBACK_THEME.primary_colour);
    for (const colour of ['green', 'orange', 'gold', 'cyan', 'lime', 'volcano', 'blue', 'red'])
      for (const text of [`${colour}7`, `${colour}-7`])
        expect(contrastRatio(t[text], t[`${colour}1`]), text).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('the values of disabled fields read on their grey', () => {
    const t = tokensFor(FALLBACK_THEME.primary_colour);
    // #e6e6e6: a disabled select or addon on the page grey, where axe measured 3.2:1 before.
    for (const bg of [WHITE, LAYOUT_BG, '#e6e6e6'])
      expect(contrastRatio(t.colorTextDisabled, bg), bg).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('outlines of inputs and switch tracks reach 3:1', () => {
    const t = tokensFor(FALLBACK_THEME.primary_colour);
    expect(t.colorBorder).toBe(CONTROL_BORDER);
    for (const bg of [WHITE, LAYOUT_BG]) {
      expect(contrastRatio(CONTROL_BORDER, bg)).toBeGreaterThanOrEqual(CONTROL_CONTRAST);
      expect(contrastRatio(t.colorTextQuaternary, bg)).toBeGreaterThanOrEqual(CONTROL_CONTRAST);
    }
  });
});
