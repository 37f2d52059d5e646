import PendingPage from '../../components/PendingPage';

export default function ScheduledReportsPage() {
  return <PendingPage capability="Scheduled reports" />;
}
