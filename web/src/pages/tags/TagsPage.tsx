import PendingPage from '../../components/PendingPage';

export default function TagsPage() {
  return <PendingPage capability="Labels for units" />;
}
