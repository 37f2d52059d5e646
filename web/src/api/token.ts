// The session token lives in a cookie named `token` (SPEC §4). Its SameSite attribute comes from the
// theme; Secure is required by browsers when SameSite is None.
import type { Theme } from '@fleet/common';

const COOKIE = 'token';
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

function writeCookie(value: string, maxAge: number, policy: Theme['same_site']): void {
  const secure = policy === 'None' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=${policy}${secure}`;
}

export function getToken(): string | null {
  const value = readCookie(COOKIE);
  return value ? value : null;
}

export function setToken(token: string): void {
  writeCookie(token, MAX_AGE_S, sameSite);
  // A Secure cookie is refused on plain http (other than localhost); without this fallback a
  // SameSite=None theme served over http could never log in.
  if (getToken() !== token) writeCookie(token, MAX_AGE_S, 'Lax');
}

export function clearToken(): void {
  writeCookie('', 0, sameSite);
  if (getToken() !== null) writeCookie('', 0, 'Lax');
}
