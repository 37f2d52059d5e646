import PendingPage from '../../components/PendingPage';

export default function BorderCrossingPage() {
  return <PendingPage capability="Cross-border data" />;
}
