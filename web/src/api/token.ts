// The session token lives in a cookie named `token` (SPEC §4). Its SameSite attribute comes from the
// theme; Secure is required by browsers when SameSite is None.
//
// A separate cookie, `track_token`, keeps the send_token of the last fleet share link opened
// (SPEC §3 "Token state: token, track token"), so a bare /track_all (a wall display, a phone
// bookmark) opens that link again. It is only ever the body of /api/track: never the session token,
// never an Authorization header, and logging out of the portal leaves it alone.
import type { Theme } from '@fleet/common';

const COOKIE = 'token';
const TRACK_COOKIE = 'track_token';
const MAX_AGE_S = 30 * 24 * 3600;

let sameSite: Theme['same_site'] = 'Lax';

export function setCookiePolicy(policy: Theme['same_site']): void {
  sameSite = policy;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(
  name: string,
  value: string,
  maxAge: number,
  policy: Theme['same_site'],
): void {
  const secure = policy === 'None' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=${policy}${secure}`;
}

/** The cookie's value, with an empty one read as none. */
function cookieValue(name: string): string | null {
  const value = readCookie(name);
  return value ? value : null;
}

/**
 * Writes (or, with an empty value and no age, deletes) a cookie with the theme's SameSite. A
 * Secure cookie is refused on plain http (other than localhost); without the Lax fallback a
 * SameSite=None theme served over http could never keep it.
 */
function storeCookie(name: string, value: string, maxAge: number): void {
  writeCookie(name, value, maxAge, sameSite);
  if (cookieValue(name) !== (value || null)) writeCookie(name, value, maxAge, 'Lax');
}

export function getToken(): string | null {
  return cookieValue(COOKIE);
}

export function setToken(token: string): void {
  storeCookie(COOKIE, token, MAX_AGE_S);
}

export function clearToken(): void {
  storeCookie(COOKIE, '', 0);
}

/** The send_token of the fleet link last opened, or null. */
export function getTrackToken(): string | null {
  return cookieValue(TRACK_COOKIE);
}

/**
 * Keeps a fleet link's send_token for a bare /track_all. A value equal to the session token is
 * refused: the session token must never land in the cookie a share page reads and sends.
 */
export function setTrackToken(sendToken: string): void {
  if (!sendToken || sendToken === getToken()) return;
  storeCookie(TRACK_COOKIE, sendToken, MAX_AGE_S);
}

/**
 * Forgets the kept fleet link. Given a send_token, only when the cookie still holds that one: a
 * link found dead in one tab must not clear a newer link another tab has stored since.
 */
export function clearTrackToken(sendToken?: string): void {
  const held = getTrackToken();
  if (held === null || (sendToken !== undefined && held !== sendToken)) return;
  storeCookie(TRACK_COOKIE, '', 0);
}
