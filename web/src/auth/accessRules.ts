// The access rules of SPEC §2, as a pure decision the router guard acts on.
import type { UserInfo } from '@fleet/common';
import type { RouteMeta } from '../routing/types';
import { metaAllowed } from '../routing/access';

/** First path segments open without a session. */
export const OPEN_FIRST_SEGMENTS = [
  'known_login',
  'forgot_reset',
  'new_account',
  'sign_up',
  'track',
  'track_all',
  'iframe_error',
];
/** Whole paths open without a session. */
export const OPEN_PATHS = ['/login', '/forgot_password', '/forgot_reset'];

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';

export function isOpenPath(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return OPEN_PATHS.includes(pathname.replace(/\/+$/, '')) || OPEN_FIRST_SEGMENTS.includes(first);
}

/** /login?redirect=<wanted path>, keeping the wanted path's own query beside it. */
export function loginPathFor(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('redirect');
  const params = new URLSearchParams({ redirect: pathname });
  query.forEach((value, key) => params.append(key, value));
  return `${LOGIN_PATH}?${params.toString()}`;
}

/** Paths that make no sense to return to after logging in. */
const NO_RETURN = ['/login', '/logout'];

/** Where the login page goes: `redirect` (or /) with the rest of its query (vue-element-admin). */
export function afterLoginPath(search: string): string {
  const query = new URLSearchParams(search);
  const wanted = query.get('redirect');
  query.delete('redirect');
  const path =
    wanted && wanted.startsWith('/') && !wanted.startsWith('//') && !NO_RETURN.includes(wanted)
      ? wanted
      : '/';
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A token but no user yet: fetch who_am_i, then decide again (SPEC §4). */
  | { kind: 'load-user' };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  user: UserInfo | null;
  /** The user has just logged out: plain /login, no redirect back. */
  loggedOut?: boolean;
  /** Metas of every matched route, outermost first. */
  metas: (RouteMeta | undefined)[];
}

export function decideAccess({
  pathname,
  search,
  hasToken,
  loggedOut,
  user,
  metas,
}: GuardInput): GuardDecision {
  // With a session, /login goes to the root path, or to where a just-finished login was headed.
  if (hasToken && pathname.replace(/\/+$/, '') === LOGIN_PATH)
    return { kind: 'redirect', to: afterLoginPath(search) };
  if (isOpenPath(pathname)) return { kind: 'allow' };
  if (!hasToken)
    return { kind: 'redirect', to: loggedOut ? LOGIN_PATH : loginPathFor(pathname, search) };
  if (!user) return { kind: 'load-user' };
  if (!metas.every((meta) => metaAllowed(meta, user)))
    return { kind: 'redirect', to: NOT_FOUND_PATH };
  return { kind: 'allow' };
}
