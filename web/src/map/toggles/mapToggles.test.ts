import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_TOGGLES,
  MAP_TOGGLE_KEYS,
  togglePatch,
  togglesFromSettings,
  togglesToSettings,
} from './mapToggles';

describe('map display toggles (SPEC §3, §4)', () => {
  it('start with trip arrows, polygons and backup status on and the rest off', () => {
    const on = MAP_TOGGLE_KEYS.filter((k) => DEFAULT_MAP_TOGGLES[k]);
    expect(on.sort()).toEqual(['backupStatus', 'polygons', 'tripArrows']);
    expect(togglesFromSettings(undefined)).toEqual(DEFAULT_MAP_TOGGLES);
    expect(MAP_TOGGLE_KEYS).toHaveLength(10);
  });

  it('read stored settings as booleans, 0/1 or strings, ignoring anything else', () => {
    const state = togglesFromSettings({
      name_tags: 1,
      trip_arrows: '0',
      show_polygons: 'maybe',
      display_routes: 'true',
    });
    expect(state.unitTags).toBe(true);
    expect(state.tripArrows).toBe(false);
    expect(state.polygons).toBe(true);
    expect(state.routes).toBe(true);
  });

  it('understand the trip display setting, with separate flags winning', () => {
    expect(togglesFromSettings({ trip_display: 'Lines' })).toMatchObject({
      tripArrows: false,
      tripLines: true,
    });
    expect(togglesFromSettings({ trip_display: 'Arrows and Equiment Usage' })).toMatchObject({
      tripArrows: true,
      tripLines: false,
      equipmentLines: true,
    });
    expect(togglesFromSettings({ trip_display: 1, trip_arrows: false })).toMatchObject({
      tripArrows: false,
      tripLines: true,
    });
  });

  it('round-trip through ui_settings', () => {
    const state = {
      ...DEFAULT_MAP_TOGGLES,
      replay: true,
      recoveryStatus: true,
      backupStatus: false,
    };
    expect(togglesFromSettings(togglesToSettings(state))).toEqual(state);
  });

  it('reset the location display type to 0 when locations are shown', () => {
    expect(togglePatch('locations', true)).toEqual({
      show_locations: true,
      location_display_type: 0,
    });
    expect(togglePatch('locations', false)).toEqual({ show_locations: false });
    expect(togglePatch('unitTags', true)).toEqual({ name_tags: true });
  });
});
