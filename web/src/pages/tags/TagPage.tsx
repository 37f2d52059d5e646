import PendingPage from '../../components/PendingPage';

export default function TagPage() {
  return <PendingPage capability="Label editing" />;
}
