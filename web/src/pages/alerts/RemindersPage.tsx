import PendingPage from '../../components/PendingPage';

export default function RemindersPage() {
  return <PendingPage capability="Service, licence and PrDP reminders" />;
}
