import PendingPage from '../../components/PendingPage';

export default function RouteProgressPage() {
  return <PendingPage capability="Route progress of units on their routes" />;
}
