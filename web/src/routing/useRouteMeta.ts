import { useMatches } from 'react-router';
import type { RouteHandle } from './types';

/** The handles of the matched routes, outermost first (only routes from the table carry one). */
export function useRouteHandles(): RouteHandle[] {
  return useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => !!h?.meta);
}

/** The meta of the innermost matched route. */
export function useCurrentMeta(): RouteHandle | undefined {
  const handles = useRouteHandles();
  return handles[handles.length - 1];
}
