// The router guard (SPEC §2 access rules, §4 session): runs on every navigation, loads the user
// when a token exists without one, and sets the page title.
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { RESULT } from '@fleet/common';
import { whoAmI } from '../api/user';
import { ApiError } from '../api/errors';
import { useNotify } from '../components/notify';
import PageLoading from '../components/PageLoading';
import { useRouteHandles } from '../routing/useRouteMeta';
import { pageTitle } from '../routing/title';
import { useTheme } from '../theme/ThemeContext';
import { decideAccess } from './accessRules';
import { resetSession, useSession } from './session';

export const LOGIN_FAILED = 'An error has occured logging in';
/** SPEC §8: this error text does not send the user to the login page. */
const INVALID_TOKEN = 'INVALID_TOKEN';

function useLoadUser(active: boolean): void {
  const setUser = useSession((s) => s.setUser);
  const notify = useNotify();
  const loading = useRef(false);

  useEffect(() => {
    if (!active || loading.current) return;
    loading.current = true;
    whoAmI()
      .then(setUser)
      .catch((error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : LOGIN_FAILED;
        const loggedOut = error instanceof ApiError && error.result === RESULT.NO_SESSION;
        resetSession();
        // Result 2 has already said 'You have been logged out' and gone to the login page.
        if (!loggedOut && message !== INVALID_TOKEN) notify.error(message);
      })
      .finally(() => {
        loading.current = false;
      });
  }, [active, setUser, notify]);
}

function useDocumentTitle(title: string | undefined): void {
  const theme = useTheme();
  useEffect(() => {
    document.title = pageTitle(title, theme.title);
  }, [title, theme.title]);
}

export default function RootGuard() {
  const { pathname, search } = useLocation();
  const user = useSession((s) => s.user);
  const token = useSession((s) => s.token);
  const loggedOut = useSession((s) => s.loggedOut);
  const handles = useRouteHandles();
  const navigation = useNavigation();
  const decision = decideAccess({
    pathname,
    search,
    hasToken: token !== null,
    user,
    loggedOut,
    metas: handles.map((h) => h.meta),
  });
  useLoadUser(decision.kind === 'load-user');
  // Once on a public page, a later visit to a protected one keeps its way back again.
  useEffect(() => {
    if (loggedOut && decision.kind === 'allow') useSession.setState({ loggedOut: false });
  }, [loggedOut, decision.kind]);
  const current = handles[handles.length - 1];
  useDocumentTitle(decision.kind === 'allow' ? current?.meta.title : undefined);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-user') return <PageLoading />;
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" />}
      <Outlet />
    </>
  );
}
