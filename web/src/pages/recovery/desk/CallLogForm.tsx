// A call log (issue 16 item 3): who was called, the number, how it went and notes. "Log call" on a
// contact fills in the person; the task's own schema checks the form before it is sent, and the
// server's refusal is shown beside the field it names.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import { CALL_OUTCOMES, recoveryParams, type CallOutcome } from '@fleet/common';
import { invalidateCaseNotes, setCallLog } from '../../../api/recovery';
import { FormField } from '../../drivers/FormField';
import { useFormErrors } from '../../vehicles/fieldErrors';
import { FormProblems } from '../../vehicles/FormProblems';
import './desk.css';

export interface CallPrefill {
  pid: number | null;
  name: string;
  number: string;
}

const LABELS = { name: 'Who', number: 'Number', outcome: 'Outcome', notes: 'Notes' } as const;

interface Props {
  chaseupId: number;
  uid: number;
  /** the person "Log call" was pressed on; a new object each press */
  prefill?: CallPrefill | null;
  disabled?: boolean;
}

interface Values {
  pid: number | null;
  name: string;
  number: string;
  outcome: CallOutcome | undefined;
  notes: string;
}

const EMPTY: Values = { pid: null, name: '', number: '', outcome: undefined, notes: '' };

export default function CallLogForm({ chaseupId, uid, prefill, disabled }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));

  useEffect(() => {
    if (!prefill) return;
    setValues({ ...EMPTY, pid: prefill.pid, name: prefill.name, number: prefill.number });
    outcomeRef.current?.scrollIntoView?.({ block: 'center' });
    outcomeRef.current?.querySelector('input')?.focus();
  }, [prefill]);

  const input = useMemo(
    () => ({
      chaseup_id: chaseupId,
      uid,
      pid: values.pid,
      name: values.name,
      number: values.number,
      outcome: values.outcome,
      notes: values.notes,
    }),
    [chaseupId, uid, values],
  );
  const save = useMutation({
    mutationFn: () =>
      setCallLog({
        ...input,
        outcome: values.outcome!,
        name: values.name.trim(),
        number: values.number.trim(),
        notes: values.notes.trim(),
      }),
    onSuccess: () => {
      setValues(EMPTY);
      reset();
      void invalidateCaseNotes(client);
    },
  });
  const { fields, problems, check, reset } = useFormErrors(
    recoveryParams.set_call_log,
    input,
    LABELS,
    save.isError ? save.error.message : null,
  );

  return (
    <Form
      layout="vertical"
      component="form"
      className="case-form"
      aria-label="Log a call"
      onFinish={() => {
        if (check()) save.mutate();
      }}
    >
      <div className="case-form-row">
        <FormField label={LABELS.name} htmlFor={`${id}-name`} required error={fields.name}>
          <Input
            id={`${id}-name`}
            value={values.name}
            disabled={disabled}
            maxLength={120}
            onChange={(e) => update({ name: e.target.value, pid: null })}
          />
        </FormField>
        <FormField label={LABELS.number} htmlFor={`${id}-number`} required error={fields.number}>
          <Input
            id={`${id}-number`}
            value={values.number}
            disabled={disabled}
            inputMode="tel"
            maxLength={30}
            onChange={(e) => update({ number: e.target.value })}
          />
        </FormField>
        <div ref={outcomeRef}>
          <FormField
            label={LABELS.outcome}
            htmlFor={`${id}-outcome`}
            required
            error={fields.outcome && !values.outcome ? 'Choose how the call went' : fields.outcome}
          >
            <Select<CallOutcome>
              id={`${id}-outcome`}
              value={values.outcome}
              disabled={disabled}
              placeholder="How did it go?"
              options={CALL_OUTCOMES.map((o) => ({ value: o.key, label: o.name }))}
              onChange={(outcome) => update({ outcome })}
            />
          </FormField>
        </div>
      </div>
      <FormField label={LABELS.notes} htmlFor={`${id}-notes`} error={fields.notes}>
        <Input.TextArea
          id={`${id}-notes`}
          value={values.notes}
          disabled={disabled}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => update({ notes: e.target.value })}
        />
      </FormField>
      <FormProblems what="call log" problems={problems} />
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={disabled}>
        Save call log
      </Button>
    </Form>
  );
}
