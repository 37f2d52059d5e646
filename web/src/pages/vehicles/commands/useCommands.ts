// The vehicle's immobiliser and speed buzzer as the server answers them. While a command is open the
// answer is read again every two seconds, so the page sees the device's confirmation arrive.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImmobiliserMode } from '@fleet/common';
import { call } from '../../../api/call';
import { taskQuery } from '../../../api/queries';

export const COMMAND_POLL_MS = 2000;

export function useImmobiliser(uid: number) {
  const client = useQueryClient();
  const query = useQuery({
    ...taskQuery('get_immobiliser', { uid }),
    refetchInterval: (q) => (q.state.data?.pending ? COMMAND_POLL_MS : false),
  });
  const set = useMutation({
    mutationFn: (mode: ImmobiliserMode) => call('set_immobiliser', { uid, mode }),
    onSuccess: (data) => client.setQueryData(taskQuery('get_immobiliser', { uid }).queryKey, data),
  });
  return { query, set };
}

export function useSpeedBuzzer(uid: number) {
  const client = useQueryClient();
  const query = useQuery({
    ...taskQuery('get_speed_buzzer', { uid }),
    refetchInterval: (q) => (q.state.data?.pending ? COMMAND_POLL_MS : false),
  });
  const set = useMutation({
    mutationFn: (limit: number | null) => call('set_speed_buzzer', { uid, limit }),
    onSuccess: (data) => client.setQueryData(taskQuery('get_speed_buzzer', { uid }).queryKey, data),
  });
  return { query, set };
}
