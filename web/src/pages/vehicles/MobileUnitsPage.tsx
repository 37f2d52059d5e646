import PendingPage from '../../components/PendingPage';

export default function MobileUnitsPage() {
  return <PendingPage capability="Mobile units" />;
}
