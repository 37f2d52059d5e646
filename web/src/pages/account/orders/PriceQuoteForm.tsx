// Support prices a quote: the once-off and monthly amounts in rand (read into integer cents by
// parseAmount, as the server reads them: at most 2 decimals, never negative), the contract length
// (none for an Upfront plan), the last day the price holds and a note for the client.
import { useState } from 'react';
import dayjs from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { CONTRACT_MONTHS, centsToDecimal, parseAmount, type Quote } from '@fleet/common';
import { priceQuote, QUOTE_KEYS } from '../../../api/orders';
import { now } from '../../../components/clock';
import { useNotify } from '../../../components/notify';
import { FormField } from '../../drivers/FormField';
import DayField, { DAY_FORMAT } from '../../drivers/DayField';
import { serverFieldErrors } from '../../vehicles/fieldErrors';
import { monthsText } from './orderText';

const LABELS = {
  once_off: 'Once-off',
  monthly: 'Monthly',
  contract_months: 'Contract',
  valid_until: 'Valid until',
  price_notes: 'Note to the client',
};

interface Values {
  once_off: string;
  monthly: string;
  contract_months: number;
  valid_until: string | null;
  price_notes: string;
}

const amountText = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents));

function valuesOf(q: Quote): Values {
  return {
    once_off: amountText(q.once_off_cents),
    monthly: amountText(q.monthly_cents),
    contract_months: q.contract_months ?? (q.price_plan === 0 ? 0 : 36),
    valid_until: q.valid_until ?? dayjs(now()).add(30, 'day').format(DAY_FORMAT),
    price_notes: q.price_notes,
  };
}

/** The form's own check, in the server's words: an amount in rand, a day, a term for the plan. */
function problemsOf(v: Values, plan: number): Partial<Record<keyof Values, string>> {
  const out: Partial<Record<keyof Values, string>> = {};
  for (const key of ['once_off', 'monthly'] as const) {
    const parsed = parseAmount(v[key]);
    if (!v[key].trim()) out[key] = `${LABELS[key]} is required`;
    else if (!parsed.ok) out[key] = `${LABELS[key]} ${parsed.message}`;
  }
  if (!v.valid_until) out.valid_until = 'Choose the last day the price holds';
  if (plan === 0 && v.contract_months !== 0)
    out.contract_months = 'An Upfront plan has no contract';
  if (plan !== 0 && v.contract_months === 0) out.contract_months = 'Choose the contract length';
  return out;
}

export default function PriceQuoteForm({ quote }: { quote: Quote }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(quote));
  const [tried, setTried] = useState(false);
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (v: Values) =>
      priceQuote({
        id: quote.id,
        once_off: v.once_off.trim(),
        monthly: v.monthly.trim(),
        contract_months: v.contract_months,
        valid_until: v.valid_until!,
        price_notes: v.price_notes.trim(),
      }),
    onSuccess: ({ quote: q }) => {
      notify.success(`Quote ${q.reference} priced: the client can accept it now`);
      void Promise.all(QUOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const local = tried ? problemsOf(values, quote.price_plan) : {};
  const server = serverFieldErrors(save.error?.message ?? '', LABELS);
  const errors = { ...server.fields, ...local };
  const submit = () => {
    setTried(true);
    if (!Object.keys(problemsOf(values, quote.price_plan)).length) save.mutate(values);
  };
  const id = (name: string) => `price-${quote.id}-${name}`;
  return (
    <section aria-labelledby={id('title')} className="price-quote">
      <Typography.Title level={2} className="order-section-title" id={id('title')}>
        {quote.status === 'quoted' ? 'Change the price' : 'Price this quote'}
      </Typography.Title>
      <Form layout="vertical" component="div">
        <div className="price-quote-amounts">
          <FormField label={LABELS.monthly} htmlFor={id('monthly')} required error={errors.monthly}>
            <Input
              id={id('monthly')}
              prefix="R"
              inputMode="decimal"
              placeholder="299.00"
              value={values.monthly}
              onChange={(e) => update({ monthly: e.target.value })}
            />
          </FormField>
          <FormField
            label={LABELS.once_off}
            htmlFor={id('once_off')}
            required
            error={errors.once_off}
          >
            <Input
              id={id('once_off')}
              prefix="R"
              inputMode="decimal"
              placeholder="0.00"
              value={values.once_off}
              onChange={(e) => update({ once_off: e.target.value })}
            />
          </FormField>
        </div>
        <div className="price-quote-amounts">
          <FormField
            label={LABELS.contract_months}
            htmlFor={id('months')}
            required
            error={errors.contract_months}
          >
            <Select<number>
              id={id('months')}
              virtual={false}
              value={values.contract_months}
              options={CONTRACT_MONTHS.map((m) => ({ value: m, label: monthsText(m) }))}
              onChange={(contract_months) => update({ contract_months })}
            />
          </FormField>
          <FormField
            label={LABELS.valid_until}
            htmlFor={id('valid')}
            required
            error={errors.valid_until}
          >
            <DayField
              id={id('valid')}
              value={values.valid_until}
              onChange={(valid_until) => update({ valid_until })}
            />
          </FormField>
        </div>
        <FormField label={LABELS.price_notes} htmlFor={id('notes')} error={errors.price_notes}>
          <Input.TextArea
            id={id('notes')}
            rows={2}
            maxLength={1000}
            value={values.price_notes}
            onChange={(e) => update({ price_notes: e.target.value })}
          />
        </FormField>
        {save.error && server.rest.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title="The price was not saved"
            description={server.rest.join('; ')}
          />
        )}
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {quote.status === 'quoted' ? 'Save the new price' : 'Send the price'}
        </Button>
      </Form>
    </section>
  );
}
