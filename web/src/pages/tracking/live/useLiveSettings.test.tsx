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
    await waitFor(() => expect(api.requestsOf('set_user_ui_settings')).toHaveLength(3));
    expect(api.requestsOf('set_user_ui_settings').map((r) => r.parameters)).toEqual([
      { name_tags: true },
      { realtime_icon_style: 0 },
      { map_type: 'hybrid' },
    ]);
    expect(useSession.getState().user?.ui_settings).toEqual({
      name_tags: true,
      realtime_icon_style: 0,
      map_type: 'hybrid',
    });
    // The next visit in this session starts from them.
    const again = renderHook(() => useLiveSettings());
    expect(again.result.current.toggles.toggles.unitTags).toBe(true);
    expect(again.result.current.iconStyle).toBe(0);
    expect(again.result.current.mapType).toBe('hybrid');
  });
});
