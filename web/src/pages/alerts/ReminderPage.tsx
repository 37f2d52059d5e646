import PendingPage from '../../components/PendingPage';

export default function ReminderPage() {
  return <PendingPage capability="Reminder editing" />;
}
