import PendingPage from '../../components/PendingPage';

export default function ChaseUpPage() {
  return <PendingPage capability="Chase-up events after panic, tamper and similar events" />;
}
