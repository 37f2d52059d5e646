import PendingPage from '../../components/PendingPage';

export default function QuotesOrdersPage() {
  return <PendingPage capability="Quotes and orders" />;
}
