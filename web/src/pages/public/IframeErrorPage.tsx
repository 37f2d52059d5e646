import { Button, Result } from 'antd';

export default function IframeErrorPage() {
  return (
    <div className="full-page-result">
      <Result
        status="warning"
        title="The portal cannot be opened here"
        subTitle="The login link is invalid or has expired. Open the portal in its own window and log in there."
        extra={
          <Button type="primary" href="./#/login" target="_blank" rel="noopener noreferrer">
            Open the portal
          </Button>
        }
      />
    </div>
  );
}
