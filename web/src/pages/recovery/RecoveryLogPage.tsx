// A recovery log (/recovery/add/recovery_log/{uid}[?chaseup={id}], /recovery/edit/recovery_log/{id};
// issue 16 item 4; SPEC §3 Recovery log, §4 states). SPEC §4 "State 0 blocks viewing the close
// action and the start button": while the state is 0 In Progress the Close recovery action (an
// outcome state and an end time) is not shown, and the Start recovery button is not shown for a
// unit that already has a recovery in progress (a link to it instead). The task's own schema checks
// the form before sending; the server's refusal is shown beside the field it names.
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import {
  RECOVERY_IN_PROGRESS,
  RECOVERY_INITIATED_BY,
  RECOVERY_LOG_STATE,
  RECOVERY_LOG_STATES,
  recoveryLogInput,
  type RecoveryLog,
  type RecoveryLogInput,
} from '@fleet/common';
import {
  chaseupDetailPath,
  chaseupEventQuery,
  editRecoveryLogPath,
  invalidateRecoveryLogs,
  recoveryLogQuery,
  recoveryLogsQuery,
  recoveryUnitPath,
  setRecoveryLog,
} from '../../api/recovery';
import { now } from '../../components/clock';
import { useDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { fromPicker, toPicker, zoned } from '../../components/zone';
import { parseId } from '../tracking/common/routeParams';
import { FormField } from '../drivers/FormField';
import { useFormErrors } from '../vehicles/fieldErrors';
import { FormProblems } from '../vehicles/FormProblems';
import './desk/desk.css';

export const LOG_LABELS = {
  state: 'State',
  initiated_by: 'Initiated by',
  chaseup_id: 'Chase-up',
  start_time: 'Start time',
  end_time: 'End time',
  recovery_team: 'Recovery team',
  police_case_number: 'Police case number',
  location_recovered: 'Location recovered',
  lat: 'Latitude',
  lon: 'Longitude',
  notes: 'Notes',
} as const;

/** The five states of SPEC §4, in their order: the only ones the form can choose (no 4). */
export const STATE_OPTIONS = RECOVERY_LOG_STATES.map((s) => ({
  value: s,
  label: RECOVERY_LOG_STATE[s],
}));

const INITIATED_OPTIONS = Object.entries(RECOVERY_INITIATED_BY).map(([k, v]) => ({
  value: Number(k),
  label: v[0].toUpperCase() + v.slice(1),
}));

/** The form's fields: the log's own, as the contract names them. */
type Values = Pick<
  RecoveryLog,
  | 'state'
  | 'initiated_by'
  | 'chaseup_id'
  | 'start_time'
  | 'end_time'
  | 'recovery_team'
  | 'police_case_number'
  | 'location_recovered'
  | 'lat'
  | 'lon'
  | 'notes'
>;

const valuesOf = (log: RecoveryLog): Values => ({
  state: RECOVERY_LOG_STATES.includes(log.state) ? log.state : RECOVERY_IN_PROGRESS,
  initiated_by: log.initiated_by,
  chaseup_id: log.chaseup_id,
  start_time: log.start_time,
  end_time: log.end_time,
  recovery_team: log.recovery_team,
  police_case_number: log.police_case_number,
  location_recovered: log.location_recovered,
  lat: log.lat,
  lon: log.lon,
  notes: log.notes,
});

const freshValues = (chaseupId: number | null): Values => ({
  state: RECOVERY_IN_PROGRESS,
  initiated_by: chaseupId ? 2 : 0,
  chaseup_id: chaseupId,
  start_time: new Date(now()).toISOString(),
  end_time: null,
  recovery_team: '',
  police_case_number: '',
  location_recovered: '',
  lat: null,
  lon: null,
  notes: '',
});

/** What is sent: an end time only once closed; a chase-up only when the log starts from one. */
export function logInput(uid: number, id: number | null, v: Values): RecoveryLogInput {
  const closed = v.state !== RECOVERY_IN_PROGRESS;
  return {
    ...(id ? { id } : {}),
    uid,
    state: v.state,
    initiated_by: v.initiated_by,
    chaseup_id: v.initiated_by === 2 ? v.chaseup_id : null,
    start_time: v.start_time,
    end_time: closed ? v.end_time : null,
    recovery_team: v.recovery_team.trim(),
    police_case_number: v.police_case_number.trim(),
    location_recovered: v.location_recovered.trim(),
    lat: v.lat,
    lon: v.lon,
    notes: v.notes.trim(),
  };
}

function TimeField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (iso: string | null) => void;
}) {
  const picked = useMemo(() => (value ? toPicker(zoned(value)) : null), [value]);
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={picked}
      onChange={(d: Dayjs | null) => onChange(d ? fromPicker(d).toISOString() : null)}
    />
  );
}

