import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/errors';

/** A refused task (result ≥ 1) is an answer, not a glitch: only lost connections are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
