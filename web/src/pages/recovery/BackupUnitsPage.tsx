import PendingPage from '../../components/PendingPage';

export default function BackupUnitsPage() {
  return <PendingPage capability="Backup units" />;
}
