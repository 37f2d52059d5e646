// Marking a notice read or unread (SPEC §4, §7 set_notice {id, unread}). The list, the notice page,
// the pop-up and the icon's count all read the one get_notices query, so the answer is written
// into it at once and the query is then read again (requestAlertRefresh).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notice } from '@fleet/common';
import { setNotice } from '../../../api/alerts';
import { useNotify } from '../../../components/notify';
import { ALERT_KEYS, requestAlertRefresh } from '../../../layout/alerts/alertQueries';

export function useMarkNotice() {
  const client = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ tid, unread }: { tid: number; unread: boolean }) => setNotice(tid, unread),
    onSuccess: (answer, { tid, unread }) => {
      const saved = answer?.notice;
      client.setQueryData<Notice[]>(ALERT_KEYS.notices, (list) =>
        list?.map((n) => (n.tid === tid ? { ...n, ...(saved ?? {}), unread } : n)),
      );
      notify.success(unread ? 'Marked as unread' : 'Marked as read');
      return requestAlertRefresh(client, ALERT_KEYS.notices);
    },
  });
}
