import PendingPage from '../../components/PendingPage';

export default function MobileUnitPage() {
  return <PendingPage capability="Mobile unit editing" />;
}
