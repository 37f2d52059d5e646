// The debit order form (SPEC §7 key `debit_order_form`): the mandate with the saved bank details,
// the debit day (the 1st or the 15th, by billing method) and the monthly amount (the last
// invoice's), signed with a typed name. Print prints this section alone.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Input, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import {
  BANK_ACCOUNT_TYPES,
  BILLING_METHODS,
  formatRand,
  isDebitOrder,
  type DebitOrderForm,
} from '@fleet/common';
import { DETAIL_KEYS, debitOrderFormQuery, signDebitOrder } from '../../../api/billing';
import { useDateTime } from '../../../components/dates';
import { useNotify } from '../../../components/notify';
import { useTheme } from '../../../theme/ThemeContext';

const PRINTING = 'print-debit-order';

const ordinal = (day: number) => (day === 1 ? '1st' : day === 15 ? '15th' : `${day}th`);

export function mandateText(form: DebitOrderForm, provider: string): string {
  const who = form.registered_name || form.client_name;
  const day = form.debit_day ? ordinal(form.debit_day) : '—';
  const amount =
    form.monthly_amount_cents !== null
      ? `, currently ${formatRand(form.monthly_amount_cents)} a month`
      : '';
  return (
    `I/We, ${who}, authorise ${provider} to debit the bank account below on the ${day} day ` +
    `of every month (or the next business day) with the amount due on our account${amount}.\n` +
    'This authority stays in force until cancelled in writing; a cancellation does not cancel ' +
    'amounts already owed.'
  );
}

/** Prints the section alone: the rest of the page is hidden while the browser prints. */
function printSection() {
  document.body.classList.add(PRINTING);
  const done = () => {
    document.body.classList.remove(PRINTING);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // Browsers whose print() returns once the dialog closes send no afterprint.
  setTimeout(done, 0);
}

export default function DebitOrderSection({ cid }: { cid?: number }) {
  const notify = useNotify();
  const client = useQueryClient();
  const theme = useTheme();
  const dateTime = useDateTime();
  const query = useQuery(debitOrderFormQuery(cid));
  const form = query.data?.debit_order_form;
  const [name, setName] = useState('');
  const sign = useMutation({
    mutationFn: () => signDebitOrder(name.trim(), cid),
    onSuccess: (answer) => {
      client.setQueryData(debitOrderFormQuery(cid).queryKey, answer);
      void Promise.all(DETAIL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      notify.success('Debit order signed');
      setName('');
    },
  });
  useEffect(() => () => document.body.classList.remove(PRINTING), []);

  if (!form) return null;
  const debit = isDebitOrder(form.billing_method);
  return (
    <Card variant="borderless" className="billing-section debit-order-print">
      <Typography.Title level={2} className="billing-heading">
        Debit order
      </Typography.Title>
      {!debit ? (
        <Typography.Paragraph>
          Your billing method is{' '}
          {form.billing_method === 0 ? 'not chosen yet' : BILLING_METHODS[form.billing_method]}:
          there is no debit order to sign. Choose a debit order billing method above to pay this
          way.
        </Typography.Paragraph>
      ) : (
        <Space orientation="vertical" size={12} className="full-width">
          <Typography.Paragraph className="debit-order-mandate">
            {mandateText(form, theme.title || 'the tracking provider')}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'bank', label: 'Bank', children: form.bank_name || '—' },
              { key: 'holder', label: 'Account holder', children: form.bank_account_holder || '—' },
              {
                key: 'number',
                label: 'Account number',
                children: form.bank_account_number || '—',
              },
              { key: 'branch', label: 'Branch code', children: form.bank_branch_code || '—' },
              {
                key: 'type',
                label: 'Account type',
                children: form.bank_account_type ? BANK_ACCOUNT_TYPES[form.bank_account_type] : '—',
              },
              {
                key: 'day',
                label: 'Debit day',
                children: form.debit_day ? `${ordinal(form.debit_day)} of the month` : '—',
              },
              {
                key: 'amount',
                label: 'Monthly amount',
                children:
                  form.monthly_amount_cents !== null ? (
                    <span className="amount">{formatRand(form.monthly_amount_cents)}</span>
                  ) : (
                    'Set by your first invoice'
                  ),
              },
            ]}
          />
          {form.signed_at ? (
            <Alert
              type="success"
              showIcon
              title={`Signed by ${form.signed_by} on ${dateTime(form.signed_at)}`}
            />
          ) : (
            <Typography.Text type="warning">Not signed yet.</Typography.Text>
          )}
          {!form.ready && (
            <Alert
              type="info"
              showIcon
              className="no-print"
              title="Fill in and save every bank detail above before signing."
            />
          )}
          {form.ready && (
            <form
              className="billing-toolbar no-print"
              onSubmit={(e) => {
                e.preventDefault();
                if (name.trim()) sign.mutate();
              }}
            >
              <label htmlFor="debit-order-signer">
                {form.signed_at ? 'Sign again as' : 'Sign as'}
              </label>
              <Input
                id="debit-order-signer"
                placeholder="Your full name"
                maxLength={80}
                style={{ maxWidth: 280 }}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <Button
                type="primary"
                htmlType="submit"
                disabled={!name.trim()}
                loading={sign.isPending}
              >
                Sign
              </Button>
            </form>
          )}
          {sign.error && (
            <Alert
              type="error"
              showIcon
              className="no-print"
              title="The debit order was not signed"
              description={sign.error.message}
            />
          )}
        </Space>
      )}
      <Button className="no-print" icon={<PrinterOutlined />} onClick={printSection}>
        Print
      </Button>
    </Card>
  );
}
