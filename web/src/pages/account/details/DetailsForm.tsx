// The client details form (SPEC §2 /portal/account/client_detail, §3 billing methods and bank
// account types, §5 e-mail and special characters) in sections: company, addresses, billing and
// bank details. Its problems show beside their fields, found before sending (the task's own
// schema) or by the server. A debit order billing method makes the bank details required.
import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import {
  BANK_ACCOUNT_TYPES,
  BANK_FIELDS,
  BILLING_METHODS,
  CLIENT_DETAIL_LABELS,
  clientDetailInput,
  isDebitOrder,
  REQUIRED_DETAIL_FIELDS,
  type ClientDetail,
  type ClientDetailField,
  type ClientDetailFields,
} from '@fleet/common';
import { DETAIL_KEYS, clientDetailQuery, setClientDetail } from '../../../api/billing';
import { useNotify } from '../../../components/notify';
import { useFormErrors } from '../../vehicles/fieldErrors';
import { FormProblems } from '../../vehicles/FormProblems';

const HELP: Partial<Record<ClientDetailField, string>> = {
  registered_name: 'As registered with the CIPC, e.g. Demo Fleet (Pty) Ltd',
  registration_number: 'Like 2015/123456/07',
  vat_number: '10 digits starting with 4',
  billing_email: 'Where invoices and statements are sent',
  bank_account_number: '6 to 16 digits',
  bank_branch_code: '6 digits',
};

const METHOD_OPTIONS = BILLING_METHODS.map((label, value) => ({
  value,
  label: value === 0 ? 'None chosen' : label[0].toUpperCase() + label.slice(1),
}));
const ACCOUNT_TYPE_OPTIONS = BANK_ACCOUNT_TYPES.map((label, value) => ({
  value,
  label: value === 0 ? 'None chosen' : label[0].toUpperCase() + label.slice(1),
}));

function fieldsOf(d: ClientDetail): ClientDetailFields {
  const out = {} as Record<string, string | number>;
  for (const f of Object.keys(CLIENT_DETAIL_LABELS) as ClientDetailField[]) out[f] = d[f];
  return out as unknown as ClientDetailFields;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="billing-section">
      <Typography.Title level={2} className="billing-heading">
        {title}
      </Typography.Title>
      <div className="details-grid">{children}</div>
    </section>
  );
}

interface Props {
  detail: ClientDetail;
  /** support staff: the client edited; absent: the user's own */
  cid?: number;
}

export default function DetailsForm({ detail, cid }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<ClientDetailFields>(() => fieldsOf(detail));
  const input = useMemo(() => ({ ...(cid ? { cid } : {}), ...values }), [cid, values]);
  const save = useMutation({
    mutationFn: () => setClientDetail(input),
    onSuccess: (answer) => {
      client.setQueryData(clientDetailQuery(cid).queryKey, answer);
      void Promise.all(DETAIL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      notify.success('Client details saved');
    },
  });
  const form = useFormErrors(
    clientDetailInput,
    input,
    CLIENT_DETAIL_LABELS,
    save.error?.message ?? null,
  );
  const debit = isDebitOrder(values.billing_method);
  const required = (f: ClientDetailField) =>
    REQUIRED_DETAIL_FIELDS.includes(f) || (debit && BANK_FIELDS.includes(f));
  const update = (patch: Partial<ClientDetailFields>) => setValues((v) => ({ ...v, ...patch }));

  const text = (f: ClientDetailField, max: number, multiline = false) => {
    const props = {
      id: `detail-${f}`,
      maxLength: max,
      value: values[f] as string,
      onChange: (e: { target: { value: string } }) => update({ [f]: e.target.value }),
    };
    return field(f, multiline ? <Input.TextArea rows={3} {...props} /> : <Input {...props} />);
  };
  const select = (f: 'billing_method' | 'bank_account_type', options: typeof METHOD_OPTIONS) =>
    field(
      f,
      <Select<number>
        id={`detail-${f}`}
        virtual={false}
        value={values[f]}
        options={options}
        onChange={(v) => update({ [f]: v })}
      />,
    );
  function field(f: ClientDetailField, control: ReactNode) {
    return (
      <Form.Item
        key={f}
        label={CLIENT_DETAIL_LABELS[f]}
        htmlFor={`detail-${f}`}
        required={required(f)}
        validateStatus={form.fields[f] ? 'error' : undefined}
        help={form.fields[f] ?? HELP[f]}
      >
        {control}
      </Form.Item>
    );
  }

  return (
    <Card variant="borderless" className="billing-section">
      <Form
        layout="vertical"
        component="form"
        className="details-form"
        onFinish={() => {
          if (form.check()) save.mutate();
        }}
      >
        <Section title="Company">
          {text('registered_name', 120)}
          {text('trading_name', 120)}
          {text('registration_number', 20)}
          {text('vat_number', 12)}
        </Section>
        <Section title="Addresses">
          {text('physical_address', 300, true)}
          {text('postal_address', 300, true)}
        </Section>
        <Section title="Billing">
          {text('billing_email', 120)}
          {select('billing_method', METHOD_OPTIONS)}
        </Section>
        <Section title="Bank details">
          {debit ? null : (
            <Typography.Paragraph type="secondary" className="full-width">
              Needed for a debit order.
            </Typography.Paragraph>
          )}
          {text('bank_name', 60)}
          {text('bank_account_holder', 120)}
          {text('bank_account_number', 24)}
          {text('bank_branch_code', 8)}
          {select('bank_account_type', ACCOUNT_TYPE_OPTIONS)}
        </Section>
        <FormProblems what="form" problems={form.problems} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save details
        </Button>
      </Form>
    </Card>
  );
}
