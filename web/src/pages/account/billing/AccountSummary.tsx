// The top of the billing page: the balance and what is overdue (in red, with how many days), then
// the invoices with what is still owed on each; payments settle the oldest invoices first.
import { Card, Table, Tag, Typography } from 'antd';
import type { Billing, BillingInvoice, InvoiceStatus } from '@fleet/common';
import { useIsMobile } from '../../../layout/useResponsive';
import { AMOUNT_COLUMN, Amount, days } from './Amount';
import { dayOf, longDayOf } from './dates';

const STATUS: Record<InvoiceStatus, { colour: string; text: string }> = {
  paid: { colour: 'green', text: 'Paid' },
  open: { colour: 'blue', text: 'Open' },
  overdue: { colour: 'red', text: 'Overdue' },
};

function balanceNote(cents: number): string {
  if (cents < 0) return 'In credit';
  return cents === 0 ? 'Paid up' : 'Owing';
}

export function BalanceFigures({ billing }: { billing: Billing }) {
  const overdue = billing.overdue_cents > 0;
  return (
    <Card variant="borderless" className="billing-section">
      <dl className="billing-figures">
        <div>
          <dt>Balance</dt>
          <dd>
            <span className="billing-figure">
              <Amount cents={billing.balance_cents} />
            </span>
            <Typography.Text type="secondary">{balanceNote(billing.balance_cents)}</Typography.Text>
          </dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd>
            <span className="billing-figure">
              <Amount cents={billing.overdue_cents} danger={overdue} />
            </span>
            {overdue ? (
              <Typography.Text type="danger">
                {days(billing.days_overdue)} overdue
                {billing.overdue_since ? ` (due ${longDayOf(billing.overdue_since)})` : ''},{' '}
                {billing.overdue_invoices} {billing.overdue_invoices === 1 ? 'invoice' : 'invoices'}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">Nothing overdue</Typography.Text>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function InvoiceList({ invoices }: { invoices: BillingInvoice[] }) {
  const mobile = useIsMobile();
  return (
    <Card variant="borderless" className="billing-section">
      <Typography.Title level={2} className="billing-heading">
        Invoices
      </Typography.Title>
      <Table<BillingInvoice>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        dataSource={invoices}
        pagination={invoices.length > 12 ? { pageSize: 12 } : false}
        locale={{ emptyText: 'No invoices yet' }}
        columns={[
          {
            title: 'Invoice',
            dataIndex: 'reference',
            render: (ref: string, inv) => (
              <span className="billing-cell-lines">
                <span>{ref}</span>
                <Typography.Text type="secondary">{inv.description}</Typography.Text>
              </span>
            ),
          },
          { title: 'Date', dataIndex: 'entry_date', responsive: ['md'], render: dayOf },
          { title: 'Due', dataIndex: 'due_date', responsive: ['sm'], render: dayOf },
          {
            title: 'Amount',
            dataIndex: 'amount_cents',
            responsive: ['md'],
            ...AMOUNT_COLUMN,
            render: (c: number) => <Amount cents={c} />,
          },
          {
            title: 'Owing',
            dataIndex: 'outstanding_cents',
            ...AMOUNT_COLUMN,
            render: (c: number, inv) => <Amount cents={c} danger={inv.status === 'overdue'} />,
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: InvoiceStatus) => <Tag color={STATUS[s].colour}>{STATUS[s].text}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
