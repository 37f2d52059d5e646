// One quote in a drawer: what was asked (plan, service, vehicles, contact), its price and how long
// it holds, the order's installation jobs, and what the user may do next: the client accepts or
// declines (each asked first) and views the printable contract; support prices it or closes the
// order (Completed, Not Able to Complete, Reversed Sale).
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Select, Space, Tag, Typography } from 'antd';
import {
  JOB_STATUSES,
  ORDER_OUTCOMES,
  ORDER_PROGRESS,
  formatRand,
  type Quote,
} from '@fleet/common';
import { acceptQuote, declineQuote, QUOTE_KEYS, setOrderProgress } from '../../../api/orders';
import { taskQuery } from '../../../api/queries';
import { useDateTime } from '../../../components/dates';
import { useNotify } from '../../../components/notify';
import { usePermission } from '../../../components/Permission';
import { useIsMobile } from '../../../layout/useResponsive';
import PriceQuoteForm from './PriceQuoteForm';
import QuoteContractModal from './QuoteContractModal';
import {
  QuoteStateTag,
  bandName,
  className,
  dayText,
  monthsText,
  planName,
  priceLines,
  serviceName,
  vehicleCount,
} from './orderText';

interface Props {
  id: number;
  onClose(): void;
}

export default function QuoteDrawer({ id, onClose }: Props) {
  const mobile = useIsMobile();
  const query = useQuery(taskQuery('get_quote', { id }));
  const quote = query.data?.quote;
  return (
    <Drawer
      open
      title={quote ? `Quote ${quote.reference}` : 'Quote'}
      size={mobile ? '100%' : 600}
      onClose={onClose}
      destroyOnHidden
    >
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      {quote && <QuoteDetails quote={quote} />}
    </Drawer>
  );
}

