import PendingPage from '../../components/PendingPage';

export default function ChaseUpDetailPage() {
  return <PendingPage capability="Chase-up details and comments" />;
}
