// alerts/notices (SPEC §2, §3 Notice, §4): the notices the user's provider sent, newest first. An
// unread one is bold with a dot; each can be marked read or back to unread here, and its title
// opens it at /portal/alerts/notice/{tid}. The priority pop-up stays away from this page (SPEC §2).
import { Link } from 'react-router';
import { Alert, Button, Card, Empty, Tag, Typography } from 'antd';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import PageLoading from '../../components/PageLoading';
import { useNotices } from '../../layout/alerts/alertQueries';
import {
  newestFirst,
  noticePath,
  noticeTypeColour,
  noticeTypeName,
  unreadCount,
} from './notices/noticeFormat';
import { useMarkNotice } from './notices/useMarkNotice';
import './notices/notices.css';

export default function NoticesPage() {
  const { data, isPending, isError, refetch, isFetching } = useNotices(true);
  const mark = useMarkNotice();
  const dateTime = useDateTime();
  const notices = newestFirst(data ?? []);
  const unread = unreadCount(notices);

  let body: React.ReactNode;
  if (isPending) body = <PageLoading />;
  else if (isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="The notices could not be read"
        action={
          <Button size="small" onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        }
      />
    );
  else if (notices.length === 0)
    body = <Empty description="No notices. Messages from your provider will appear here." />;
  else
    body = (
      <ul className="notice-list" aria-label="Notices, newest first">
        {notices.map((n) => {
          const busy = mark.isPending && mark.variables?.tid === n.tid;
          return (
            <li key={n.tid} className={`notice-row${n.unread ? ' is-unread' : ''}`}>
              <span className="notice-dot" aria-hidden />
              <Tag className="notice-type" color={noticeTypeColour(n.type)}>
                {noticeTypeName(n.type)}
              </Tag>
              <span className="notice-main">
                <Link className="notice-title" to={noticePath(n.tid)}>
                  {n.unread && <span className="visually-hidden">Unread: </span>}
                  {n.title}
                </Link>
                <Typography.Text type="secondary" className="notice-date">
                  {dateTime(n.created)}
                </Typography.Text>
              </span>
              <Button
                size="small"
                className="notice-mark"
                loading={busy}
                disabled={mark.isPending && !busy}
                aria-label={`${n.unread ? 'Mark as read' : 'Mark as unread'}: ${n.title}`}
                onClick={() => mark.mutate({ tid: n.tid, unread: !n.unread })}
              >
                {n.unread ? 'Mark as read' : 'Mark as unread'}
              </Button>
            </li>
          );
        })}
      </ul>
    );

  return (
    <PageContainer
      subTitle={
        data && notices.length > 0
          ? `${unread === 0 ? 'No' : unread} unread of ${notices.length}`
          : 'Messages from your provider'
      }
    >
      <Card variant="borderless">{body}</Card>
    </PageContainer>
  );
}
