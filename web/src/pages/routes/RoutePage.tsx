import PendingPage from '../../components/PendingPage';

export default function RoutePage() {
  return <PendingPage capability="Route editing" />;
}
