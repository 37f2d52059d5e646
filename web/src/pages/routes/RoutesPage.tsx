import PendingPage from '../../components/PendingPage';

export default function RoutesPage() {
  return <PendingPage capability="Planned routes" />;
}
