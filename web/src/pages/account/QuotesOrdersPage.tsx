// account/quotes_orders (SPEC §2, feature_accounts; support staff price quotes and close orders
// for every client): the quotes waiting for a price or a decision, the orders with their progress,
// and those declined. The view and filters live in the URL (?view=orders, ?progress=2 for the
// dashboard's "Orders processing" card, ?status=quoted, ?cid= for support), so links open them.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Segmented, Select, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  ORDER_PROGRESS,
  QUOTE_STATUSES,
  QUOTE_VIEWS,
  type Quote,
  type QuoteView,
  type TaskRequest,
} from '@fleet/common';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import ClientFilter, { clientColumns } from './orders/ClientFilter';
import QuoteDrawer from './orders/QuoteDrawer';
import { QuoteStateTag, planName, priceLines, serviceName, vehicleCount } from './orders/orderText';
import './orders/orders.css';

const VIEW_LABELS: Record<QuoteView, string> = {
  quotes: 'Quotes',
  orders: 'Orders',
  declined: 'Declined',
};
const EMPTY_TEXT: Record<QuoteView, string> = {
  quotes: 'No quotes waiting for a price or your decision',
  orders: 'No orders yet: an accepted quote becomes an order',
  declined: 'Nothing declined or withdrawn',
};

const numberParam = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

/** The list's filters as the URL holds them; ?progress= alone picks its view. */
export function quoteFiltersOf(params: URLSearchParams) {
  const progress = numberParam(params.get('progress'));
  const asked = params.get('view') as QuoteView | null;
  const view: QuoteView =
    asked && QUOTE_VIEWS.includes(asked)
      ? asked
      : progress === undefined || progress === 0
        ? 'quotes'
        : progress === 1
          ? 'declined'
          : 'orders';
  const askedStatus = params.get('status');
  const status: 'requested' | 'quoted' | undefined =
    askedStatus === 'requested' || askedStatus === 'quoted' ? askedStatus : undefined;
  return {
    view,
    progress: view === 'orders' && progress !== undefined && progress >= 2 ? progress : undefined,
    status: view === 'quotes' ? status : undefined,
    cid: numberParam(params.get('cid')),
  };
}

export default function QuotesOrdersPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const dateTime = useDateTime();
  const support = usePermission(['user_support']);
  const client = usePermission(['feature_accounts']);
  const f = quoteFiltersOf(params);
  const filters: Omit<TaskRequest<'get_quotes'>, 'page' | 'page_size'> = {
    view: f.view,
    ...(f.progress !== undefined ? { progress: f.progress } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(support && f.cid ? { cid: f.cid } : {}),
  };
  const { query, rows, pagination } = usePagedQuery('get_quotes', filters, (d) => d.quotes);
  const [open, setOpen] = useState<number | null>(null);

  /** Changes the URL's filters; the view's own filters go when the view changes. */
  const setFilter = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace: true });
  };

  const requestButton = client && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate('/portal/account/request_quote')}
    >
      Request a quote
    </Button>
  );

  return (
    <PageContainer
      subTitle="Ask for a price, accept it, and follow the order to installation"
      extra={requestButton}
    >
      <Card variant="borderless">
        <div className="orders-filters">
          <Segmented<QuoteView>
            aria-label="Show"
            value={f.view}
            options={QUOTE_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            onChange={(view) => setFilter({ view, progress: undefined, status: undefined })}
          />
          {f.view === 'orders' && (
            <Select<number | 'all'>
              aria-label="Order progress"
              className="orders-filter"
              virtual={false}
              value={f.progress ?? 'all'}
              options={[
                { value: 'all', label: 'Every order' },
                ...ORDER_PROGRESS.slice(2).map((label, i) => ({ value: i + 2, label })),
              ]}
              onChange={(v) => setFilter({ view: 'orders', progress: v === 'all' ? undefined : v })}
            />
          )}
          {f.view === 'quotes' && (
            <Select<string>
              aria-label="Quote status"
              className="orders-filter"
              virtual={false}
              value={f.status ?? 'all'}
              options={[
                { value: 'all', label: 'Every quote' },
                { value: 'requested', label: QUOTE_STATUSES.requested },
                { value: 'quoted', label: QUOTE_STATUSES.quoted },
              ]}
              onChange={(v) => setFilter({ view: 'quotes', status: v === 'all' ? undefined : v })}
            />
          )}
          {support && <ClientFilter value={f.cid} onChange={(cid) => setFilter({ cid })} />}
        </div>
        <Table<Quote>
          rowKey="id"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: <Empty description={EMPTY_TEXT[f.view]} /> }}
          scroll={mobile ? undefined : { x: 'max-content' }}
          columns={[
            {
              title: 'Quote',
              key: 'reference',
              render: (_, q) => (
                <span className="order-cell-lines">
                  <Button
                    type="link"
                    className="order-open"
                    aria-label={`Open ${q.reference}`}
                    onClick={() => setOpen(q.id)}
                  >
                    {q.reference}
                  </Button>
                  <Typography.Text type="secondary">
                    {planName(q.price_plan)}, {serviceName(q.service_type)}
                  </Typography.Text>
                  {mobile && <QuoteStateTag quote={q} />}
                </span>
              ),
            },
            ...clientColumns<Quote>(support),
            {
              title: 'Vehicles',
              key: 'vehicles',
              responsive: ['md'],
              render: (_, q) => vehicleCount(q.vehicles.length),
            },
            {
              title: 'Requested',
              dataIndex: 'requested_at',
              responsive: ['lg'],
              render: (at: string, q) => (
                <span className="order-cell-lines">
                  {dateTime(at)}
                  <Typography.Text type="secondary">by {q.requested_by_name}</Typography.Text>
                </span>
              ),
            },
            {
              title: 'Price',
              key: 'price',
              align: 'right',
              render: (_, q) => {
                const lines = priceLines(q);
                return lines.length ? (
                  <span className="order-cell-lines order-amounts">
                    {lines.map((l) => (
                      <span key={l}>{l}</span>
                    ))}
                  </span>
                ) : (
                  <Typography.Text type="secondary">Not priced yet</Typography.Text>
                );
              },
            },
            {
              title: 'Status',
              key: 'status',
              responsive: ['sm'],
              render: (_, q) => <QuoteStateTag quote={q} />,
            },
          ]}
        />
      </Card>
      {open !== null && <QuoteDrawer id={open} onClose={() => setOpen(null)} />}
    </PageContainer>
  );
}
