// The chase-up queue (/recovery/chase_up; issue 16 items 2 and 8; SPEC §4 newest first): the
// chase-ups to work, with how long each has waited (amber at 2 minutes, red at 5 while nobody took
// it). An agent takes one and goes to its detail page; when another agent was first the server's
// answer is shown and the queue read again. A push on the live socket re-reads the queue at once;
// it is also re-read every 15 s in case the socket is down.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Tabs } from 'antd';
import { PAGE_SIZE, type ChaseupEvent } from '@fleet/common';
import {
  CHASEUP_REFRESH_MS,
  chaseupDetailPath,
  chaseupEventsQuery,
  invalidateChaseups,
  takeChaseup,
  type ChaseupFilter,
} from '../../api/recovery';
import PageContainer from '../../components/PageContainer';
import { useSession } from '../../auth/session';
import ChaseupTable from './desk/ChaseupTable';
import { useChaseupPush } from './desk/pushedChaseups';
import './desk/desk.css';

export const QUEUE_TABS: { key: ChaseupFilter; label: string; empty: string }[] = [
  { key: 'open', label: 'Open', empty: 'Nothing to chase up: no new or open chase-ups.' },
  { key: 'new', label: 'New', empty: 'No new chase-ups waiting to be taken.' },
  { key: 'closed', label: 'Closed', empty: 'No resolved or cancelled chase-ups.' },
  {
    key: 'internal',
    label: 'Filtered',
    empty: 'No filtered chase-ups (duplicates, too late, opted out and the like).',
  },
  { key: 'all', label: 'All', empty: 'No chase-ups yet.' },
];

/** Newest first (SPEC §4: id descending), whatever order the page arrived in. */
export const byIdDescending = (rows: readonly ChaseupEvent[]) =>
  [...rows].sort((a, b) => b.id - a.id);

/** A row anyone may take: still open and nobody has it. */
export const canTake = (e: ChaseupEvent) => !e.locked && e.state <= 2 && !e.assigned_to_username;

export default function ChaseUpPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const username = useSession((s) => s.user?.username);
  const [filter, setFilter] = useState<ChaseupFilter>('open');
  const [page, setPage] = useState(1);
  const [refusal, setRefusal] = useState<string | null>(null);

  const query = useQuery({
    ...chaseupEventsQuery({ filter, page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: CHASEUP_REFRESH_MS,
  });
  const rows = useMemo(() => byIdDescending(query.data?.chaseup_events ?? []), [query.data]);

  useChaseupPush(() => void invalidateChaseups(client));

  const take = useMutation({
    mutationFn: (id: number) => takeChaseup(id),
    onMutate: () => setRefusal(null),
    onSuccess: (event) => {
      void invalidateChaseups(client);
      navigate(chaseupDetailPath(event.id));
    },
    onError: (error, id) => {
      setRefusal(`Chase-up ${id} was not taken: ${error.message}`);
      void invalidateChaseups(client);
    },
  });

  const tab = QUEUE_TABS.find((t) => t.key === filter)!;
  const takeable = filter === 'open' || filter === 'new' || filter === 'all';

  return (
    <PageContainer subTitle="Vehicles in trouble, newest first. Take one to work it.">
      <Card variant="borderless" className="chaseup-queue">
        <Tabs
          className="chaseup-tabs"
          activeKey={filter}
          onChange={(key) => {
            setFilter(key as ChaseupFilter);
            setPage(1);
          }}
          items={QUEUE_TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        {refusal && (
          <Alert
            type="warning"
            showIcon
            closable
            className="chaseup-refusal"
            title={refusal}
            onClose={() => setRefusal(null)}
          />
        )}
        {query.isError && <Alert type="error" showIcon title="The chase-ups could not be read." />}
        <ChaseupTable
          rows={rows}
          label={`${tab.label} chase-ups`}
          loading={query.isFetching && !query.data}
          emptyText={tab.empty}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => `${total} in all`,
            onChange: setPage,
          }}
          actions={
            takeable
              ? (e) =>
                  canTake(e) ? (
                    <Button
                      type={e.state === 0 ? 'primary' : 'default'}
                      size="small"
                      aria-label={`Take chase-up ${e.id}`}
                      loading={take.isPending && take.variables === e.id}
                      disabled={take.isPending && take.variables !== e.id}
                      onClick={() => take.mutate(e.id)}
                    >
                      Take
                    </Button>
                  ) : e.assigned_to_username === username && !e.locked ? (
                    <Button size="small" onClick={() => navigate(chaseupDetailPath(e.id))}>
                      Open<span className="visually-hidden"> chase-up {e.id}</span>
                    </Button>
                  ) : null
              : undefined
          }
        />
      </Card>
    </PageContainer>
  );
}
