import PendingPage from '../../components/PendingPage';

export default function ServiceLogPage() {
  return <PendingPage capability="Service log editing" />;
}
