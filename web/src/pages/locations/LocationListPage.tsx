import PendingPage from '../../components/PendingPage';

export default function LocationListPage() {
  return <PendingPage capability="Geofence locations list" />;
}
