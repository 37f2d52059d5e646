// The immobiliser of a vehicle (issue 13): the mode its device confirmed, the open command and why it
// waits, the three modes for users who may command it, and the command history.
import { useId } from 'react';
import { Alert, App, Button, Skeleton, Space, Tag } from 'antd';
import { LockOutlined, UnlockOutlined, SyncOutlined } from '@ant-design/icons';
import {
  IMMOBILISER_MODE_HELP,
  IMMOBILISER_MODE_LABELS,
  IMMOBILISER_MODES,
  IMMOBILISE_MAX_KMH,
  NO_COMMAND_CHANNEL,
  type ImmobiliserMode,
} from '@fleet/common';
import CommandHistory from './CommandHistory';
import ConfirmedBy from './ConfirmedBy';
import { useImmobiliser } from './useCommands';
import './commands.css';

const ICONS: Record<ImmobiliserMode, React.ReactNode> = {
  mobilise: <UnlockOutlined />,
  normal: <SyncOutlined />,
  immobilise: <LockOutlined />,
};

/** Each button's name: its visible word first (WCAG 2.5.3), then what it does. */
const BUTTON_NAMES: Record<ImmobiliserMode, string> = {
  mobilise: 'Mobilise the vehicle',
  normal: "Normal: the tracker's own logic",
  immobilise: 'Immobilise the vehicle',
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
  const { query, set } = useImmobiliser(uid);
  const { modal } = App.useApp();
  // Cutting the starter strands a driver: it is asked twice; the other modes are not.
  const choose = (mode: ImmobiliserMode) => {
    if (mode !== 'immobilise') return set.mutate(mode);
    modal.confirm({
      title: 'Immobilise this vehicle?',
      content: `${IMMOBILISER_MODE_HELP.immobilise} A vehicle moving faster than ${IMMOBILISE_MAX_KMH} km/h is cut off only once it slows down.`,
      okText: 'Immobilise',
      okButtonProps: { danger: true },
      onOk: () => set.mutate(mode),
    });
  };
  const Heading = level === 2 ? 'h2' : 'h3';
  const data = query.data;
  return (
    <section
      className={level === 2 ? 'command-panel' : 'command-panel is-compact'}
      aria-labelledby={`${id}-title`}
    >
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
            <ConfirmedBy at={data.confirmed} none="no command confirmed yet" />
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
              <Space
                wrap
                size={level === 2 ? 'small' : 6}
                className="command-actions"
                role="group"
                aria-label="Immobiliser mode"
              >
                {IMMOBILISER_MODES.map((mode) => (
                  <Button
                    key={mode}
                    icon={ICONS[mode]}
                    size={level === 2 ? 'middle' : 'small'}
                    danger={mode === 'immobilise'}
                    title={IMMOBILISER_MODE_HELP[mode]}
                    aria-label={BUTTON_NAMES[mode]}
                    loading={set.isPending && set.variables === mode}
                    disabled={set.isPending}
                    onClick={() => choose(mode)}
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
