// The router's error element: a page that failed to load (often a stale chunk after an update).
import { useRouteError } from 'react-router';
import { Button, Result } from 'antd';

export default function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="route-error">
      <Result
        status="error"
        title="This page could not be shown"
        subTitle="The portal may have been updated. Reloading usually fixes it."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </div>
  );
}
