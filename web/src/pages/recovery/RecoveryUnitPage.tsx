import PendingPage from '../../components/PendingPage';

export default function RecoveryUnitPage() {
  return <PendingPage capability="Unit details for recovery" />;
}
