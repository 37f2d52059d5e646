// reports/schedule/add, schedule/add/{var_string} and schedule/edit/{srid} (SPEC §2; issue 14
// item 5): a new schedule, one prefilled from a report form's var_string (its report, subjects,
// variables and format), or a stored one with its runs.
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { parseVarString, reportById } from '@fleet/common';
import { useSession } from '../../auth/session';
import PageContainer from '../../components/PageContainer';
import { RecordLoading, recordMissing, RecordNotFound } from '../drivers/RecordStates';
import { SCHEDULE_ADD_PATH, SCHEDULED_PATH, varStringIn } from './reportPaths';
import { scheduledReportQuery } from './reportsApi';
import RunHistory from './schedule/RunHistory';
import ScheduleForm from './schedule/ScheduleForm';
import { newSchedule, storedSchedule } from './schedule/scheduleValues';
import './reports.css';

export default function ScheduleReportPage() {
  const { srid } = useParams();
  return srid === undefined ? <AddSchedule /> : <EditSchedule srid={srid} />;
}

function AddSchedule() {
  const { pathname } = useLocation();
  const email = useSession((s) => s.user?.email);
  const varString = varStringIn(pathname, SCHEDULE_ADD_PATH);
  const parsed = varString === undefined ? null : parseVarString(varString);
  const params = parsed?.ok ? parsed.params : {};
  const def = params.report ? reportById(params.report) : undefined;
  return (
    <PageContainer subTitle="E-mailed every day, week or month, covering the period just ended">
      <div className="reports-page">
        {parsed && !parsed.ok && (
          <Alert
            type="error"
            showIcon
            title="The report link cannot be read"
            description={`${parsed.error}. Choose the report below.`}
          />
        )}
        <ScheduleForm
          key={varString ?? ''}
          initial={newSchedule(def, params, email ? [email.toLowerCase()] : [])}
        />
      </div>
    </PageContainer>
  );
}

function EditSchedule({ srid }: { srid: string }) {
  const id = Number(srid);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...scheduledReportQuery(id), enabled: valid, retry: false });
  const schedule = query.data?.scheduled_report;
  if (recordMissing(valid, query.error, query.isSuccess, Boolean(schedule)))
    return (
      <RecordNotFound
        what="Scheduled report"
        back={SCHEDULED_PATH}
        backLabel="Back to the scheduled reports"
      />
    );
  if (!schedule) return <RecordLoading label="Loading the schedule" />;
  return (
    <PageContainer title={schedule.name} subTitle={schedule.report_name}>
      <div className="reports-page">
        <ScheduleForm
          key={schedule.srid}
          initial={storedSchedule(schedule, reportById(schedule.type))}
        />
        <RunHistory runs={schedule.runs} />
      </div>
    </PageContainer>
  );
}
