import PendingPage from '../../components/PendingPage';

export default function ReportsPage() {
  return (
    <PendingPage capability="Reports for single vehicles, multiple vehicles and drivers, in PDF, CSV or on screen" />
  );
}
