import PendingPage from '../../components/PendingPage';

export default function NoticesPage() {
  return <PendingPage capability="Notices from your provider" />;
}
