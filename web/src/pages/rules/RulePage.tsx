import PendingPage from '../../components/PendingPage';

export default function RulePage() {
  return <PendingPage capability="Rule editing" />;
}
