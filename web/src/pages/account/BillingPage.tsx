import PendingPage from '../../components/PendingPage';

export default function BillingPage() {
  return <PendingPage capability="Billing and account statements" />;
}
