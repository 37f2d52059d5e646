// alerts/notice/{tid} (SPEC §2 notice links, §4): one notice with its type, date and message. The
// message may hold HTML (SPEC §3): the server cleans it, and it is cleaned again here before it
// reaches the DOM. Opening an unread notice does not mark it read: that is the user's click.
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Result, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { sanitizeHtml } from '../../components/sanitizeHtml';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import PageLoading from '../../components/PageLoading';
import { useNotices } from '../../layout/alerts/alertQueries';
import { NOTICES_PATH, noticeTypeColour, noticeTypeName } from './notices/noticeFormat';
import { useMarkNotice } from './notices/useMarkNotice';
import './notices/notices.css';

function BackToList() {
  return (
    <Link to={NOTICES_PATH} className="notice-back">
      <ArrowLeftOutlined aria-hidden /> All notices
    </Link>
  );
}

export default function NoticePage() {
  const tid = Number(useParams().tid);
  const { data, isPending, isError, refetch, isFetching } = useNotices(true);
  const mark = useMarkNotice();
  const dateTime = useDateTime();
  const notice = data?.find((n) => n.tid === tid);

  if (isPending) return <PageLoading />;
  if (isError)
    return (
      <PageContainer>
        <Alert
          type="error"
          showIcon
          title="The notice could not be read"
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              Try again
            </Button>
          }
        />
        <BackToList />
      </PageContainer>
    );
  if (!notice)
    return (
      <Result
        status="404"
        title={
          <h1 className="result-heading">
            This notice does not exist or is no longer addressed to you
          </h1>
        }
        extra={<BackToList />}
      />
    );

  const html = sanitizeHtml(notice.message);
  return (
    <PageContainer
      title={notice.title}
      subTitle={
        <Space size={8} wrap>
          <Tag color={noticeTypeColour(notice.type)}>{noticeTypeName(notice.type)}</Tag>
          <span>{dateTime(notice.created)}</span>
          {notice.unread && <Tag className="notice-unread-tag">Unread</Tag>}
        </Space>
      }
      extra={
        <Button
          type={notice.unread ? 'primary' : 'default'}
          loading={mark.isPending}
          onClick={() => mark.mutate({ tid: notice.tid, unread: !notice.unread })}
        >
          {notice.unread ? 'Mark as read' : 'Mark as unread'}
        </Button>
      }
    >
      <Card variant="borderless">
        {html.trim() ? (
          <div className="notice-body" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <Typography.Text type="secondary">
            This notice has no message beyond its title.
          </Typography.Text>
        )}
      </Card>
      <BackToList />
    </PageContainer>
  );
}
