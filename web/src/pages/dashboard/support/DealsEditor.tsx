// The support dashboard's monthly deals card (SPEC-CHECKLIST decision: support staff write the
// deals every client reads on /portal/deals): every deal, ended ones too, to add, edit or delete.
// Self-contained: the dashboard places it as it is.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Input, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { centsToDecimal, parseAmount, type MonthlyDeal } from '@fleet/common';
import {
  DEAL_KEYS,
  deleteMonthlyDeal,
  monthlyDealsQuery,
  setMonthlyDeal,
} from '../../../api/billing';
import { useNotify } from '../../../components/notify';
import { useNow } from '../../../components/useNow';
import { useIsMobile } from '../../../layout/useResponsive';
import { AMOUNT_COLUMN, Amount } from '../../account/billing/Amount';
import { endOfPickedDay, pickerDay, startOfPickedDay } from '../../account/billing/dates';
import { DealState, validity } from '../../account/billing/deals';
import { FormField, FormModal, FormProblems } from '../../drivers/FormField';
import RowActions, { actionsColumn } from '../../drivers/RowActions';
import { fieldMessage, serverFieldErrors } from '../../vehicles/fieldErrors';
import '../../account/billing/billing.css';

const LABELS = {
  title: 'Title',
  description: 'Description',
  price: 'Price',
  valid_from: 'Valid from',
  valid_to: 'Valid to',
} as const;
type Field = keyof typeof LABELS;

interface Values {
  title: string;
  description: string;
  price: string;
  range: [Dayjs, Dayjs] | null;
}

const valuesOf = (d: MonthlyDeal | null): Values => ({
  title: d?.title ?? '',
  description: d?.description ?? '',
  price: d?.price_cents != null ? centsToDecimal(d.price_cents) : '',
  range: d ? [pickerDay(d.valid_from), pickerDay(d.valid_to)] : null,
});

function localErrors(v: Values): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!v.title.trim()) out.title = 'Title is required';
  if (/[<>]/.test(v.title)) out.title = 'Title must be plain text (no < or >)';
  if (/[<>]/.test(v.description)) out.description = 'Description must be plain text (no < or >)';
  if (v.price.trim()) {
    const price = parseAmount(v.price);
    if (!price.ok) out.price = fieldMessage('Price', price.message);
  }
  if (!v.range) out.valid_from = 'Choose the first and last day of the deal';
  return out;
}

function DealModal({ deal, onClose }: { deal: MonthlyDeal | null; onClose(): void }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(deal));
  const [tried, setTried] = useState(false);
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (v: Values) =>
      setMonthlyDeal({
        ...(deal ? { id: deal.id } : {}),
        title: v.title.trim(),
        description: v.description.trim(),
        price: v.price.trim() ? v.price.trim() : null,
        valid_from: startOfPickedDay(v.range![0]),
        valid_to: endOfPickedDay(v.range![1]),
      }),
    onSuccess: ({ monthly_deal }) => {
      notify.success(`Deal ${monthly_deal.title} saved`);
      void Promise.all(DEAL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    },
  });
  const local = tried ? localErrors(values) : {};
  const server = serverFieldErrors(save.error?.message ?? '', LABELS);
  const errors = { ...server.fields, ...local };
  return (
    <FormModal
      title={deal ? `Edit deal ${deal.title}` : 'Add a monthly deal'}
      saving={save.isPending}
      onOk={() => {
        setTried(true);
        if (!Object.keys(localErrors(values)).length) save.mutate(values);
      }}
      onClose={onClose}
    >
      <FormField label={LABELS.title} htmlFor="deal-title" required error={errors.title}>
        <Input
          id="deal-title"
          maxLength={100}
          value={values.title}
          onChange={(e) => update({ title: e.target.value })}
        />
      </FormField>
      <FormField
        label={LABELS.description}
        htmlFor="deal-description"
        error={errors.description}
        help="Plain text; line breaks are kept"
      >
        <Input.TextArea
          id="deal-description"
          rows={4}
          maxLength={1000}
          value={values.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </FormField>
      <FormField
        label={LABELS.price}
        htmlFor="deal-price"
        error={errors.price}
        help="In rand, like 899.00; leave empty for no price"
      >
        <Input
          id="deal-price"
          prefix="R"
          inputMode="decimal"
          value={values.price}
          onChange={(e) => update({ price: e.target.value })}
        />
      </FormField>
      <FormField
        label="Valid"
        htmlFor="deal-valid"
        required
        error={errors.valid_from ?? errors.valid_to}
        help="The first and the last day of the deal"
      >
        <label htmlFor="deal-valid-end" className="visually-hidden">
          Valid until
        </label>
        <DatePicker.RangePicker
          id={{ start: 'deal-valid', end: 'deal-valid-end' }}
          className="full-width"
          format="YYYY-MM-DD"
          value={values.range}
          onChange={(r) => update({ range: r?.[0] && r[1] ? [r[0], r[1]] : null })}
        />
      </FormField>
      <FormProblems
        what="deal"
        refused={!!save.error}
        rest={server.rest}
        marked={Object.keys(local).length}
      />
    </FormModal>
  );
}

export default function DealsEditor() {
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const now = useNow(60_000);
  const query = useQuery(monthlyDealsQuery(true));
  const deals = query.data?.monthly_deals ?? [];
  // undefined: closed; null: adding; a deal: editing it.
  const [editing, setEditing] = useState<MonthlyDeal | null | undefined>(undefined);
  const remove = useMutation({
    mutationFn: (d: MonthlyDeal) => deleteMonthlyDeal(d.id),
    onSuccess: (_, d) => {
      notify.success(`Deal ${d.title} deleted`);
      void Promise.all(DEAL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  return (
    <Card
      variant="borderless"
      title={
        <Typography.Title level={2} className="billing-heading" style={{ margin: 0 }}>
          Monthly deals
        </Typography.Title>
      }
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          Add deal
        </Button>
      }
    >
      <Table<MonthlyDeal>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={deals}
        pagination={deals.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: 'No deals yet: clients see an empty deals page' }}
        columns={[
          {
            title: 'Deal',
            dataIndex: 'title',
            render: (title: string, d) => (
              <span className="billing-cell-lines">
                <span>{title}</span>
                <Typography.Text type="secondary">{validity(d)}</Typography.Text>
                {mobile && <DealState deal={d} now={now} />}
              </span>
            ),
          },
          {
            title: 'Price',
            dataIndex: 'price_cents',
            ...AMOUNT_COLUMN,
            render: (c: number | null) => <Amount cents={c} />,
          },
          {
            title: 'State',
            key: 'state',
            // On a phone the state is a line of the first cell.
            responsive: ['lg'],
            render: (_: unknown, d) => <DealState deal={d} now={now} />,
          },
          actionsColumn((d: MonthlyDeal) => (
            <RowActions
              name={`deal ${d.title}`}
              canEdit
              onEdit={() => setEditing(d)}
              onDelete={() => remove.mutateAsync(d)}
              deleteNote="Clients no longer see it on their deals page. This cannot be undone."
            />
          )),
        ]}
      />
      {editing !== undefined && <DealModal deal={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
