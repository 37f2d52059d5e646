import PendingPage from '../../components/PendingPage';

export default function RecoveryTripsPage() {
  return <PendingPage capability="Trips for recovery" />;
}
