import PendingPage from '../../components/PendingPage';

export default function FleetListPage() {
  return <PendingPage capability="Fleets" />;
}
