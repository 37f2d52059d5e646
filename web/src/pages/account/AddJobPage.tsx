import PendingPage from '../../components/PendingPage';

export default function AddJobPage() {
  return <PendingPage capability="New jobs" />;
}
