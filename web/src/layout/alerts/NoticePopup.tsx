// The priority notice pop-up (SPEC §2, §4): the last unread notice with priority above 0 opens by
// itself unless the URL ends in "notices". Mark as read sets it read; Close leaves it unread. The
// shell mounts it once, so it also listens for the server's word that notices changed (API.md §5).
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Tag } from 'antd';
import type { Notice } from '@fleet/common';
import { setNotice } from '../../api/alerts';
import { sanitizeHtml } from '../../components/sanitizeHtml';
import { noticeTypeColour, noticeTypeName } from '../../pages/alerts/notices/noticeFormat';
import { useNoticePush } from '../../pages/alerts/notices/noticePush';
import { ALERT_KEYS, requestAlertRefresh, useNotices } from './alertQueries';

/** The notice to pop up, if any: the newest unread one with priority above 0. */
export function priorityNotice(
  notices: Notice[],
  pathname: string,
  closed: readonly number[],
): Notice | null {
  if (/notices\/?$/.test(pathname)) return null;
  const candidates = notices
    .filter((n) => n.unread && Number(n.priority) > 0 && !closed.includes(n.tid))
    .sort((a, b) => String(a.created).localeCompare(String(b.created)));
  return candidates[candidates.length - 1] ?? null;
}

export default function NoticePopup({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const { data } = useNotices(enabled);
  useNoticePush(enabled);
  // Closed this visit: Close leaves the notice unread but must not reopen it at once.
  const [closed, setClosed] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const notice = enabled && data ? priorityNotice(data, pathname, closed) : null;
  if (!notice) return null;

  const markRead = async () => {
    setSaving(true);
    try {
      await setNotice(notice.tid, false);
      setClosed((c) => [...c, notice.tid]);
      await requestAlertRefresh(client, ALERT_KEYS.notices);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={
        <span>
          <Tag color={noticeTypeColour(notice.type)}>{noticeTypeName(notice.type)}</Tag>
          {notice.title}
        </span>
      }
      okText="Mark as read"
      cancelText="Close"
      confirmLoading={saving}
      onOk={markRead}
      onCancel={() => setClosed((c) => [...c, notice.tid])}
      mask={{ closable: false }}
    >
      <div
        className="notice-body"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.message) }}
      />
    </Modal>
  );
}
