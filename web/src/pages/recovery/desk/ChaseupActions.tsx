// What an agent does with a chase-up (issue 16 item 2; SPEC §4): take it, hand it to another
// support user, mark the customer contacted, resolve or cancel it (cancel asks first). Resolved and
// Cancelled are locked: the actions give way to a sentence saying so.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Select, Space } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import {
  CHASEUP_STATE_CANCELLED,
  CHASEUP_STATE_CONTACTED,
  CHASEUP_STATE_RESOLVED,
  MAX_PAGE_SIZE,
  type ChaseupEvent,
} from '@fleet/common';
import { invalidateChaseups, setChaseupEvent, type SetChaseupInput } from '../../../api/recovery';
import { taskQuery } from '../../../api/queries';
import './desk.css';

/**
 * Which actions a chase-up offers in its state, and why they are unavailable. Only the agent who
 * has it (or anyone, while nobody has it: changing its state takes it first) works it.
 */
export function actionsFor(
  e: ChaseupEvent,
  username: string | undefined,
): {
  /** why nothing can be done, in words; null when it can be worked */
  blocked: string | null;
  /** locked for good (Resolved, Cancelled) or never on the queue (internal states) */
  final: boolean;
  take: boolean;
  contacted: boolean;
  close: boolean;
  handOver: boolean;
} {
  const none = { take: false, contacted: false, close: false, handOver: false };
  if (e.locked || e.state === CHASEUP_STATE_RESOLVED || e.state === CHASEUP_STATE_CANCELLED)
    return {
      blocked: `${e.state_name} — locked: no further changes can be made.`,
      final: true,
      ...none,
    };
  if (e.state > CHASEUP_STATE_CANCELLED)
    return {
      blocked: `${e.state_name} — filtered out by the desk's rules: not worked from the queue.`,
      final: true,
      ...none,
    };
  const who = e.assigned_to_username;
  if (who && who !== username)
    return {
      blocked: `Taken by ${who}: only ${who} can change it or hand it over.`,
      final: false,
      ...none,
    };
  return {
    blocked: null,
    final: false,
    take: !who,
    contacted: e.state !== CHASEUP_STATE_CONTACTED,
    close: true,
    handOver: true,
  };
}

/** The support users a chase-up can be handed to (get_users lists every client's users to support). */
function useSupportUsers() {
  return useQuery({
    ...taskQuery('get_users', { page: 1, page_size: MAX_PAGE_SIZE }, { silent: true }),
    select: (d) =>
      d.users
        .filter((u) => u.user_type === 'support' || u.roles.includes('user_support'))
        .map((u) => ({
          value: u.username,
          label: `${u.display_name || u.username} (${u.username})`,
        })),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export default function ChaseupActions({
  event,
  username,
}: {
  event: ChaseupEvent;
  username: string | undefined;
}) {
  const id = useId();
  const client = useQueryClient();
  const { modal } = App.useApp();
  const [handTo, setHandTo] = useState<string | undefined>();
  const users = useSupportUsers();
  const change = useMutation({
    mutationFn: (input: Omit<SetChaseupInput, 'id'>) => setChaseupEvent({ id: event.id, ...input }),
    onSettled: () => void invalidateChaseups(client),
    onSuccess: () => setHandTo(undefined),
  });
  const can = actionsFor(event, username);

  if (can.blocked && can.final)
    return (
      <p className="chaseup-locked" role="status">
        <LockOutlined aria-hidden /> {can.blocked}
      </p>
    );

  const busy = change.isPending;
  const cancel = () =>
    modal.confirm({
      title: `Cancel chase-up ${event.id}?`,
      content: 'A cancelled chase-up is locked: it cannot be worked again.',
      okText: 'Cancel chase-up',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () => change.mutate({ state: CHASEUP_STATE_CANCELLED }),
    });
  const handOptions = (users.data ?? []).filter((u) => u.value !== event.assigned_to_username);

  return (
    <div className="chaseup-actions">
      {can.blocked && (
        <p className="chaseup-locked" role="status">
          <LockOutlined aria-hidden /> {can.blocked}
        </p>
      )}
      {!can.blocked && (
        <Space wrap role="group" aria-label="Chase-up actions">
          {can.take && (
            <Button type="primary" loading={busy} onClick={() => change.mutate({ take: true })}>
              Take
            </Button>
          )}
          {can.contacted && (
            <Button
              disabled={busy}
              onClick={() => change.mutate({ state: CHASEUP_STATE_CONTACTED })}
            >
              Customer contacted
            </Button>
          )}
          {can.close && (
            <Button
              disabled={busy}
              onClick={() => change.mutate({ state: CHASEUP_STATE_RESOLVED })}
            >
              Resolve
            </Button>
          )}
          {can.close && (
            <Button danger disabled={busy} onClick={cancel}>
              Cancel
            </Button>
          )}
        </Space>
      )}
      {can.handOver && (
        <div className="chaseup-handover">
          <label htmlFor={`${id}-hand`}>Hand over to</label>
          <Select<string>
            id={`${id}-hand`}
            className="chaseup-handover-select"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={users.isError ? 'The support users could not be read' : 'A support user'}
            loading={users.isLoading}
            value={handTo}
            onChange={setHandTo}
            options={handOptions}
            popupMatchSelectWidth={false}
          />
          <Button
            disabled={!handTo || busy}
            onClick={() => change.mutate({ assigned_to_username: handTo! })}
          >
            Hand over
          </Button>
          {event.assigned_to_username && event.assigned_to_username === username && (
            <Button
              type="link"
              disabled={busy}
              onClick={() => change.mutate({ assigned_to_username: null })}
            >
              Put back on the queue
            </Button>
          )}
        </div>
      )}
      {change.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="chaseup-refusal"
          title={`Not changed: ${change.error.message}`}
        />
      )}
    </div>
  );
}
