// One chase-up (/recovery/chase_up_detail/{id}; issue 16 items 3 and 8): what it is and how long it
// waited, the agent's actions, the vehicle live on the map with its trail since the event, the
// evidence, the client's contacts to call (by rank, those not to be called now greyed), call logs,
// comments, the case timeline, the recovery log and the immobiliser. A push on the live socket
// re-reads it at once; it is re-read every 15 s as well.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { COMMAND_ROLES, type EmergencyContact } from '@fleet/common';
import {
  CHASEUP_REFRESH_MS,
  addRecoveryLogPath,
  callLogListQuery,
  chaseupEventQuery,
  commentsQuery,
  editRecoveryLogPath,
  invalidateCaseNotes,
  recoveryClientPath,
  recoveryUnitPath,
} from '../../api/recovery';
import { useSession } from '../../auth/session';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { useNow } from '../../components/useNow';
import { parseId } from '../tracking/common/routeParams';
import ImmobiliserPanel from '../vehicles/commands/ImmobiliserPanel';
import CallLogForm, { type CallPrefill } from './desk/CallLogForm';
import ChaseupActions from './desk/ChaseupActions';
import ChaseupAge from './desk/ChaseupAge';
import ChaseupMap from './desk/ChaseupMap';
import { ChaseupStateTag, ChaseupWhere } from './desk/ChaseupTable';
import CommentForm from './desk/CommentForm';
import ContactList, { contactName } from './desk/ContactList';
import Evidence from './desk/Evidence';
import { useChaseupPush } from './desk/pushedChaseups';
import Timeline, { callText, mergeTimeline } from './desk/Timeline';
import './desk/desk.css';

const cardTitle = (text: string) => (
  <Typography.Title level={2} className="chaseup-card-title">
    {text}
  </Typography.Title>
);

