import PendingPage from '../../components/PendingPage';

export default function DriversPage() {
  return <PendingPage capability="Drivers, people and contacts" />;
}
