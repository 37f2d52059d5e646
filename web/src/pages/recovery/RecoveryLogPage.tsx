import PendingPage from '../../components/PendingPage';

export default function RecoveryLogPage() {
  return <PendingPage capability="Recovery logs" />;
}
