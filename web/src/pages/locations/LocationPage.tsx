import PendingPage from '../../components/PendingPage';

export default function LocationPage() {
  return <PendingPage capability="Location editing (point or polygon)" />;
}
