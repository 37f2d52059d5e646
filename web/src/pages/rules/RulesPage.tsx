import PendingPage from '../../components/PendingPage';

export default function RulesPage() {
  return (
    <PendingPage capability="Rules that raise alerts: speeding, harsh driving, battery, towing and more" />
  );
}
