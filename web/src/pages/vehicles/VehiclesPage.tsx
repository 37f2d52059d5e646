import PendingPage from '../../components/PendingPage';

export default function VehiclesPage() {
  return <PendingPage capability="Vehicles and their details" />;
}
