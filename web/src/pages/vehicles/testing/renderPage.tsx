// One page in a memory router, without the shell: its own route (with the title the route table
// gives it) and a stand-in for every other path. The whole app (test/renderApp.tsx) costs seconds
// per render under jsdom; these tests are about the page itself. Each page's route wiring is
// still covered by one renderApp test.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserInfo } from '@fleet/common';
import { useSession } from '../../../auth/session';
import { createQueryClient } from '../../../queryClient';

export function renderPage(
  page: ReactElement,
  { path, route, title, user }: { path: string; route: string; title: string; user: UserInfo },
) {
  document.cookie = 'token=test-token; Path=/';
  useSession.setState({ token: 'test-token', user });
  const router = createMemoryRouter(
    [
      { path: route, element: page, handle: { meta: { title } } },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { ...view, router, location: () => router.state.location.pathname };
}
