import { describe, expect, it } from 'vitest';
import type { ThemeMapSource } from '@fleet/common';
import { availableMapTypes, buildBaseStyle } from './baseStyle';

const source = (
  id: ThemeMapSource['id'],
  tiles = [`http://tiles.example/${id}/{z}/{x}/{y}.png`],
): ThemeMapSource => ({
  id,
  name: id,
  tiles,
  attribution: `© ${id}`,
});

describe('base style', () => {
  it('needs no glyph server, so labels draw offline', () => {
    const style = buildBaseStyle([], 'roadmap');
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(true);
  });

  it('draws the offline basemap alone when the theme has no tiles', () => {
    const style = buildBaseStyle([], 'satellite');
    expect(style.layers.every((l) => l.id.startsWith('offline-'))).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['offline-sea', 'offline-land', 'offline-lines', 'offline-towns']),
    );
  });

  it('puts the raster tiles over the basemap and shows only the chosen map type', () => {
    const style = buildBaseStyle(
      [source('roadmap'), source('satellite'), source('terrain', [])],
      'satellite',
    );
    const ids = style.layers.map((l) => l.id);
    expect(ids.slice(-2)).toEqual(['tiles-roadmap', 'tiles-satellite']);
    expect(ids).not.toContain('tiles-terrain');
    const visibility = (id: string) =>
      (style.layers.find((l) => l.id === id)!.layout as { visibility?: string }).visibility;
    expect(visibility('tiles-satellite')).toBe('visible');
    expect(visibility('tiles-roadmap')).toBe('none');
  });

  it('offers the map types with tiles, in the order of SPEC §3', () => {
    expect(availableMapTypes([source('terrain'), source('roadmap'), source('hybrid', [])])).toEqual(
      ['roadmap', 'terrain'],
    );
  });
});
