// Live notices (issue 11 item 7, API.md §5): the server pushes {"type":"counts","changed":["notices"]}
// when a support user writes or deletes a notice (and may push {"type":"alert","alert":{"kind":
// "notice"}}); the notices icon, the pop-up and the notice pages then read get_notices again at
// once instead of waiting for the next page load. After the socket was down, they read it anyway.
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@fleet/common';
import { useLiveMessages, useLiveResync } from '../../../api/live';
import { ALERT_KEYS } from '../../../layout/alerts/alertQueries';

/** Whether a pushed message says the user's notices may have changed. */
export function noticesChanged(message: LiveMessage): boolean {
  if (message.type === 'counts') {
    const changed = message.changed;
    return (Array.isArray(changed) && changed.includes('notices')) || 'notices' in message;
  }
  if (message.type === 'alert') {
    const alert = message.alert as Record<string, unknown> | undefined;
    return alert?.kind === 'notice';
  }
  return false;
}

/** Mount once (the shell's notice pop-up does): re-reads get_notices when the server says so. */
export function useNoticePush(enabled: boolean): void {
  const client = useQueryClient();
  const refresh = () => {
    if (enabled) void client.invalidateQueries({ queryKey: ALERT_KEYS.notices });
  };
  useLiveResync(refresh);
  useLiveMessages((message) => {
    if (noticesChanged(message)) refresh();
  });
}