function LogForm({
  uid,
  log,
  chaseupId,
  inProgress,
}: {
  uid: number;
  /** the log being edited; none on the add page */
  log: RecoveryLog | null;
  /** the chase-up the add page was opened from */
  chaseupId: number | null;
  /** the unit's recovery already in progress (add page), if any */
  inProgress: RecoveryLog | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>(() =>
    log ? valuesOf(log) : freshValues(chaseupId),
  );
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const input = useMemo(() => logInput(uid, log?.id ?? null, values), [uid, log, values]);
  const save = useMutation({
    mutationFn: () => setRecoveryLog(input),
    onSuccess: (saved) => {
      void invalidateRecoveryLogs(client);
      if (!log) {
        notify.success(
          saved.state === RECOVERY_IN_PROGRESS ? 'Recovery started' : 'Recovery log saved',
        );
        navigate(editRecoveryLogPath(saved.id), { replace: true });
      } else {
        notify.success(
          saved.state !== RECOVERY_IN_PROGRESS && log.state === RECOVERY_IN_PROGRESS
            ? 'Recovery closed'
            : 'Recovery log saved',
        );
        setValues(valuesOf(saved));
      }
    },
  });
  const { fields, problems, check } = useFormErrors(
    recoveryLogInput,
    input,
    LOG_LABELS,
    save.isError ? save.error.message : null,
  );
  const submit = () => {
    if (check()) save.mutate();
  };

  const inProgressNow = values.state === RECOVERY_IN_PROGRESS;
  const storedClosed = !!log && log.state !== RECOVERY_IN_PROGRESS;
  // SPEC §4: state 0 hides the close action; the start button is hidden while another runs.
  const showStart = !log && inProgressNow && !inProgress;
  const showClose = !inProgressNow && !storedClosed;
  const showSave = !!log && (inProgressNow || storedClosed);

  return (
    <Form
      layout="vertical"
      component="form"
      className="recovery-log-form"
      aria-label="Recovery log"
      onFinish={submit}
    >
      <div className="case-form-row">
        <FormField label={LOG_LABELS.state} htmlFor={`${id}-state`} required error={fields.state}>
          <Select<number>
            id={`${id}-state`}
            value={values.state}
            options={STATE_OPTIONS}
            onChange={(state) => update({ state })}
          />
        </FormField>
        <FormField
          label={LOG_LABELS.initiated_by}
          htmlFor={`${id}-initiated`}
          error={fields.initiated_by}
        >
          <Select<number>
            id={`${id}-initiated`}
            value={values.initiated_by}
            options={INITIATED_OPTIONS}
            onChange={(initiated_by) => update({ initiated_by })}
          />
        </FormField>
        {values.initiated_by === 2 && (
          <FormField
            label={LOG_LABELS.chaseup_id}
            htmlFor={`${id}-chaseup`}
            required
            error={fields.chaseup_id}
            help={
              values.chaseup_id ? (
                <Link to={chaseupDetailPath(values.chaseup_id)}>
                  Open chase-up {values.chaseup_id}
                </Link>
              ) : (
                'The number of the chase-up it started from'
              )
            }
          >
            <InputNumber<number>
              id={`${id}-chaseup`}
              className="full-width"
              min={1}
              precision={0}
              value={values.chaseup_id}
              onChange={(chaseup_id) => update({ chaseup_id: chaseup_id ?? null })}
            />
          </FormField>
        )}
      </div>
      <div className="case-form-row">
        <FormField
          label={LOG_LABELS.start_time}
          htmlFor={`${id}-start`}
          required
          error={fields.start_time}
        >
          <TimeField
            id={`${id}-start`}
            value={values.start_time}
            onChange={(t) => update({ start_time: t ?? '' })}
          />
        </FormField>
        {!inProgressNow && (
          <FormField
            label={LOG_LABELS.end_time}
            htmlFor={`${id}-end`}
            required
            error={fields.end_time}
          >
            <Space.Compact className="full-width">
              <TimeField
                id={`${id}-end`}
                value={values.end_time}
                onChange={(end_time) => update({ end_time })}
              />
              <Button
                aria-label="Now: the recovery ended now"
                onClick={() => update({ end_time: new Date(now()).toISOString() })}
              >
                Now
              </Button>
            </Space.Compact>
          </FormField>
        )}
      </div>
      <div className="case-form-row">
        <FormField
          label={LOG_LABELS.recovery_team}
          htmlFor={`${id}-team`}
          error={fields.recovery_team}
        >
          <Input
            id={`${id}-team`}
            maxLength={200}
            value={values.recovery_team}
            onChange={(e) => update({ recovery_team: e.target.value })}
          />
        </FormField>
        <FormField
          label={LOG_LABELS.police_case_number}
          htmlFor={`${id}-police`}
          error={fields.police_case_number}
        >
          <Input
            id={`${id}-police`}
            maxLength={60}
            value={values.police_case_number}
            onChange={(e) => update({ police_case_number: e.target.value })}
          />
        </FormField>
        <FormField
          label={LOG_LABELS.location_recovered}
          htmlFor={`${id}-location`}
          error={fields.location_recovered}
        >
          <Input
            id={`${id}-location`}
            maxLength={300}
            value={values.location_recovered}
            onChange={(e) => update({ location_recovered: e.target.value })}
          />
        </FormField>
      </div>
      <fieldset className="recovery-log-point">
        <legend>Where it was recovered on the map (optional)</legend>
        <div className="case-form-row">
          <FormField label={LOG_LABELS.lat} htmlFor={`${id}-lat`} error={fields.lat}>
            <InputNumber<number>
              id={`${id}-lat`}
              className="full-width"
              min={-90}
              max={90}
              step={0.0001}
              value={values.lat}
              onChange={(lat) => update({ lat: lat ?? null })}
            />
          </FormField>
          <FormField label={LOG_LABELS.lon} htmlFor={`${id}-lon`} error={fields.lon}>
            <InputNumber<number>
              id={`${id}-lon`}
              className="full-width"
              min={-180}
              max={180}
              step={0.0001}
              value={values.lon}
              onChange={(lon) => update({ lon: lon ?? null })}
            />
          </FormField>
        </div>
      </fieldset>
      <FormField label={LOG_LABELS.notes} htmlFor={`${id}-notes`} error={fields.notes}>
        <Input.TextArea
          id={`${id}-notes`}
          autoSize={{ minRows: 3, maxRows: 12 }}
          value={values.notes}
          onChange={(e) => update({ notes: e.target.value })}
        />
      </FormField>
      <FormProblems what="recovery log" problems={problems} />
      {!log && inProgressNow && inProgress && (
        <Alert
          type="info"
          showIcon
          className="chaseup-refusal"
          title="This unit already has a recovery in progress."
          description={
            <Link to={editRecoveryLogPath(inProgress.id)}>
              Open recovery log {inProgress.id}, started{' '}
              {zoned(inProgress.start_time).format('YYYY-MM-DD HH:mm')}
            </Link>
          }
        />
      )}
      <Space wrap>
        {showStart && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Start recovery
          </Button>
        )}
        {showSave && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save changes
          </Button>
        )}
        {showClose && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Close recovery
          </Button>
        )}
      </Space>
    </Form>
  );
}

