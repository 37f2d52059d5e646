// Polls /api/track for a share link every 10 s. The request carries no session token (getTrack),
// so an expired link is a message on this page and never logs a logged-in user out.
import { useQuery } from '@tanstack/react-query';
import { RESULT, type TrackAnswer } from '@fleet/common';
import { getTrack } from '../../../api/tracking';
import { isApiError } from '../../../api/errors';

export const TRACK_POLL_MS = 10_000;

export function isExpiredLink(error: unknown): boolean {
  return isApiError(error) && error.result === RESULT.NO_SESSION;
}

export interface TrackLink {
  data: TrackAnswer | undefined;
  /** The link has expired or was revoked (result 2): polling stops. */
  expired: boolean;
  /** The last poll failed for another reason (network, server); shown data may be old. */
  failing: boolean;
  error: Error | null;
  loading: boolean;
  updatedAt: number;
  retry: () => void;
}

export function useTrackLink(sendToken: string | undefined): TrackLink {
  const query = useQuery({
    queryKey: ['track_link', sendToken],
    queryFn: () => getTrack(sendToken!),
    enabled: Boolean(sendToken),
    refetchInterval: (q) => (isExpiredLink(q.state.error) ? false : TRACK_POLL_MS),
    refetchIntervalInBackground: false,
    retry: (count, error) => !isExpiredLink(error) && count < 2,
    staleTime: 0,
    gcTime: 0,
  });
  const expired = isExpiredLink(query.error);
  return {
    data: expired ? undefined : query.data,
    expired,
    failing: query.isError && !expired,
    error: query.error,
    loading: query.isPending && Boolean(sendToken),
    updatedAt: query.dataUpdatedAt,
    retry: () => void query.refetch(),
  };
}
