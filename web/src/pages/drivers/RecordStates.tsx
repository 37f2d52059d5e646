// What an edit page shows before its record is there: a spinner while it loads, and a 404 with the
// way back when the id is wrong, the record is gone or belongs to another client.
import { useNavigate } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { RESULT } from '@fleet/common';
import { ApiError } from '../../api/errors';
import './drivers.css';
import PageContainer from '../../components/PageContainer';

/** A bad id, or a read the server refused (a lost session is the login page's business). */
export function recordMissing(valid: boolean, error: unknown, answered: boolean, found: boolean) {
  return (
    !valid ||
    (error instanceof ApiError && error.result !== RESULT.NO_SESSION) ||
    (answered && !found)
  );
}

export function RecordNotFound({
  what,
  gone = 'It may have been deleted, or it belongs to another client.',
  back,
  backLabel,
}: {
  /** e.g. "Person" */
  what: string;
  gone?: string;
  back: string;
  backLabel: string;
}) {
  const navigate = useNavigate();
  return (
    <PageContainer title={`${what} not found`}>
      <Result
        status="404"
        title={`${what} not found`}
        subTitle={gone}
        extra={
          <Button type="primary" onClick={() => navigate(back)}>
            {backLabel}
          </Button>
        }
      />
    </PageContainer>
  );
}

export function RecordLoading({ label }: { label: string }) {
  return (
    <PageContainer>
      <div className="record-loading" aria-busy="true">
        <Spin size="large" aria-label={label} />
      </div>
    </PageContainer>
  );
}
