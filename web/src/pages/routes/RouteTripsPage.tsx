import PendingPage from '../../components/PendingPage';

export default function RouteTripsPage() {
  return <PendingPage capability="Trips along routes" />;
}
