// A public route whose screen arrives with a later issue (the share-link maps).
import { Empty } from 'antd';
import AuthLayout from './AuthLayout';

export default function PublicPendingPage({
  title,
  capability,
}: {
  title: string;
  capability: string;
}) {
  return (
    <AuthLayout title={title}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`${capability} — not available in this version of the portal yet.`}
      />
    </AuthLayout>
  );
}
