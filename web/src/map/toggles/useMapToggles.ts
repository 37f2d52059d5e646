import { useCallback, useRef, useState } from 'react';
import {
  DEFAULT_MAP_TOGGLES,
  togglePatch,
  togglesFromSettings,
  type MapToggleKey,
  type MapToggleState,
} from './mapToggles';

export interface UseMapTogglesOptions {
  /** The user's ui_settings at mount (who_am_i or get_user_ui_settings). */
  initial?: Record<string, unknown> | null;
  /**
   * Called after each user change with the ui_settings patch to persist (set_user_ui_settings)
   * and the new state. Not called by load().
   */
  onChange?: (patch: Record<string, unknown>, next: MapToggleState, key: MapToggleKey) => void;
}

export interface MapTogglesApi {
  toggles: MapToggleState;
  /** Sets one toggle; turning unit tags on is the cue for pages to clear their click tooltip. */
  set: (key: MapToggleKey, value: boolean) => void;
  /** Replaces the state from ui_settings (after they load or re-sync) without calling onChange. */
  load: (settings: Record<string, unknown> | null | undefined) => void;
}

export function useMapToggles({ initial, onChange }: UseMapTogglesOptions = {}): MapTogglesApi {
  const [toggles, setToggles] = useState<MapToggleState>(() =>
    initial ? togglesFromSettings(initial) : { ...DEFAULT_MAP_TOGGLES },
  );
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const stateRef = useRef(toggles);
  stateRef.current = toggles;

  const set = useCallback((key: MapToggleKey, value: boolean) => {
    if (stateRef.current[key] === value) return;
    const next = { ...stateRef.current, [key]: value };
    stateRef.current = next;
    setToggles(next);
    onChangeRef.current?.(togglePatch(key, value), next, key);
  }, []);

  const load = useCallback((settings: Record<string, unknown> | null | undefined) => {
    const next = togglesFromSettings(settings);
    stateRef.current = next;
    setToggles(next);
  }, []);

  return { toggles, set, load };
}
