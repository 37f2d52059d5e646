import PendingPage from '../../components/PendingPage';

export default function SupportDashboardPage() {
  return <PendingPage capability="Support dashboard across all clients" />;
}
