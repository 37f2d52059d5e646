import PendingPage from '../../components/PendingPage';

export default function ContactListPage() {
  return <PendingPage capability="Account contacts" />;
}