export default function ChaseUpDetailPage() {
  const { id: param } = useParams();
  const id = parseId(param);
  const client = useQueryClient();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const now = useNow(5_000);
  const username = useSession((s) => s.user?.username);
  const canCommand = usePermission(COMMAND_ROLES);
  const [prefill, setPrefill] = useState<CallPrefill | null>(null);

  const query = useQuery({
    ...chaseupEventQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: CHASEUP_REFRESH_MS,
  });
  const comments = useQuery({
    ...commentsQuery({ chaseup_id: id ?? 0, page: 1, page_size: 100 }),
    enabled: id !== null,
  });
  const calls = useQuery({
    ...callLogListQuery({ chaseup_id: id ?? 0, page: 1, page_size: 100 }),
    enabled: id !== null,
  });
  useChaseupPush(() => {
    void query.refetch();
    void invalidateCaseNotes(client);
  });

  const detail = query.data;
  const commentRows = useMemo(
    () => [...(comments.data?.comments ?? [])].sort((a, b) => b.id - a.id),
    [comments.data],
  );
  const callRows = useMemo(
    () => [...(calls.data?.call_log_list ?? [])].sort((a, b) => b.id - a.id),
    [calls.data],
  );
  const timeline = useMemo(
    () => mergeTimeline(detail?.timeline ?? [], commentRows, callRows),
    [detail, commentRows, callRows],
  );

  if (id === null)
    return (
      <PageContainer title="Chase-up">
        <Alert type="error" showIcon title="This address names no chase-up." />
      </PageContainer>
    );
  if (!detail)
    return (
      <PageContainer title={`Chase-up ${id}`}>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={`Chase-up ${id} could not be read: ${query.error.message}`}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </PageContainer>
    );

  const e = detail.chaseup_event;
  const unit = detail.unit;
  const spot = e.lat !== null && e.lon !== null ? { lat: e.lat, lon: e.lon } : null;
  const logCall = (c: EmergencyContact) =>
    setPrefill({ pid: c.pid, name: contactName(c), number: c.cellphone ?? '' });

  return (
    <PageContainer
      title={`Chase-up ${e.id}: ${e.type_name}`}
      subTitle={`${e.client_name} — ${e.unit_name}${e.reg && e.reg !== e.unit_name ? ` (${e.reg})` : ''}`}
      extra={
        <Button
          icon={<FileTextOutlined aria-hidden />}
          onClick={() =>
            navigate(
              detail.recovery_log_id
                ? editRecoveryLogPath(detail.recovery_log_id)
                : addRecoveryLogPath(e.uid, e.id),
            )
          }
        >
          Open recovery log
        </Button>
      }
    >
      <div className="chaseup-detail">
        <Card className="chaseup-card chaseup-head" title={cardTitle('The chase-up')}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
            items={[
              { key: 'type', label: 'Type', children: e.type_name },
              { key: 'state', label: 'State', children: <ChaseupStateTag event={e} /> },
              {
                key: 'client',
                label: 'Client',
                children: (
                  <Link to={recoveryClientPath(e.cid)} className="chaseup-link">
                    {e.client_name}
                  </Link>
                ),
              },
              {
                key: 'unit',
                label: 'Unit',
                children: (
                  <Link to={recoveryUnitPath(e.uid)} className="chaseup-link">
                    {e.unit_name}
                    {e.reg && e.reg !== e.unit_name ? ` (${e.reg})` : ''}
                  </Link>
                ),
              },
              { key: 'time', label: 'Happened', children: dateTime(e.time) },
              { key: 'waiting', label: 'Waiting', children: <ChaseupAge event={e} now={now} /> },
              {
                key: 'taken',
                label: 'Taken',
                children: e.taken_at
                  ? `${dateTime(e.taken_at)}${e.assigned_to_username ? ` by ${e.assigned_to_username}` : ''}`
                  : 'Not yet',
              },
              {
                key: 'assigned',
                label: 'Assigned to',
                children: e.assigned_to_username ?? 'Nobody yet',
              },
              {
                key: 'closed',
                label: 'Closed',
                children: e.closed_at ? dateTime(e.closed_at) : '—',
              },
              { key: 'where', label: 'Where', children: <ChaseupWhere event={e} /> },
              ...(e.description
                ? [{ key: 'description', label: 'Details', children: e.description }]
                : []),
              ...(e.duplicate_of
                ? [
                    {
                      key: 'duplicate',
                      label: 'Duplicate of',
                      children: (
                        <Link to={`/recovery/chase_up_detail/${e.duplicate_of}`}>
                          Chase-up {e.duplicate_of}
                        </Link>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {!detail.client.chase_up && (
            <Alert
              type="warning"
              showIcon
              className="chaseup-refusal"
              title="This client opted out of chase-ups."
            />
          )}
          <ChaseupActions event={e} username={username} />
        </Card>

        <div className="chaseup-columns">
          <Card className="chaseup-card chaseup-map-card" title={cardTitle('The vehicle now')}>
            <ChaseupMap
              chaseupId={e.id}
              unit={unit}
              since={e.time}
              spot={spot}
              label={e.type_name}
            />
          </Card>
          <Card className="chaseup-card" title={cardTitle('Evidence')}>
            <Evidence evidence={detail.evidence} phones={e.phones} />
          </Card>
        </div>

        <div className="chaseup-columns">
          <Card className="chaseup-card" title={cardTitle('Who to call')}>
            <ContactList
              contacts={detail.contacts}
              afterHours={detail.after_hours}
              onLogCall={logCall}
              emptyText="This client has no contacts to call."
            />
          </Card>
          <Card className="chaseup-card" title={cardTitle('Call logs')}>
            <CallLogForm chaseupId={e.id} uid={e.uid} prefill={prefill} />
            {callRows.length ? (
              <ol className="case-notes" aria-label="Calls made, newest first">
                {callRows.map((c) => (
                  <li key={c.id}>
                    <div>{callText(c)}</div>
                    <div className="chaseup-sub">
                      {dateTime(c.created)} · {c.username}
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="chaseup-sub">No calls logged yet.</p>
            )}
          </Card>
        </div>

        <div className="chaseup-columns">
          <Card className="chaseup-card" title={cardTitle('Comments')}>
            <CommentForm chaseupId={e.id} uid={e.uid} />
            {commentRows.length ? (
              <ol className="case-notes" aria-label="Comments, newest first">
                {commentRows.map((c) => (
                  <li key={c.id}>
                    <div className="case-comment">{c.text}</div>
                    <div className="chaseup-sub">
                      {dateTime(c.created)} · {c.username}
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="chaseup-sub">No comments yet.</p>
            )}
          </Card>
          <Card className="chaseup-card" title={cardTitle('Timeline')}>
            <Timeline items={timeline} />
          </Card>
        </div>

        <div className="chaseup-columns">
          <Card className="chaseup-card" title={cardTitle('Recovery log')}>
            {detail.recovery_log_id ? (
              <p>
                A recovery log was opened from this chase-up.{' '}
                <Link to={editRecoveryLogPath(detail.recovery_log_id)}>
                  Recovery log {detail.recovery_log_id}
                </Link>
              </p>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="No recovery log yet. Open one when a team goes after the vehicle."
              />
            )}
          </Card>
          <Card className="chaseup-card">
            <ImmobiliserPanel uid={e.uid} canCommand={canCommand} />
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}
