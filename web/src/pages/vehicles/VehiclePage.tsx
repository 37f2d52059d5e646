import PendingPage from '../../components/PendingPage';

export default function VehiclePage() {
  return <PendingPage capability="Vehicle editing, immobiliser and speed buzzer" />;
}
