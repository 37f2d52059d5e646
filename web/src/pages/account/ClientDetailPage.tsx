import PendingPage from '../../components/PendingPage';

export default function ClientDetailPage() {
  return <PendingPage capability="Client details" />;
}
