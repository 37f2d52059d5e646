// Renders the whole app (guard, shell, route table) at a path, in a memory router.
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { Theme, UserInfo } from '@fleet/common';
import App from '../App';
import { appRoutes } from '../router';
import { useSession } from '../auth/session';
import { FALLBACK_THEME } from '../theme/fallbackTheme';
import { resetLayout } from '../layout/layoutStore';

export const TEST_TOKEN = 'test-token';

interface Options {
  /** Logged in as this user (token cookie set, user known). */
  user?: UserInfo;
  /** A token cookie but no user yet: the guard must load it with who_am_i. */
  tokenOnly?: boolean;
  theme?: Theme;
}

export function renderApp(path: string, { user, tokenOnly, theme = FALLBACK_THEME }: Options = {}) {
  resetLayout();
  if (user || tokenOnly) {
    document.cookie = `token=${TEST_TOKEN}; Path=/`;
    useSession.setState({ token: TEST_TOKEN, user: user ?? null });
  } else {
    useSession.setState({ token: null, user: null });
  }
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(<App theme={theme} router={router} />);
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, location };
}

/** The breadcrumb's last item: the shell's own sign of which page is open, whoever wrote the page. */
export function currentCrumb(): string | null {
  const items = document.querySelectorAll('.app-breadcrumb li:not(.ant-breadcrumb-separator)');
  return items.length ? (items[items.length - 1].textContent ?? null) : null;
}
