import PendingPage from '../../components/PendingPage';

export default function DriverPage() {
  return <PendingPage capability="Driver editing" />;
}
