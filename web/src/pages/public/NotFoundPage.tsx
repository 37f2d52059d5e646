import { Link } from 'react-router';
import { Button, Result } from 'antd';
import { useSession } from '../../auth/session';

export default function NotFoundPage() {
  const loggedIn = useSession((s) => s.token !== null);
  return (
    <div className="full-page-result">
      <Result
        status="404"
        title="Page not found"
        subTitle="This page does not exist, or your account cannot open it."
        extra={
          <Link to={loggedIn ? '/' : '/login'}>
            <Button type="primary">{loggedIn ? 'Back to the portal' : 'Log in'}</Button>
          </Link>
        }
      />
    </div>
  );
}
