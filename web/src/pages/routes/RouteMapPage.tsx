import PendingPage from '../../components/PendingPage';

export default function RouteMapPage() {
  return <PendingPage capability="A unit on its route" />;
}
