import PendingPage from '../../components/PendingPage';

export default function DashboardPage() {
  return (
    <PendingPage capability="Fleet dashboard: active and deactivated vehicles, drivers, unit faults, today's units, alert cards and trip totals" />
  );
}
