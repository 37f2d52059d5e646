// alerts/reminder (new) and alerts/reminder/{id} (SPEC §2; issue 13 item 3): a reminder's type, its
// vehicle or driver, its interval and last service or due date, the advance amount (required;
// label and unit by type, SPEC §5) and who gets the e-mail when it falls due.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import {
  advanceLabel,
  isDriverReminder,
  isServiceReminder,
  maintenanceParams,
  REMINDER_TYPES,
  type Reminder,
  type ReminderInput,
  type ReminderTypeKey,
} from '@fleet/common';
import { peoplePickerQuery } from '../../api/people';
import DeleteButton from '../../components/DeleteButton';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { RecordLoading, recordMissing, RecordNotFound } from '../drivers/RecordStates';
import UnitSelect from '../drivers/UnitSelect';
import { useFormErrors } from '../vehicles/fieldErrors';
import { FormProblems } from '../vehicles/FormProblems';
import {
  deleteReminder,
  refreshMaintenance,
  reminderQuery,
  REMINDERS_PATH,
  setReminder,
} from '../vehicles/service/maintenanceApi';
import ReminderStateTag from './reminders/ReminderStateTag';
import { describeDue } from './reminders/reminderWording';
import { REMINDER_EDIT_ROLES } from './RemindersPage';
import './reminders/reminders.css';

const LABELS = {
  type: 'Type',
  vid: 'Vehicle',
  pid: 'Driver',
  interval: 'Service interval',
  last_done: 'Last service at',
  due_date: 'Licence expires on',
  advance: 'Remind me before',
  recipients: 'E-mail to',
  notes: 'Notes',
} as const;

export default function ReminderPage() {
  const { id } = useParams();
  return id === undefined ? <ReminderForm reminder={null} /> : <EditReminder id={id} />;
}

function EditReminder({ id }: { id: string }) {
  const rid = Number(id);
  const valid = Number.isInteger(rid) && rid > 0;
  const query = useQuery({ ...reminderQuery(rid, { silent: true }), enabled: valid, retry: false });
  if (recordMissing(valid, query.error, query.isSuccess, Boolean(query.data?.reminder))) {
    return (
      <RecordNotFound what="Reminder" back={REMINDERS_PATH} backLabel="Back to the reminders" />
    );
  }
  if (!query.data) return <RecordLoading label="Loading the reminder" />;
  return <ReminderForm key={query.data.reminder.id} reminder={query.data.reminder} />;
}

