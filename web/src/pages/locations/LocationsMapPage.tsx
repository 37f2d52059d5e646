import PendingPage from '../../components/PendingPage';

export default function LocationsMapPage() {
  return <PendingPage capability="Geofence locations on the map" />;
}
