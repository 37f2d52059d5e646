import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useSession } from '../../../auth/session';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { useLiveSettings } from './useLiveSettings';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
});

function logInWith(ui_settings: Record<string, unknown>) {
  document.cookie = 'token=t; Path=/';
  useSession.setState({ token: 't', user: userOf('full', { ui_settings }) });
}

describe('useLiveSettings', () => {
  it('starts from the SPEC defaults on a first visit', () => {
    logInWith({});
    const { result } = renderHook(() => useLiveSettings());
    expect(result.current.toggles.toggles).toMatchObject({
      tripArrows: true,
      polygons: true,
      unitTags: false,
      locations: false,
      backupStatus: true,
      recoveryStatus: false,
    });
    expect(result.current.mapType).toBe('roadmap');
    expect(result.current.iconStyle).toBe(3);
    // SPEC §3: ghost units and disabled units shown; the unit list ("realtime menu") open.
    expect(result.current.showDisabled).toBe(true);
    expect(result.current.ghostUnits).toBe(true);
    expect(result.current.realtimeMenu).toBe(true);
  });

  it('restores the unit settings the user turned off, in any form they were stored', () => {
    logInWith({ show_disabled_units: false, ghost_units: '0', realtime_menu: 0 });
    const { result } = renderHook(() => useLiveSettings());
    expect(result.current.showDisabled).toBe(false);
    expect(result.current.ghostUnits).toBe(false);
    expect(result.current.realtimeMenu).toBe(false);
  });

  it('falls back to the defaults for junk values', () => {
    logInWith({ show_disabled_units: 'nope', ghost_units: { on: false }, realtime_menu: 7 });
    const { result } = renderHook(() => useLiveSettings());
    expect(result.current.showDisabled).toBe(true);
    expect(result.current.ghostUnits).toBe(true);
    expect(result.current.realtimeMenu).toBe(true);
  });

  it('restores what the user saved: toggles, map type and icon style', () => {
    logInWith({ name_tags: 1, trip_arrows: '0', map_type: 'satellite', realtime_icon_style: 1 });
    const { result } = renderHook(() => useLiveSettings());
    expect(result.current.toggles.toggles.unitTags).toBe(true);
    expect(result.current.toggles.toggles.tripArrows).toBe(false);
    expect(result.current.mapType).toBe('satellite');
    expect(result.current.iconStyle).toBe(1);
  });

  it('saves each change with set_user_ui_settings and keeps the session’s copy in step', async () => {
    logInWith({});
    const api = mockApi({ set_user_ui_settings: (p) => ({ data: { ui_settings: p } }) });
    const { result } = renderHook(() => useLiveSettings());
    act(() => result.current.toggles.set('unitTags', true));
    act(() => result.current.setIconStyle(0));
    act(() => result.current.setMapType('hybrid'));
    act(() => result.current.setShowDisabled(false));
    act(() => result.current.setGhostUnits(false));
    act(() => result.current.setRealtimeMenu(false));
    await waitFor(() => expect(api.requestsOf('set_user_ui_settings')).toHaveLength(6));
    expect(api.requestsOf('set_user_ui_settings').map((r) => r.parameters)).toEqual([
      { name_tags: true },
      { realtime_icon_style: 0 },
      { map_type: 'hybrid' },
      { show_disabled_units: false },
      { ghost_units: false },
      { realtime_menu: false },
    ]);
    expect(result.current.showDisabled).toBe(false);
    expect(result.current.ghostUnits).toBe(false);
    expect(result.current.realtimeMenu).toBe(false);
    expect(useSession.getState().user?.ui_settings).toEqual({
      name_tags: true,
      realtime_icon_style: 0,
      map_type: 'hybrid',
      show_disabled_units: false,
      ghost_units: false,
      realtime_menu: false,
    });
    // The next visit in this session starts from them.
    const again = renderHook(() => useLiveSettings());
    expect(again.result.current.toggles.toggles.unitTags).toBe(true);
    expect(again.result.current.iconStyle).toBe(0);
    expect(again.result.current.mapType).toBe('hybrid');
    expect(again.result.current.showDisabled).toBe(false);
    expect(again.result.current.ghostUnits).toBe(false);
    expect(again.result.current.realtimeMenu).toBe(false);
  });
});
