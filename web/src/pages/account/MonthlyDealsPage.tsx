// /portal/deals, Monthly Deals (SPEC §2, §7 key monthly_deals): the provider's offers valid now
// and those to come, each with its price and the days it runs. Support staff write them on the
// support dashboard.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import type { MonthlyDeal } from '@fleet/common';
import { monthlyDealsQuery } from '../../api/billing';
import PageContainer from '../../components/PageContainer';
import { Amount } from './billing/Amount';
import { DealState, validity } from './billing/deals';
import { useNow } from '../../components/useNow';
import './billing/billing.css';

function DealCard({ deal, now }: { deal: MonthlyDeal; now: number }) {
  return (
    <Card
      variant="borderless"
      title={
        <Typography.Title level={2} className="billing-heading" style={{ margin: 0 }}>
          {deal.title}
        </Typography.Title>
      }
      extra={<DealState deal={deal} now={now} />}
    >
      {deal.price_cents !== null && (
        <div className="deal-price">
          <Amount cents={deal.price_cents} />
        </div>
      )}
      {deal.description && (
        <Typography.Paragraph className="deal-description">{deal.description}</Typography.Paragraph>
      )}
      <Typography.Text type="secondary">Valid {validity(deal)}</Typography.Text>
    </Card>
  );
}

export default function MonthlyDealsPage() {
  const query = useQuery(monthlyDealsQuery());
  const deals = query.data?.monthly_deals ?? [];
  const now = useNow(60_000);
  return (
    <PageContainer subTitle="Offers for you this month and coming soon">
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <Typography.Paragraph type="danger" role="alert">
          The deals could not be read: {query.error.message}
        </Typography.Paragraph>
      ) : deals.length === 0 ? (
        <Card variant="borderless">
          <Empty description="There are no deals right now. Check back next month." />
        </Card>
      ) : (
        <div className="deal-cards">
          {deals.map((d) => (
            <DealCard key={d.id} deal={d} now={now} />
          ))}
        </div>
      )}
    </PageContainer>
  );
}
