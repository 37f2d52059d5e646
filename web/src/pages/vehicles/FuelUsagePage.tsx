import PendingPage from '../../components/PendingPage';

export default function FuelUsagePage() {
  return <PendingPage capability="Fuel usage" />;
}
