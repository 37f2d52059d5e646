import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideAccess, isOpenPath, loginPathFor } from './accessRules';
import { userOf } from '../test/fixtures';

describe('access rules of SPEC §2', () => {
  it('opens the public first segments and the three public paths without a session', () => {
    for (const path of [
      '/login',
      '/forgot_password',
      '/forgot_reset',
      '/forgot_reset/abc',
      '/new_account/abc',
      '/sign_up',
      '/known_login/t/u/1',
      '/track/tok',
      '/track_all/tok/-28,24/5',
      '/iframe_error',
    ]) {
      expect(isOpenPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/dashboard',
      '/logout',
      '/404',
      '/portal/user_settings',
      '/forgot_password/x',
      '/trackers',
    ]) {
      expect(isOpenPath(path), path).toBe(false);
    }
  });

  it('sends a visitor without a session to /login with the wanted path and its query', () => {
    const decision = decideAccess({
      pathname: '/portal/trip/5',
      search: '?from=today',
      hasToken: false,
      user: null,
      metas: [],
    });
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fportal%2Ftrip%2F5&from=today',
    });
    expect(loginPathFor('/dashboard', '')).toBe('/login?redirect=%2Fdashboard');
  });

  it('sends a user who just logged out to plain /login', () => {
    const decision = decideAccess({
      pathname: '/dashboard',
      search: '',
      hasToken: false,
      loggedOut: true,
      user: null,
      metas: [],
    });
    expect(decision).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a logged-in user away from /login to the root path, or to its redirect', () => {
    expect(
      decideAccess({ pathname: '/login', search: '', hasToken: true, user: null, metas: [] }),
    ).toEqual({ kind: 'redirect', to: '/' });
    expect(
      decideAccess({
        pathname: '/login',
        search: '?redirect=%2Fx&y=1',
        hasToken: true,
        user: null,
        metas: [],
      }),
    ).toEqual({ kind: 'redirect', to: '/x?y=1' });
  });

  it('loads the user when a token exists without one', () => {
    expect(
      decideAccess({ pathname: '/dashboard', search: '', hasToken: true, user: null, metas: [] }),
    ).toEqual({ kind: 'load-user' });
  });

  it('refuses a route whose roles (or whose parent’s) the user lacks', () => {
    const lite = userOf('lite');
    const input = { pathname: '/portal/routes/index', search: '', hasToken: true, user: lite };
    expect(
      decideAccess({ ...input, metas: [{ title: 'Routes' }, { roles: ['feature_routes_view'] }] }),
    ).toEqual({ kind: 'redirect', to: '/404' });
    expect(decideAccess({ ...input, metas: [{ roles: ['user_support'] }, {}] })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
    expect(decideAccess({ ...input, metas: [{}, { roles: ['feature_reports'] }] })).toEqual({
      kind: 'allow',
    });
    expect(decideAccess({ ...input, metas: [{ types: ['full'] }] })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });

  it('returns after login to `redirect` keeping the rest of the query, never to login or logout', () => {
    expect(afterLoginPath('?redirect=%2Fportal%2Ftrip%2F5&from=today&x=1')).toBe(
      '/portal/trip/5?from=today&x=1',
    );
    expect(afterLoginPath('')).toBe('/');
    expect(afterLoginPath('?redirect=%2Flogout')).toBe('/');
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(afterLoginPath('?redirect=%2F%2Fevil.example')).toBe('/');
  });
});
