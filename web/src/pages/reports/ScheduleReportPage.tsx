import PendingPage from '../../components/PendingPage';

export default function ScheduleReportPage() {
  return <PendingPage capability="Daily, weekly and monthly report schedules sent by e-mail" />;
}
