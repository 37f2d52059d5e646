import PendingPage from '../../components/PendingPage';

export default function PanicNotificationPage() {
  return <PendingPage capability="Panic notification settings" />;
}
