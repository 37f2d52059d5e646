// The page of a route whose screen arrives with a later issue: its header and an empty state naming
// the capability, so the route, menu, guard and title already work.
import { Card, Empty, Typography } from 'antd';
import PageContainer from './PageContainer';

export default function PendingPage({ capability }: { capability: string }) {
  return (
    <PageContainer>
      <Card variant="borderless" className="pending-card">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong className="pending-capability">
                {capability}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">
                Not available in this version of the portal yet.
              </Typography.Text>
            </>
          }
        />
      </Card>
    </PageContainer>
  );
}
