// The logged-in user (SPEC §4). The token itself lives in its cookie; this store holds who it is.
import { create } from 'zustand';
import type { UserInfo } from '@fleet/common';
import { clearToken, getToken, setToken } from '../api/token';
import { logout as apiLogout } from '../api/session';

interface SessionState {
  /** Mirrors the token cookie so the guard re-runs when it changes. */
  token: string | null;
  user: UserInfo | null;
  /**
   * The user logged out on purpose: the guard then sends them to plain /login, with no way back
   * to the page they left. Being the only navigation, it cannot race another one.
   */
  loggedOut: boolean;
  setUser: (user: UserInfo | null) => void;
}

export const useSession = create<SessionState>((set) => ({
  token: getToken(),
  user: null,
  loggedOut: false,
  setUser: (user) => set({ user }),
}));

const listeners = new Set<() => void>();

/** Lets app-wide caches (TanStack Query) drop another user's data when the session ends. */
export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(token: string, user: UserInfo): void {
  listeners.forEach((l) => l());
  setToken(token);
  useSession.setState({ token: getToken(), user, loggedOut: false });
}

/**
 * Forgets the session locally: token and roles (SPEC §4 "Logout clears the token and roles").
 * The guard then takes the user to the login page; callers do not navigate themselves.
 */
export function resetSession({ loggedOut = false } = {}): void {
  clearToken();
  useSession.setState({ token: null, user: null, loggedOut });
  listeners.forEach((l) => l());
}

/** Log Out: ends the session on the server, then locally, whatever the server answered. */
export async function endSession(): Promise<void> {
  try {
    await apiLogout();
  } catch {
    // Already logged out or unreachable: the local session ends either way.
  }
  resetSession({ loggedOut: true });
}

/** True inside a known_login iframe: the shell shows the page alone. */
export const IFRAME_KEY = 'portal_iframe';
export function inIframeMode(): boolean {
  return sessionStorage.getItem(IFRAME_KEY) === '1';
}