function ReminderForm({ reminder }: { reminder: Reminder | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canEdit = usePermission(REMINDER_EDIT_ROLES);
  const [type, setType] = useState<ReminderTypeKey>(reminder?.type ?? 'service_km');
  const [vid, setVid] = useState<number | undefined>(reminder?.vid ?? undefined);
  const [pid, setPid] = useState<number | undefined>(reminder?.pid ?? undefined);
  const [interval, setInterval] = useState<number | null>(reminder?.interval ?? null);
  const [lastDone, setLastDone] = useState<number | null>(reminder?.last_done ?? null);
  const [dueDate, setDueDate] = useState<string | null>(
    reminder?.type === 'vehicle_licence' ? reminder.due_date : null,
  );
  const [advance, setAdvance] = useState<number | null>(reminder?.advance ?? null);
  const [recipients, setRecipients] = useState<string[]>(reminder?.recipients ?? []);
  const [notes, setNotes] = useState(reminder?.notes ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const driver = isDriverReminder(type);
  const service = isServiceReminder(type);
  const people = useQuery({ ...peoplePickerQuery(), enabled: driver });
  const advanceText = advanceLabel(type);

  const input: ReminderInput = useMemo(
    () => ({
      ...(reminder ? { id: reminder.id } : {}),
      type,
      ...(driver ? { pid: pid ?? null } : { vid: vid ?? null }),
      ...(service ? { interval, last_done: lastDone } : {}),
      ...(type === 'vehicle_licence' ? { due_date: dueDate } : {}),
      advance,
      recipients,
      notes: notes.trim(),
    }),
    [
      reminder,
      type,
      driver,
      service,
      pid,
      vid,
      interval,
      lastDone,
      dueDate,
      advance,
      recipients,
      notes,
    ],
  );
  const form = useFormErrors(maintenanceParams.set_reminder, input, LABELS, serverError);
  const errors = form.fields;

  const save = useMutation({
    mutationFn: () => setReminder(input),
    onMutate: () => setServerError(null),
    onSuccess: ({ reminder: saved }) => {
      notify.success(`Reminder for ${saved.subject} saved: ${saved.left_text}`);
      void refreshMaintenance(client);
      navigate(REMINDERS_PATH);
    },
    onError: (error) => setServerError(error instanceof Error ? error.message : String(error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteReminder(reminder!.id),
    onSuccess: () => {
      notify.success('Reminder deleted');
      void refreshMaintenance(client);
      navigate(REMINDERS_PATH);
    },
  });

  const item = (field: keyof typeof LABELS, help?: string, label?: string) => ({
    label: label ?? LABELS[field],
    htmlFor: `reminder-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ?? help,
  });
  const unit = type === 'service_km' ? 'km' : 'hours';

  return (
    <PageContainer title={reminder ? `Reminder for ${reminder.subject}` : undefined}>
      <Card variant="borderless" className="reminder-form">
        {reminder && (
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="reminder-now">
            <Descriptions.Item label="State">
              <ReminderStateTag state={reminder.state} />
            </Descriptions.Item>
            <Descriptions.Item label="Left">{reminder.left_text}</Descriptions.Item>
            <Descriptions.Item label="Due">{describeDue(reminder)}</Descriptions.Item>
          </Descriptions>
        )}
        <Form layout="vertical" component="div" disabled={!canEdit}>
          <Form.Item {...item('type')} required>
            <Select<ReminderTypeKey>
              id="reminder-type"
              value={type}
              onChange={setType}
              options={REMINDER_TYPES.map((t) => ({ value: t.key, label: t.name }))}
            />
          </Form.Item>
          {driver ? (
            <Form.Item {...item('pid', 'The date comes from the driver\u2019s record')} required>
              <Select<number>
                id="reminder-pid"
                placeholder="Choose the driver"
                value={pid}
                onChange={setPid}
                loading={people.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(people.data?.people ?? []).map((p) => ({
                  value: p.pid,
                  label: `${p.first_name} ${p.surname}`.trim(),
                }))}
              />
            </Form.Item>
          ) : (
            <Form.Item {...item('vid')} required>
              <UnitSelect
                id="reminder-vid"
                value={vid}
                placeholder="Choose the vehicle"
                onChange={setVid}
              />
            </Form.Item>
          )}
          {service && (
            <>
              <Form.Item
                {...item('interval', `A service every so many ${unit}`, `Service every (${unit})`)}
                required
              >
                <InputNumber
                  id="reminder-interval"
                  min={1}
                  value={interval}
                  onChange={(v) => setInterval(v)}
                  addonAfter={unit}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item
                {...item(
                  'last_done',
                  `Leave empty to count from the vehicle\u2019s reading now. Logging a service sets it.`,
                  `Last service at (${unit})`,
                )}
              >
                <InputNumber
                  id="reminder-last_done"
                  min={0}
                  precision={unit === 'km' ? 0 : 1}
                  value={lastDone}
                  onChange={(v) => setLastDone(v)}
                  addonAfter={unit}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </>
          )}
          {type === 'vehicle_licence' && (
            <Form.Item {...item('due_date')} required>
              <DatePicker
                id="reminder-due_date"
                value={dueDate ? dayjs(dueDate) : null}
                format="YYYY-MM-DD"
                onChange={(d) => setDueDate(d ? d.format('YYYY-MM-DD') : null)}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form.Item
            {...item(
              'advance',
              'It shows as due soon, and the e-mail goes, from then on',
              advanceText.label,
            )}
            required
          >
            <InputNumber
              id="reminder-advance"
              min={0}
              value={advance}
              onChange={(v) => setAdvance(v)}
              addonAfter={advanceText.unit}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            {...item('recipients', 'One e-mail per due cycle; type an address and press Enter')}
          >
            <Select
              id="reminder-recipients"
              mode="tags"
              value={recipients}
              onChange={(v: string[]) => setRecipients(v.map((s) => s.trim()).filter(Boolean))}
              tokenSeparators={[',', ';', ' ']}
              open={false}
              suffixIcon={null}
              placeholder="fleet@example.com"
            />
          </Form.Item>
          <Form.Item {...item('notes')}>
            <Input.TextArea
              id="reminder-notes"
              value={notes}
              maxLength={500}
              rows={2}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Form.Item>
        </Form>
        <FormProblems what="reminder" problems={form.problems} />
        {canEdit && (
          <div className="reminder-form-actions">
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => form.check() && save.mutate()}
            >
              Save
            </Button>
            <Button onClick={() => navigate(REMINDERS_PATH)}>Cancel</Button>
            {reminder && (
              <DeleteButton
                label="Delete this reminder"
                title={`Delete the reminder for ${reminder.subject}?`}
                onConfirm={() => remove.mutateAsync()}
              />
            )}
          </div>
        )}
      </Card>
    </PageContainer>
  );
}