function QuoteDetails({ quote }: { quote: Quote }) {
  const dateTime = useDateTime();
  const support = usePermission(['user_support']);
  const priced = quote.status === 'quoted';
  return (
    <Space orientation="vertical" size="large" className="quote-details">
      <QuoteActions quote={quote} />
      <Descriptions column={1} size="small" bordered title="What was asked">
        {support && <Descriptions.Item label="Client">{quote.client.name}</Descriptions.Item>}
        <Descriptions.Item label="Status">
          <QuoteStateTag quote={quote} />
        </Descriptions.Item>
        <Descriptions.Item label="Price plan">{planName(quote.price_plan)}</Descriptions.Item>
        <Descriptions.Item label="Service">{serviceName(quote.service_type)}</Descriptions.Item>
        <Descriptions.Item label="Requested">
          {dateTime(quote.requested_at)} by {quote.requested_by_name}
        </Descriptions.Item>
        <Descriptions.Item label="Contact">
          <span className="order-cell-lines">
            {quote.contact_name}
            <a href={`mailto:${quote.contact_email}`}>{quote.contact_email}</a>
            <a href={`tel:${quote.contact_phone}`}>{quote.contact_phone}</a>
          </span>
        </Descriptions.Item>
        {!!quote.notes && <Descriptions.Item label="Notes">{quote.notes}</Descriptions.Item>}
      </Descriptions>
      <section aria-labelledby={`quote-${quote.id}-vehicles`}>
        <Typography.Title
          level={2}
          className="order-section-title"
          id={`quote-${quote.id}-vehicles`}
        >
          {vehicleCount(quote.vehicles.length)}
        </Typography.Title>
        <ol className="quote-vehicles">
          {quote.vehicles.map((v, i) => (
            <li key={i}>
              <Typography.Text strong>{v.description}</Typography.Text>
              {v.reg && <> ({v.reg})</>}
              <Typography.Text type="secondary">
                {' '}
                {className(v.vehicle_class)}, value {bandName(v.value_band)}
              </Typography.Text>
            </li>
          ))}
        </ol>
      </section>
      {priced && (
        <Descriptions column={1} size="small" bordered title="Price">
          <Descriptions.Item label="Monthly">
            <span className="order-amount">{formatRand(quote.monthly_cents ?? 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Once-off">
            <span className="order-amount">{formatRand(quote.once_off_cents ?? 0)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Contract">
            {monthsText(quote.contract_months)}
          </Descriptions.Item>
          <Descriptions.Item label="Valid until">
            {dayText(quote.valid_until)} {quote.expired && <Tag color="warning">Expired</Tag>}
          </Descriptions.Item>
          {!!quote.price_notes && (
            <Descriptions.Item label="Price notes">{quote.price_notes}</Descriptions.Item>
          )}
          <Descriptions.Item label="Priced">
            {dateTime(quote.priced_at)} by {quote.priced_by}
          </Descriptions.Item>
          {quote.decided_at && (
            <Descriptions.Item label="Decided">
              {dateTime(quote.decided_at)} by {quote.decided_by}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {quote.jobs.length > 0 && (
        <section aria-labelledby={`quote-${quote.id}-jobs`}>
          <Typography.Title level={2} className="order-section-title" id={`quote-${quote.id}-jobs`}>
            Installations
          </Typography.Title>
          <ul className="quote-vehicles">
            {quote.jobs.map((j) => (
              <li key={j.id}>
                <Link to={`/portal/account/jobs?type=installation`}>{j.reference}</Link> {j.vehicle}{' '}
                <Tag>{JOB_STATUSES[j.status]}</Tag>
                {j.scheduled_for && (
                  <Typography.Text type="secondary">{dateTime(j.scheduled_for)}</Typography.Text>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {support && quote.progress === 0 && quote.status !== 'withdrawn' && (
        <PriceQuoteForm quote={quote} />
      )}
      {support && quote.progress === 2 && <OrderOutcome quote={quote} />}
    </Space>
  );
}

/** The client's decision on a priced quote, withdrawing a request, and the contract. */
function QuoteActions({ quote }: { quote: Quote }) {
  const { modal } = App.useApp();
  const notify = useNotify();
  const client = useQueryClient();
  const buyer = usePermission(['feature_accounts']);
  const [contract, setContract] = useState(false);
  const refresh = () =>
    Promise.all(QUOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
  const decide = useMutation({
    mutationFn: (accept: boolean) => (accept ? acceptQuote(quote.id) : declineQuote(quote.id)),
    onSuccess: ({ quote: q }, accept) => {
      notify.success(
        accept
          ? `Order placed: ${vehicleCount(q.jobs.length)} to install. We will call to book the day.`
          : `Quote ${q.reference} ${q.status === 'withdrawn' ? 'withdrawn' : 'declined'}`,
      );
      void refresh();
    },
    onError: (e) => notify.error(e.message),
  });
  const undecided = quote.progress === 0 && quote.status !== 'withdrawn';
  const canAccept = buyer && undecided && quote.status === 'quoted' && !quote.expired;
  const confirmAccept = () =>
    modal.confirm({
      title: `Accept quote ${quote.reference}?`,
      content: `${priceLines(quote).join(', ')}, ${monthsText(quote.contract_months).toLowerCase()}. This places the order; we book an installation for each vehicle.`,
      okText: 'Accept quote',
      onOk: () => decide.mutateAsync(true),
    });
  const requested = quote.status === 'requested';
  // Nothing to do (support on a request, a closed order): no empty row above the details.
  if (!(buyer && undecided) && quote.status !== 'quoted') return null;
  const confirmDecline = () =>
    modal.confirm({
      title: `${requested ? 'Withdraw' : 'Decline'} quote ${quote.reference}?`,
      content: requested
        ? 'We stop working on its price.'
        : 'The quote is marked Not Interested and cannot be accepted later.',
      okText: requested ? 'Withdraw' : 'Decline',
      okButtonProps: { danger: true },
      onOk: () => decide.mutateAsync(false),
    });
  return (
    <Space wrap>
      {canAccept && (
        <Button type="primary" onClick={confirmAccept}>
          Accept
        </Button>
      )}
      {buyer && undecided && (
        <Button danger onClick={confirmDecline}>
          {requested ? 'Withdraw request' : 'Decline'}
        </Button>
      )}
      {quote.status === 'quoted' && (
        <Button onClick={() => setContract(true)}>View contract</Button>
      )}
      {buyer && quote.expired && undecided && (
        <Typography.Text type="warning">
          This price expired: request a new quote to go ahead.
        </Typography.Text>
      )}
      {contract && <QuoteContractModal id={quote.id} onClose={() => setContract(false)} />}
    </Space>
  );
}

/** Support closes an order: Completed, Not Able to Complete or Reversed Sale. */
function OrderOutcome({ quote }: { quote: Quote }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number>();
  const save = useMutation({
    mutationFn: (p: number) => setOrderProgress(quote.id, p),
    onSuccess: ({ quote: q }) => {
      notify.success(`Order ${q.reference}: ${ORDER_PROGRESS[q.progress]}`);
      void Promise.all(QUOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (e) => notify.error(e.message),
  });
  return (
    <section aria-labelledby={`order-${quote.id}-progress`} className="order-outcome">
      <Typography.Title level={2} className="order-section-title" id={`order-${quote.id}-progress`}>
        Order progress
      </Typography.Title>
      <Space wrap>
        <Select<number>
          aria-label="Close the order as"
          className="orders-filter"
          placeholder="Close the order as…"
          virtual={false}
          value={progress}
          options={ORDER_OUTCOMES.map((p) => ({ value: p, label: ORDER_PROGRESS[p] }))}
          onChange={setProgress}
        />
        <Button
          disabled={progress === undefined}
          loading={save.isPending}
          onClick={() => progress !== undefined && save.mutate(progress)}
        >
          Save progress
        </Button>
      </Space>
    </section>
  );
}
