// Display settings of the live map, restored from the user's ui_settings (who_am_i) and saved with
// set_user_ui_settings on every change; the session's copy is updated too, so coming back to the
// page in the same visit shows the same map.
import { useCallback, useState } from 'react';
import type { MapType } from '@fleet/common';
import { useMapToggles, type MapTogglesApi, type RealtimeIconStyle } from '../../../map';
import { setUiSettings } from '../../../api/user';
import { useSession } from '../../../auth/session';
import {
  GHOST_UNITS_KEY,
  ICON_STYLE_KEY,
  MAP_TYPE_KEY,
  REALTIME_MENU_KEY,
  SHOW_DISABLED_KEY,
  readGhostUnits,
  readIconStyle,
  readMapType,
  readRealtimeMenu,
  readShowDisabled,
} from './liveSettings';
import {
  LOCATION_DISPLAY_TYPE_KEY,
  LOCATION_OPACITY_CUSTOM_KEY,
  LOCATION_OPACITY_KEY,
  ROUTE_DISPLAY_KEY,
  readCustomOpacity,
  readLocationDisplayType,
  readLocationOpacity,
  readRouteDisplay,
  type LocationDisplayType,
  type LocationOpacity,
} from './placeSettings';

/** How locations and routes are drawn (placeSettings.ts). */
export interface PlaceSettings {
  displayType: LocationDisplayType;
  setDisplayType: (type: LocationDisplayType) => void;
  opacity: LocationOpacity;
  setOpacity: (opacity: LocationOpacity) => void;
  customOpacity: number;
  setCustomOpacity: (value: number) => void;
  /** The user's per-route choices, by roid. */
  routeDisplay: Record<number, boolean>;
  setRouteDisplay: (value: Record<number, boolean>) => void;
}

export interface LiveSettings {
  toggles: MapTogglesApi;
  mapType: MapType;
  setMapType: (type: MapType) => void;
  iconStyle: RealtimeIconStyle;
  setIconStyle: (style: RealtimeIconStyle) => void;
  /** Disabled units (active not 1) on the map and in the list. */
  showDisabled: boolean;
  setShowDisabled: (on: boolean) => void;
  /** Disconnected units drawn grey and hollow on the map. */
  ghostUnits: boolean;
  setGhostUnits: (on: boolean) => void;
  /** The unit list panel beside the map (desktop only). */
  realtimeMenu: boolean;
  setRealtimeMenu: (on: boolean) => void;
  places: PlaceSettings;
}

/** A setting kept in state and saved under `key` on every change. */
function useSavedSetting<T>(key: string, initial: () => T): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const set = useCallback(
    (next: T) => {
      setValue(() => next);
      saveUiSettings({ [key]: next });
    },
    [key],
  );
  return [value, set];
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
  const [displayType, setDisplayType] = useSavedSetting(LOCATION_DISPLAY_TYPE_KEY, () =>
    readLocationDisplayType(first?.[LOCATION_DISPLAY_TYPE_KEY]),
  );
  const toggles = useMapToggles({
    initial: first,
    onChange: (patch) => {
      // Showing locations resets the display type (SPEC §4): the patch carries it.
      const { [LOCATION_DISPLAY_TYPE_KEY]: reset, ...rest } = patch;
      if (Object.keys(rest).length) saveUiSettings(rest);
      if (reset !== undefined) setDisplayType(readLocationDisplayType(reset));
    },
  });
  // Each is read as liveSettings.ts describes: missing or junk values give the defaults.
  const [mapType, setMapType] = useSavedSetting(MAP_TYPE_KEY, () =>
    readMapType(first?.[MAP_TYPE_KEY]),
  );
  const [iconStyle, setIconStyle] = useSavedSetting(ICON_STYLE_KEY, () =>
    readIconStyle(first?.[ICON_STYLE_KEY]),
  );
  const [showDisabled, setShowDisabled] = useSavedSetting(SHOW_DISABLED_KEY, () =>
    readShowDisabled(first?.[SHOW_DISABLED_KEY]),
  );
  const [ghostUnits, setGhostUnits] = useSavedSetting(GHOST_UNITS_KEY, () =>
    readGhostUnits(first?.[GHOST_UNITS_KEY]),
  );
  const [realtimeMenu, setRealtimeMenu] = useSavedSetting(REALTIME_MENU_KEY, () =>
    readRealtimeMenu(first?.[REALTIME_MENU_KEY]),
  );
  const [opacity, setOpacity] = useSavedSetting(LOCATION_OPACITY_KEY, () =>
    readLocationOpacity(first?.[LOCATION_OPACITY_KEY]),
  );
  const [customOpacity, setCustomOpacity] = useSavedSetting(LOCATION_OPACITY_CUSTOM_KEY, () =>
    readCustomOpacity(first?.[LOCATION_OPACITY_CUSTOM_KEY]),
  );
  const [routeDisplay, setRouteDisplay] = useSavedSetting(ROUTE_DISPLAY_KEY, () =>
    readRouteDisplay(first?.[ROUTE_DISPLAY_KEY]),
  );
  // A plain object: readers take the fields they need, none depends on the object itself.
  return {
    toggles,
    mapType,
    setMapType,
    iconStyle,
    setIconStyle,
    showDisabled,
    setShowDisabled,
    ghostUnits,
    setGhostUnits,
    realtimeMenu,
    setRealtimeMenu,
    places: {
      displayType,
      setDisplayType,
      opacity,
      setOpacity,
      customOpacity,
      setCustomOpacity,
      routeDisplay,
      setRouteDisplay,
    },
  };
}
