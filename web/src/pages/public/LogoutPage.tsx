import { useEffect } from 'react';
import { endSession } from '../../auth/session';
import PageLoading from '../../components/PageLoading';

export default function LogoutPage() {
  // The guard takes the logged-out user to the login page.
  useEffect(() => {
    void endSession();
  }, []);
  return <PageLoading />;
}
