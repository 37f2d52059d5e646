// Below a form's fields: the server's refusal of the last save (its parts that name no field; the
// others are beside their fields), or the count of fields to correct before anything is sent.
import { useEffect, useRef } from 'react';
import { Alert, Typography } from 'antd';
import type { FormProblemsState } from './fieldErrors';
import './vehicles.css';

export function FormProblems({
  what,
  problems: { serverError, serverRest, localRest, localCount },
}: {
  /** "vehicle", "label", "fleet" */
  what: string;
  problems: FormProblemsState;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [serverError]);
  return (
    <>
      {serverError && (
        <div ref={alertRef} className="form-problems">
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title={`The ${what} was not saved`}
            description={
              serverRest.length ? serverRest.join('; ') : 'Correct the fields marked above.'
            }
          />
        </div>
      )}
      {localCount > 0 && (
        <Typography.Paragraph type="danger" role="alert" className="form-problems">
          {localRest.length ? `${localRest.join('; ')}. ` : ''}Correct the{' '}
          {localCount === 1 ? 'field' : 'fields'} marked above; nothing was sent.
        </Typography.Paragraph>
      )}
    </>
  );
}
