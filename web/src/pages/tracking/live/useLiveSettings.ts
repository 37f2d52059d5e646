// Display settings of the live map, restored from the user's ui_settings (who_am_i) and saved with
// set_user_ui_settings on every change; the session's copy is updated too, so coming back to the
// page in the same visit shows the same map.
import { useCallback, useMemo, useState } from 'react';
import type { MapType } from '@fleet/common';
import { useMapToggles, type MapTogglesApi, type RealtimeIconStyle } from '../../../map';
import { setUiSettings } from '../../../api/user';
import { useSession } from '../../../auth/session';
import { ICON_STYLE_KEY, MAP_TYPE_KEY, readIconStyle, readMapType } from './liveSettings';

export interface LiveSettings {
  toggles: MapTogglesApi;
  mapType: MapType;
  setMapType: (type: MapType) => void;
  iconStyle: RealtimeIconStyle;
  setIconStyle: (style: RealtimeIconStyle) => void;
}

function saveUiSettings(patch: Record<string, unknown>): void {
  useSession.setState((state) =>
    state.user
      ? { user: { ...state.user, ui_settings: { ...state.user.ui_settings, ...patch } } }
      : {},
  );
  // A failure is toasted by the client; the map keeps what the user chose for this visit.
  setUiSettings(patch).catch(() => undefined);
}

export function useLiveSettings(): LiveSettings {
  const initial = useSession((s) => s.user?.ui_settings) ?? null;
  const [first] = useState(initial);
  const toggles = useMapToggles({ initial: first, onChange: (patch) => saveUiSettings(patch) });
  const [mapType, setMapTypeState] = useState(() => readMapType(first?.[MAP_TYPE_KEY]));
  const [iconStyle, setIconStyleState] = useState(() => readIconStyle(first?.[ICON_STYLE_KEY]));

  const setMapType = useCallback((type: MapType) => {
    setMapTypeState(type);
    saveUiSettings({ [MAP_TYPE_KEY]: type });
  }, []);
  const setIconStyle = useCallback((style: RealtimeIconStyle) => {
    setIconStyleState(style);
    saveUiSettings({ [ICON_STYLE_KEY]: style });
  }, []);

  return useMemo(
    () => ({ toggles, mapType, setMapType, iconStyle, setIconStyle }),
    [toggles, mapType, setMapType, iconStyle, setIconStyle],
  );
}
