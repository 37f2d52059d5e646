import PendingPage from '../../components/PendingPage';

export default function RemotesPage() {
  return <PendingPage capability="Remotes (panic buttons)" />;
}
