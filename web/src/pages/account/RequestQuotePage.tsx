import PendingPage from '../../components/PendingPage';

export default function RequestQuotePage() {
  return <PendingPage capability="Quote requests" />;
}
