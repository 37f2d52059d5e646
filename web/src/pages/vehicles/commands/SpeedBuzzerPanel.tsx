// The in-cab speed buzzer of a vehicle (issue 13): the limit its device confirmed, a form to set or
// turn it off for users who may command it, the open command and the history. The Speed Buzzer
// Violation rule judges the vehicle by the limit set here.
import { useId, useState } from 'react';
import { Alert, Button, InputNumber, Skeleton, Space, Tag } from 'antd';
import { BUZZER_MAX_KMH, BUZZER_MIN_KMH, NO_COMMAND_CHANNEL } from '@fleet/common';
import CommandHistory from './CommandHistory';
import ConfirmedBy from './ConfirmedBy';
import { useSpeedBuzzer } from './useCommands';
import './commands.css';

export default function SpeedBuzzerPanel({
  uid,
  canCommand,
}: {
  uid: number;
  canCommand: boolean;
}) {
  const id = useId();
  const { query, set } = useSpeedBuzzer(uid);
  const [value, setValue] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = query.data;

  const bounds = `a whole number from ${BUZZER_MIN_KMH} to ${BUZZER_MAX_KMH} km/h`;
  /** `limit` null turns the buzzer off; `undefined` means the field is empty. */
  const save = (limit: number | null | undefined) => {
    setError(null);
    if (limit === undefined) {
      setError(`Enter the limit: ${bounds}`);
      return;
    }
    if (
      limit !== null &&
      (!Number.isInteger(limit) || limit < BUZZER_MIN_KMH || limit > BUZZER_MAX_KMH)
    ) {
      setError(`The limit must be ${bounds}`);
      return;
    }
    set.mutate(limit, { onError: (e) => setError((e as Error).message) });
  };

  return (
    <section className="command-panel" aria-labelledby={`${id}-title`}>
      <h2 className="command-title" id={`${id}-title`}>
        Speed buzzer
      </h2>
      {!data ? (
        query.isError ? (
          <p>The speed buzzer could not be loaded.</p>
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        )
      ) : (
        <>
          <p className="command-state" data-testid="buzzer-state">
            <Tag color={data.limit ? 'blue' : 'default'} className="command-mode">
              {data.limit ? `${data.limit} km/h` : 'Off'}
            </Tag>
            <ConfirmedBy at={data.confirmed} none="no limit confirmed yet" />
            {data.asked_limit !== null && data.asked_limit !== data.limit
              ? `; ${data.asked_limit} km/h asked`
              : ''}
          </p>
          {data.pending && (
            <Alert
              type={data.pending.step === 'waiting' ? 'warning' : 'info'}
              showIcon
              message={`${data.pending.limit ? `${data.pending.limit} km/h` : 'Off'}: ${data.pending.message}`}
            />
          )}
          {!data.supported ? (
            <p className="command-note">{NO_COMMAND_CHANNEL}.</p>
          ) : (
            canCommand && (
              <form
                className="command-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  save(value ?? data.asked_limit ?? undefined);
                }}
              >
                <label htmlFor={`${id}-limit`}>Buzzer limit (km/h)</label>
                <Space wrap>
                  <InputNumber
                    id={`${id}-limit`}
                    step={5}
                    value={value ?? data.asked_limit}
                    onChange={(v) => setValue(typeof v === 'number' ? v : null)}
                    aria-describedby={`${id}-help`}
                  />
                  <Button
                    type="primary"
                    htmlType="submit"
                    loading={set.isPending && set.variables !== null}
                  >
                    Set limit
                  </Button>
                  <Button
                    onClick={() => save(null)}
                    disabled={set.isPending || (data.asked_limit === null && !data.limit)}
                  >
                    Turn off
                  </Button>
                </Space>
                <p className="command-note" id={`${id}-help`}>
                  {BUZZER_MIN_KMH} to {BUZZER_MAX_KMH} km/h. The buzzer sounds in the cab above it;
                  the Speed Buzzer Violation rule uses the same limit.
                </p>
              </form>
            )
          )}
          {error && <Alert type="error" showIcon message={error} role="alert" />}
          <details className="command-details">
            <summary>Command history</summary>
            <CommandHistory history={data.history} label="Speed buzzer command history" />
          </details>
        </>
      )}
    </section>
  );
}
