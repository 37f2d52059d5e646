import { useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Theme } from '@fleet/common';
import { configureApi } from './api/client';
import { onSessionEnd, resetSession } from './auth/session';
import { createQueryClient } from './queryClient';
import { appRoutes } from './router';
import { antdTheme } from './theme/antdTheme';
import { ThemeContext } from './theme/ThemeContext';
import { isOpenPath, LOGIN_PATH } from './auth/accessRules';

type AppRouter = ReturnType<typeof createHashRouter>;

/** Connects the API client to this app: its toasts, and result 2 → #/login (SPEC §2). */
function ApiBridge({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureApi({
      notify: (text) => void message.error(text),
      onLoggedOut: () => {
        resetSession();
        // The guard sends a protected page to /login?redirect=…; an open page is left to us.
        if (isOpenPath(router.state.location.pathname)) {
          void router.navigate(LOGIN_PATH, { replace: true });
        }
      },
    });
    return onSessionEnd(() => queryClient.clear());
  }, [message, router, queryClient]);
  return null;
}

export default function App({ theme, router: given }: { theme: Theme; router?: AppRouter }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => given ?? createHashRouter(appRoutes()));
  return (
    <ThemeContext.Provider value={theme}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={antdTheme(theme)}>
          <AntApp>
            <ApiBridge router={router} queryClient={queryClient} />
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ThemeContext.Provider>
  );
}
