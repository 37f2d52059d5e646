import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useSession } from '../../auth/session';

export default function NotFoundPage() {
  const loggedIn = useSession((s) => s.token !== null);
  const navigate = useNavigate();
  return (
    <main className="full-page-result">
      <Result
        status="404"
        title={<h1 className="result-heading">Page not found</h1>}
        subTitle="This page does not exist, or your account cannot open it."
        extra={
          // One control, one Tab stop: a button inside a link would be two.
          <Button type="primary" onClick={() => navigate(loggedIn ? '/' : '/login')}>
            {loggedIn ? 'Back to the portal' : 'Log in'}
          </Button>
        }
      />
    </main>
  );
}
