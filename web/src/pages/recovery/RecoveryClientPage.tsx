import PendingPage from '../../components/PendingPage';

export default function RecoveryClientPage() {
  return <PendingPage capability="Client details for recovery" />;
}
