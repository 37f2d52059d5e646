// The schedule form (reports/schedule/add[/{var_string}], schedule/edit/{srid}; issue 14 item 5):
// a name, the report and what it covers, its variables but the date range (each run covers the
// period just ended, in the client's zone, and the form says which), Daily, Weekly or Monthly, PDF
// or CSV (no Website, SPEC §5) and who gets it. Checked before anything is sent; the server's
// refusal shows beside the field it names. Saved, it goes back to the list.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import {
  REPORT_FORMAT_NAMES,
  REPORT_SCHEDULE_NAMES,
  REPORT_SCHEDULES,
  REPORT_TYPES,
  type ReportDefinition,
} from '@fleet/common';
import DeleteButton from '../../../components/DeleteButton';
import { useNotify } from '../../../components/notify';
import ChoiceField from '../form/ChoiceField';
import ReportFields from '../form/ReportFields';
import { problemsByField } from '../form/reportValues';
import { SCHEDULED_PATH } from '../reportPaths';
import {
  deleteScheduledReport,
  refreshSchedules,
  reportsQuery,
  setScheduledReport,
} from '../reportsApi';
import {
  checkSchedule,
  MAX_RECIPIENTS,
  SCHEDULE_PERIODS,
  scheduleFieldOf,
  scheduleFormatsOf,
  scheduledVariables,
  scheduleRequest,
  withReport,
  type ScheduleValues,
} from './scheduleValues';

interface Props {
  initial: ScheduleValues;
}

