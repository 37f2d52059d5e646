// Support staff post an invoice, a payment or a credit note to a client's account. The amount is
// typed in rand and read digit by digit into cents (parseAmount): more than two decimals, letters
// or a negative amount are refused here and again by the server.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { ACCOUNT_ENTRY_KINDS, parseAmount, type AccountEntryKind } from '@fleet/common';
import { LEDGER_KEYS, setAccountEntry } from '../../../api/billing';
import { useNotify } from '../../../components/notify';
import { FormField, FormModal, FormProblems } from '../../drivers/FormField';
import { fieldMessage, serverFieldErrors } from '../../vehicles/fieldErrors';
import { endOfPickedDay, startOfPickedDay } from './dates';

interface Props {
  cid: number;
  clientName: string;
  onClose(): void;
}

const LABELS = {
  kind: 'Type',
  reference: 'Reference',
  entry_date: 'Date',
  due_date: 'Due date',
  description: 'Description',
  amount: 'Amount',
} as const;
type Field = keyof typeof LABELS;

interface Values {
  kind: AccountEntryKind;
  reference: string;
  entry_date: Dayjs | null;
  due_date: Dayjs | null;
  description: string;
  amount: string;
}

const KIND_OPTIONS = (Object.keys(ACCOUNT_ENTRY_KINDS) as AccountEntryKind[]).map((k) => ({
  value: k,
  label: ACCOUNT_ENTRY_KINDS[k],
}));

/** The form's own check: what is missing or unreadable, by field. */
function localErrors(v: Values): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!v.reference.trim()) out.reference = 'Reference is required';
  if (!v.entry_date) out.entry_date = 'Date is required';
  if (v.kind === 'invoice' && !v.due_date) out.due_date = 'An invoice needs a due date';
  if (
    v.kind === 'invoice' &&
    v.due_date &&
    v.entry_date &&
    v.due_date.isBefore(v.entry_date, 'day')
  )
    out.due_date = 'Due date must be on or after the date';
  const amount = parseAmount(v.amount);
  if (!amount.ok) out.amount = fieldMessage('Amount', amount.message);
  else if (amount.cents === 0) out.amount = 'Amount must be more than zero';
  return out;
}

export default function EntryModal({ cid, clientName, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>({
    kind: 'invoice',
    reference: '',
    entry_date: null,
    due_date: null,
    description: '',
    amount: '',
  });
  const [tried, setTried] = useState(false);
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (v: Values) =>
      setAccountEntry({
        cid,
        kind: v.kind,
        reference: v.reference.trim(),
        entry_date: startOfPickedDay(v.entry_date!),
        due_date: v.kind === 'invoice' && v.due_date ? endOfPickedDay(v.due_date) : null,
        description: v.description.trim(),
        amount: v.amount.trim(),
      }),
    onSuccess: ({ account_entry: e }) => {
      notify.success(`${ACCOUNT_ENTRY_KINDS[e.kind]} ${e.reference} posted to ${clientName}`);
      void Promise.all(LEDGER_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    },
  });
  const local = tried ? localErrors(values) : {};
  const server = serverFieldErrors(save.error?.message ?? '', LABELS);
  const errors: Partial<Record<Field, string>> = { ...server.fields, ...local };
  const submit = () => {
    setTried(true);
    if (!Object.keys(localErrors(values)).length) save.mutate(values);
  };

  return (
    <FormModal
      title={`Post to ${clientName}`}
      okText="Post"
      saving={save.isPending}
      onOk={submit}
      onClose={onClose}
    >
      <FormField label={LABELS.kind} htmlFor="entry-kind" required>
        <Select<AccountEntryKind>
          id="entry-kind"
          virtual={false}
          value={values.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => update({ kind })}
        />
      </FormField>
      <FormField
        label={LABELS.reference}
        htmlFor="entry-reference"
        required
        error={errors.reference}
        help="The invoice, payment or credit note number, unique for the client"
      >
        <Input
          id="entry-reference"
          maxLength={40}
          value={values.reference}
          onChange={(e) => update({ reference: e.target.value })}
        />
      </FormField>
      <FormField label={LABELS.entry_date} htmlFor="entry-date" required error={errors.entry_date}>
        <DatePicker
          id="entry-date"
          className="full-width"
          format="YYYY-MM-DD"
          value={values.entry_date}
          onChange={(entry_date) => update({ entry_date })}
        />
      </FormField>
      {values.kind === 'invoice' && (
        <FormField label={LABELS.due_date} htmlFor="entry-due" required error={errors.due_date}>
          <DatePicker
            id="entry-due"
            className="full-width"
            format="YYYY-MM-DD"
            value={values.due_date}
            onChange={(due_date) => update({ due_date })}
          />
        </FormField>
      )}
      <FormField label={LABELS.description} htmlFor="entry-description" error={errors.description}>
        <Input
          id="entry-description"
          maxLength={200}
          value={values.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </FormField>
      <FormField
        label={LABELS.amount}
        htmlFor="entry-amount"
        required
        error={errors.amount}
        help="In rand, like 1234.50"
      >
        <Input
          id="entry-amount"
          prefix="R"
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => update({ amount: e.target.value })}
        />
      </FormField>
      <FormProblems
        what="entry"
        refused={!!save.error}
        rest={server.rest}
        marked={Object.keys(local).length}
      />
    </FormModal>
  );
}
