import PendingPage from '../../components/PendingPage';

export default function RecoveryRealtimePage() {
  return <PendingPage capability="Live map for recovery" />;
}
