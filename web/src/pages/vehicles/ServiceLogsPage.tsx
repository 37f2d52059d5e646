import PendingPage from '../../components/PendingPage';

export default function ServiceLogsPage() {
  return <PendingPage capability="Service logs and odometer logs" />;
}
