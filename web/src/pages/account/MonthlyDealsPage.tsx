import PendingPage from '../../components/PendingPage';

export default function MonthlyDealsPage() {
  return <PendingPage capability="Monthly deals" />;
}
