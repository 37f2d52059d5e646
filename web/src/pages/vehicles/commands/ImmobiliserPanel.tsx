// The immobiliser of a vehicle (issue 13): the mode its device confirmed, the open command and why it
// waits, the three modes for users who may command it, and the command history.
import { useId } from 'react';
import { Alert, Button, Skeleton, Space, Tag } from 'antd';
import { LockOutlined, UnlockOutlined, SyncOutlined } from '@ant-design/icons';
import {
  IMMOBILISER_MODE_HELP,
  IMMOBILISER_MODE_LABELS,
  IMMOBILISER_MODES,
  NO_COMMAND_CHANNEL,
  type ImmobiliserMode,
} from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import CommandHistory from './CommandHistory';
import { useImmobiliser } from './useCommands';
import './commands.css';

const ICONS: Record<ImmobiliserMode, React.ReactNode> = {
  mobilise: <UnlockOutlined />,
  normal: <SyncOutlined />,
  immobilise: <LockOutlined />,
};

const STATE_WORDS: Record<ImmobiliserMode, string> = {
  mobilise: 'Mobilised',
  normal: 'Normal',
  immobilise: 'Immobilised',
};

export interface ImmobiliserPanelProps {
  uid: number;
  canCommand: boolean;
  /** 2 on the vehicle page, 3 inside the live map's unit panel */
  level?: 2 | 3;
  /** Hide the history (the unit panel is narrow); the vehicle page shows it. */
  showHistory?: boolean;
}

export default function ImmobiliserPanel({
  uid,
  canCommand,
  level = 2,
  showHistory = true,
}: ImmobiliserPanelProps) {
  const id = useId();
  const formatTime = useDateTime();
  const { query, set } = useImmobiliser(uid);
  const Heading = level === 2 ? 'h2' : 'h3';
  const data = query.data;
  return (
    <section className="command-panel" aria-labelledby={`${id}-title`}>
      <Heading className="command-title" id={`${id}-title`}>
        Immobiliser
      </Heading>
      {!data ? (
        query.isError ? (
          <p>The immobiliser could not be loaded.</p>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        )
      ) : (
        <>
          <p className="command-state" data-testid="immobiliser-state">
            <Tag color={data.mode === 'immobilise' ? 'red' : 'green'} className="command-mode">
              {STATE_WORDS[data.mode]}
            </Tag>
            {data.confirmed
              ? `confirmed by the device ${formatTime(data.confirmed)}`
              : 'no command confirmed yet'}
          </p>
          {data.pending && (
            <Alert
              type={data.pending.step === 'waiting' ? 'warning' : 'info'}
              showIcon
              data-testid="immobiliser-pending"
              message={`${IMMOBILISER_MODE_LABELS[data.pending.mode]}: ${data.pending.message}`}
            />
          )}
          {!data.supported ? (
            <p className="command-note">{NO_COMMAND_CHANNEL}.</p>
          ) : (
            canCommand && (
              <Space wrap className="command-actions" role="group" aria-label="Immobiliser mode">
                {IMMOBILISER_MODES.map((mode) => (
                  <Button
                    key={mode}
                    icon={ICONS[mode]}
                    danger={mode === 'immobilise'}
                    title={IMMOBILISER_MODE_HELP[mode]}
                    aria-label={`${IMMOBILISER_MODE_LABELS[mode]} the vehicle`}
                    loading={set.isPending && set.variables === mode}
                    disabled={set.isPending}
                    onClick={() => set.mutate(mode)}
                  >
                    {IMMOBILISER_MODE_LABELS[mode]}
                  </Button>
                ))}
              </Space>
            )
          )}
          {set.isError && (
            <Alert type="error" showIcon message={(set.error as Error).message} role="alert" />
          )}
          {showHistory && (
            <details className="command-details" open={level === 2}>
              <summary>Command history</summary>
              <CommandHistory history={data.history} label="Immobiliser command history" />
            </details>
          )}
        </>
      )}
    </section>
  );
}