export default function RecoveryLogPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const dateTime = useDateTime();
  const editId = parseId(params.id);
  const addUid = parseId(params.uid);
  const chaseupId = parseId(search.get('chaseup') ?? undefined);

  const logQuery = useQuery({ ...recoveryLogQuery(editId ?? 0), enabled: editId !== null });
  const log = logQuery.data?.recovery_log ?? null;
  const uid = editId !== null ? (log?.uid ?? null) : addUid;

  // The add page: is a recovery of this unit already in progress?
  const running = useQuery({
    ...recoveryLogsQuery({ uid: addUid ?? 0, state: RECOVERY_IN_PROGRESS, page: 1, page_size: 5 }),
    enabled: editId === null && addUid !== null,
  });
  const chaseup = useQuery({
    ...chaseupEventQuery(chaseupId ?? 0),
    enabled: editId === null && chaseupId !== null,
  });
  const inProgress =
    running.data?.recovery_logs.find((l) => l.state === RECOVERY_IN_PROGRESS && l.uid === addUid) ??
    null;

  const ready = editId !== null ? !!log : running.isSuccess || running.isError;

  const unitName = log
    ? `${log.unit_name}${log.reg && log.reg !== log.unit_name ? ` (${log.reg})` : ''}`
    : chaseup.data
      ? chaseup.data.chaseup_event.unit_name
      : uid
        ? `Unit ${uid}`
        : '';

  if (uid === null && !(editId !== null && logQuery.isLoading))
    return (
      <PageContainer>
        <Alert
          type="error"
          showIcon
          title={
            logQuery.isError
              ? `The recovery log could not be read: ${logQuery.error.message}`
              : 'This address names no unit or recovery log.'
          }
        />
      </PageContainer>
    );

  return (
    <PageContainer
      title={log ? `Recovery log ${log.id}` : 'Add recovery log'}
      subTitle={
        unitName ? (
          <>
            {log ? `${log.client_name} — ` : ''}
            {uid ? <Link to={recoveryUnitPath(uid)}>{unitName}</Link> : unitName}
            {log
              ? ` · ${log.state_name} · opened by ${log.created_by} ${dateTime(log.created)}`
              : ''}
          </>
        ) : undefined
      }
    >
      <Card variant="borderless">
        {running.isError && (
          <Typography.Paragraph type="secondary">
            Whether this unit has a recovery in progress could not be read.
          </Typography.Paragraph>
        )}
        {!ready || uid === null ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <LogForm
            key={log ? `log-${log.id}` : `add-${uid}`}
            uid={uid}
            log={log}
            chaseupId={chaseupId}
            inProgress={inProgress}
          />
        )}
      </Card>
    </PageContainer>
  );
}
