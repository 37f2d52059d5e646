import { Button, Result } from 'antd';

export default function IframeErrorPage() {
  return (
    <main className="full-page-result">
      <Result
        status="warning"
        title={<h1 className="result-heading">The portal cannot be opened here</h1>}
        subTitle="The login link is invalid or has expired. Open the portal in its own window and log in there."
        extra={
          <Button type="primary" href="./#/login" target="_blank" rel="noopener noreferrer">
            Open the portal
          </Button>
        }
      />
    </main>
  );
}
