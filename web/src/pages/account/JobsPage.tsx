import PendingPage from '../../components/PendingPage';

export default function JobsPage() {
  return <PendingPage capability="Jobs" />;
}
