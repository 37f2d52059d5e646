import PendingPage from '../../components/PendingPage';

export default function WorkApprovalsPage() {
  return <PendingPage capability="Work approvals" />;
}
