import PendingPage from '../../components/PendingPage';

export default function NoticePage() {
  return <PendingPage capability="Notice details" />;
}
