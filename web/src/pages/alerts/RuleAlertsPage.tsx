import PendingPage from '../../components/PendingPage';

export default function RuleAlertsPage() {
  return <PendingPage capability="Rule alerts, newest first" />;
}