export default function ScheduleForm({ initial }: Props) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const reports = useQuery({ ...reportsQuery(), staleTime: 5 * 60_000 });
  const list = reports.data?.reports ?? [];
  const [s, setS] = useState(initial);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const def = list.find((r) => r.id === s.report);
  const local = useMemo(() => (tried ? checkSchedule(s, def) : null), [tried, s, def]);
  const server = useMemo(() => serverProblems(serverError, def), [serverError, def]);
  const errors = { ...server.fields, ...local?.fields };

  const save = useMutation({
    mutationFn: (d: ReportDefinition) => setScheduledReport(scheduleRequest(s, d)),
    onMutate: () => setServerError(null),
    onSuccess: () => {
      notify.success(`Schedule "${s.name.trim()}" saved`);
      void refreshSchedules(client);
      navigate(SCHEDULED_PATH);
    },
    onError: (e) => setServerError(e instanceof Error ? e.message : String(e)),
  });
  const remove = useMutation({
    mutationFn: () => deleteScheduledReport(s.srid!),
    onSuccess: () => {
      notify.success(`Schedule "${initial.name}" deleted`);
      void refreshSchedules(client);
      navigate(SCHEDULED_PATH);
    },
  });
  const submit = () => {
    setTried(true);
    const problems = checkSchedule(s, def);
    if (def && !problems.rest.length && !Object.keys(problems.fields).length) save.mutate(def);
  };

  const item = (field: string, label: string, help?: string) => ({
    label,
    htmlFor: `schedule-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ?? help,
  });
  const formats = scheduleFormatsOf(def);
  const rest = [...server.rest, ...(local?.rest ?? [])];
  const localCount = local ? Object.keys(local.fields).length + local.rest.length : 0;

  return (
    <Card variant="borderless" className="schedule-form">
      <Form layout="vertical" component="div">
        <Form.Item {...item('name', 'Name')} required>
          <Input
            id="schedule-name"
            maxLength={80}
            value={s.name}
            onChange={(e) => setS((v) => ({ ...v, name: e.target.value }))}
          />
        </Form.Item>
        <Form.Item {...item('report', 'Report')} required>
          <Select<string>
            id="schedule-report"
            placeholder="Choose the report"
            loading={reports.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            value={s.report}
            onChange={(id) => {
              const next = list.find((r) => r.id === id);
              if (next) setS((v) => withReport(v, next, def));
            }}
            options={REPORT_TYPES.map((type) => ({
              label: type,
              title: type,
              options: list
                .filter((r) => r.type === type && scheduleFormatsOf(r).length > 0)
                .map((r) => ({ value: r.id, label: r.name })),
            })).filter((g) => g.options.length > 0)}
          />
        </Form.Item>
        {def && (
          <ReportFields
            idPrefix="schedule"
            def={def}
            variables={scheduledVariables(def)}
            ids={s.ids}
            onIds={(ids) => setS((v) => ({ ...v, ids }))}
            values={s.values}
            onValue={(name, value) =>
              setS((v) => ({ ...v, values: { ...v.values, [name]: value } }))
            }
            errors={errors}
          />
        )}
        <ChoiceField
          id="schedule-schedule"
          label="Runs"
          required
          value={s.schedule}
          onChange={(schedule) => setS((v) => ({ ...v, schedule }))}
          options={REPORT_SCHEDULES.map((k) => ({ value: k, label: REPORT_SCHEDULE_NAMES[k] }))}
        />
        <Typography.Paragraph type="secondary" className="schedule-period">
          Each run covers the period just ended.{' '}
          {REPORT_SCHEDULES.map((k, i) => (
            <span key={k}>
              {i > 0 && '; '}
              {k === s.schedule ? (
                <strong>
                  {REPORT_SCHEDULE_NAMES[k]}: {SCHEDULE_PERIODS[k]}
                </strong>
              ) : (
                `${REPORT_SCHEDULE_NAMES[k]}: ${SCHEDULE_PERIODS[k]}`
              )}
            </span>
          ))}
          , in your client&apos;s time zone.
        </Typography.Paragraph>
        <ChoiceField
          id="schedule-format"
          label="Format"
          required
          value={s.format}
          onChange={(format) => setS((v) => ({ ...v, format }))}
          options={formats.map((f) => ({ value: f, label: REPORT_FORMAT_NAMES[f] }))}
          error={errors.format}
          help="The Website format is for reports you run yourself"
        />
        <Form.Item
          {...item(
            'email',
            'E-mail to',
            `Up to ${MAX_RECIPIENTS} addresses; type one and press Enter. A large file comes as a download link.`,
          )}
          required
        >
          <Select
            id="schedule-email"
            mode="tags"
            value={s.email}
            onChange={(next: string[]) =>
              setS((v) => ({
                ...v,
                email: [...new Set(next.map((e) => e.trim().toLowerCase()).filter(Boolean))],
              }))
            }
            tokenSeparators={[',', ';', ' ']}
            open={false}
            suffixIcon={null}
            placeholder="fleet@example.com"
          />
        </Form.Item>
      </Form>
      {serverError && (
        <Alert
          type="error"
          showIcon
          className="schedule-period"
          title="The schedule was not saved"
          description={rest.length ? rest.join('; ') : 'Correct the fields marked above.'}
        />
      )}
      {localCount > 0 && (
        <Typography.Paragraph type="danger" role="alert">
          {local?.rest.length ? `${local.rest.join('; ')}. ` : ''}Correct the{' '}
          {localCount === 1 ? 'field' : 'fields'} marked above; nothing was sent.
        </Typography.Paragraph>
      )}
      <div className="report-actions">
        <Button type="primary" loading={save.isPending} onClick={submit}>
          Save
        </Button>
        <Button onClick={() => navigate(SCHEDULED_PATH)}>Cancel</Button>
        {s.srid && (
          <DeleteButton
            label="Delete this schedule"
            title={`Delete the schedule "${initial.name}"?`}
            description="Its recipients get no more reports from it."
            onConfirm={() => remove.mutateAsync()}
          />
        )}
      </div>
    </Card>
  );
}

/** The server's refusal by field ("type" is the report), and the rest. */
function serverProblems(message: string | null, def: ReportDefinition | undefined) {
  if (!message) return { fields: {} as Record<string, string>, rest: [] as string[] };
  const parts = message
    .split(/;\s*|\s+—\s+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.replace(/^([a-z_]+)(?=:)/, (f) => scheduleFieldOf(f)));
  const known = ['name', 'report', 'format', 'email', 'schedule', 'ids'];
  return problemsByField(parts, [...known, ...(def?.variables.map((v) => v.name) ?? [])]);
}
