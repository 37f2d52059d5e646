import PendingPage from '../../components/PendingPage';

export default function UnitIssuesPage() {
  return <PendingPage capability="Unit issues" />;
}
