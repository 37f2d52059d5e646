// The clients a support user addresses notices to (get_clients, support only). One page of up to
// 500 names the list's audiences; the form's picker asks the server again as the user types, so a
// provider with more clients still finds every one.
import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ClientRow } from '@fleet/common';
import { taskQuery } from '../../../api/queries';

export const clientsQuery = (search = '') =>
  taskQuery(
    'get_clients',
    { page: 1, page_size: MAX_PAGE_SIZE, ...(search ? { search } : {}) },
    { silent: true },
  );

export function useClients(search = '') {
  const query = useQuery({
    ...clientsQuery(search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const clients: ClientRow[] = useMemo(() => query.data?.clients ?? [], [query.data]);
  return { query, clients };
}

/** "All clients", or up to three names then "... and N more" (the SPEC §9 way of naming many). */
export function audienceText(
  all: boolean,
  ids: readonly number[],
  names: ReadonlyMap<number, string>,
): string {
  if (all) return 'All clients';
  if (ids.length === 0) return 'No clients';
  const shown = ids.slice(0, 3).map((id) => names.get(id) ?? `Client ${id}`);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} ... and ${more} more` : shown.join(', ');
}
