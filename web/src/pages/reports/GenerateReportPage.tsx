import PendingPage from '../../components/PendingPage';

export default function GenerateReportPage() {
  return <PendingPage capability="Report generation" />;
}
