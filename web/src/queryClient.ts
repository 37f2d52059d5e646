import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from './api/errors';

/** Some page polls this query (refetchInterval): its failures are only logged (SPEC §8). */
function isPolled(query: Query<unknown, unknown>): boolean {
  return query.observers.some((observer) => Boolean(observer.options.refetchInterval));
}

/**
 * SPEC §7: when a call for a page's data fails, that data is reset to nothing and the call is then
 * rejected, so a page shows its error beside an empty table, never rows that look current but are
 * not. Polled data (the live map, the unit panel, share links) keeps what it last had: a failed
 * poll is only logged and the next one catches up.
 */
function resetOnFailure(_error: unknown, query: Query<unknown, unknown>): void {
  if (query.state.data === undefined || isPolled(query)) return;
  query.setState({ data: undefined, dataUpdatedAt: 0 });
}

/** A refused task (result ≥ 1) is an answer, not a glitch: only lost connections are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: resetOnFailure }),
    defaultOptions: {
      queries: {
        retry: (count, error) => error instanceof ApiError && error.result < 0 && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
