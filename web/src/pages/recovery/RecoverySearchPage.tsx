import PendingPage from '../../components/PendingPage';

export default function RecoverySearchPage() {
  return <PendingPage capability="Search for clients, units and people" />;
}
