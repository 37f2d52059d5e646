// Side menu state (SPEC §2). Only the user's own toggle on a desktop is remembered, as 1 or 0; the
// automatic close of mobile mode is not (STYLE.md: otherwise desktop would start collapsed).
import { create } from 'zustand';
import { MOBILE_BREAKPOINT } from '@fleet/common';

export const SIDEBAR_STATUS_KEY = 'sidebarStatus';
export type Device = 'desktop' | 'mobile';

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

/** Desktop by default (SPEC §2), unless the window is already narrow: no menu flashing open on a phone. */
function initialDevice(): Device {
  try {
    return window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
  } catch {
    return 'desktop';
  }
}

function rememberedOpen(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STATUS_KEY) !== '0';
  } catch {
    return true;
  }
}

function remember(opened: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_STATUS_KEY, opened ? '1' : '0');
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

interface LayoutState {
  opened: boolean;
  device: Device;
  /** The user's own open/close. */
  toggleSidebar: () => void;
  /** Automatic close (mobile mode, navigation, tapping outside); never remembered. */
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
}

export const useLayout = create<LayoutState>((set, get) => ({
  opened: initialDevice() === 'desktop' && rememberedOpen(),
  device: initialDevice(),
  toggleSidebar: () => {
    const opened = !get().opened;
    if (get().device === 'desktop') remember(opened);
    set({ opened });
  },
  closeSidebar: () => set({ opened: false }),
  setDevice: (device) => {
    if (device === get().device) return;
    set({ device, opened: device === 'mobile' ? false : rememberedOpen() });
  },
}));

/** Test hook: back to a first visit. */
export function resetLayout(): void {
  const device = initialDevice();
  useLayout.setState({ opened: device === 'desktop' && rememberedOpen(), device });
}
