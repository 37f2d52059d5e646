// vehicles/service/add/{vid}/{displayHours}/{title} and service/edit/{vid}/{displayHours}/{entry}/
// {title} (SPEC §2; issue 13 item 1): one service entry. displayHours 1 asks for engine hours, 0 for
// the odometer in km. A reading below the last one logged is confirmed in a dialog before it is
// kept; a date in the future is refused; a service resets the vehicle's service reminder.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  centsToDecimal,
  isLowerReadingRefusal,
  LOWER_READING_REFUSAL,
  maintenanceParams,
  parseAmount,
  SERVICE_WORK_TYPES,
  type ServiceLog,
  type ServiceLogInput,
  type ServiceWorkType,
} from '@fleet/common';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { fromPicker, nowInZone, toPicker, zoned } from '../../components/zone';
import { RecordLoading, RecordNotFound } from '../drivers/RecordStates';
import { useFormErrors } from './fieldErrors';
import { FormProblems } from './FormProblems';
import {
  refreshMaintenance,
  serviceLogsQuery,
  setServiceLog,
  vehicleServicePath,
} from './service/maintenanceApi';
import '../alerts/reminders/reminders.css';

const LABELS = {
  datetimestamp: 'Date and time',
  odometer: 'Odometer',
  engine_hours: 'Engine hours',
  work_type: 'Type of work',
  cost: 'Cost',
  workshop: 'Workshop',
  notes: 'Notes',
  attachments: 'Attachments',
} as const;

export default function ServiceLogPage() {
  const { vid, displayHours, entry, title } = useParams();
  const uid = Number(vid);
  const hours = displayHours === '1';
  const name = title ? decodeURIComponent(title) : 'the vehicle';
  if (!Number.isInteger(uid) || uid <= 0) {
    return (
      <RecordNotFound
        what="Vehicle"
        back="/portal/vehicles/service/index"
        backLabel="Back to the service logs"
      />
    );
  }
  if (entry === undefined) return <ServiceForm vid={uid} hours={hours} name={name} log={null} />;
  return <EditEntry vid={uid} hours={hours} name={name} entry={Number(entry)} />;
}

function EditEntry(props: { vid: number; hours: boolean; name: string; entry: number }) {
  const logs = useQuery({ ...serviceLogsQuery(props.vid), retry: false });
  const log = logs.data?.service_logs.find((l) => l.id === props.entry);
  if (logs.isError || (logs.isSuccess && !log)) {
    return (
      <RecordNotFound
        what="Service entry"
        back={vehicleServicePath(props.vid)}
        backLabel="Back to the service logs"
      />
    );
  }
  if (!log) return <RecordLoading label="Loading the service entry" />;
  return <ServiceForm {...props} log={log} />;
}

function ServiceForm({
  vid,
  hours,
  name,
  log,
}: {
  vid: number;
  hours: boolean;
  name: string;
  log: ServiceLog | null;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const { modal } = App.useApp();
  const [when, setWhen] = useState<Dayjs | null>(() =>
    toPicker(log ? zoned(log.datetimestamp) : nowInZone()),
  );
  const [reading, setReading] = useState<number | null>(
    (hours ? log?.engine_hours : log?.odometer) ?? null,
  );
  const [work, setWork] = useState<ServiceWorkType>(log?.work_type ?? 'service');
  const [cost, setCost] = useState(log?.cost != null ? centsToDecimal(log.cost) : '');
  const [workshop, setWorkshop] = useState(log?.workshop ?? '');
  const [notes, setNotes] = useState(log?.notes ?? '');
  const [attachments, setAttachments] = useState<string[]>(log?.attachments ?? []);
  const [serverError, setServerError] = useState<string | null>(null);
  const back = vehicleServicePath(vid);
  const readingField = hours ? 'engine_hours' : 'odometer';

  const parsedCost = cost.trim() ? parseAmount(cost) : null;
  const input: ServiceLogInput = useMemo(
    () => ({
      ...(log ? { id: log.id } : {}),
      vid,
      datetimestamp: when ? fromPicker(when).toISOString() : '',
      display_hours: hours ? 1 : 0,
      ...(hours ? { engine_hours: reading } : { odometer: reading }),
      work_type: work,
      cost: parsedCost && parsedCost.ok ? parsedCost.cents : null,
      workshop: workshop.trim(),
      notes: notes.trim(),
      attachments,
    }),
    [log, vid, when, hours, reading, work, parsedCost, workshop, notes, attachments],
  );
  const form = useFormErrors(maintenanceParams.set_service_log, input, LABELS, serverError);
  const errors: Partial<Record<keyof typeof LABELS, string>> = { ...form.fields };
  if (parsedCost && !parsedCost.ok) errors.cost = parsedCost.message;

  const save = useMutation({
    mutationFn: (confirmLower: boolean) => setServiceLog({ ...input, confirm_lower: confirmLower }),
    onMutate: () => setServerError(null),
    onSuccess: ({ reminders_reset }) => {
      notify.success(
        reminders_reset
          ? `Service of ${name} saved; its service reminder starts again from this reading`
          : `Service entry of ${name} saved`,
      );
      void refreshMaintenance(client);
      navigate(back);
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      if (isLowerReadingRefusal(message)) {
        modal.confirm({
          title: 'This reading is lower than the last one',
          content: message.slice(LOWER_READING_REFUSAL.length).trim(),
          okText: 'Save anyway',
          cancelText: 'Go back',
          onOk: () => save.mutate(true),
        });
        return;
      }
      setServerError(message);
    },
  });

  const item = (field: keyof typeof LABELS, help?: string, label?: string) => ({
    label: label ?? LABELS[field],
    htmlFor: `service-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ?? help,
  });

  return (
    <PageContainer title={`${log ? 'Edit service' : 'Log a service'}: ${name}`}>
      <Card variant="borderless" className="service-form">
        <Form layout="vertical" component="div">
          <Form.Item {...item('datetimestamp', 'Not in the future')} required>
            <DatePicker
              id="service-datetimestamp"
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={when}
              onChange={setWhen}
              disabledDate={(d) => d.isAfter(toPicker(nowInZone()), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            {...item(
              readingField,
              hours ? 'The hour meter at the service' : 'The odometer at the service',
              hours ? 'Engine hours' : 'Odometer (km)',
            )}
            required
          >
            <InputNumber
              id={`service-${readingField}`}
              min={0}
              value={reading}
              onChange={setReading}
              addonAfter={hours ? 'h' : 'km'}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            {...item('work_type', 'A service or major service resets the service reminder')}
            required
          >
            <Select<ServiceWorkType>
              id="service-work_type"
              value={work}
              onChange={setWork}
              options={SERVICE_WORK_TYPES.map((w) => ({ value: w.key, label: w.name }))}
            />
          </Form.Item>
          <Form.Item {...item('cost', 'In rand, e.g. 2 450.50', 'Cost (R)')}>
            <Input
              id="service-cost"
              value={cost}
              inputMode="decimal"
              onChange={(e) => setCost(e.target.value)}
            />
          </Form.Item>
          <Form.Item {...item('workshop')}>
            <Input
              id="service-workshop"
              value={workshop}
              maxLength={80}
              onChange={(e) => setWorkshop(e.target.value)}
            />
          </Form.Item>
          <Form.Item {...item('notes', work === 'other' ? 'Say what was done' : undefined)}>
            <Input.TextArea
              id="service-notes"
              value={notes}
              maxLength={1000}
              rows={3}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Form.Item>
          <Form.Item
            {...item(
              'attachments',
              'The names of the invoice or job card files; type a name and press Enter',
            )}
          >
            <Select
              id="service-attachments"
              mode="tags"
              open={false}
              suffixIcon={null}
              value={attachments}
              onChange={(v: string[]) => setAttachments(v.map((s) => s.trim()).filter(Boolean))}
              placeholder="invoice-4411.pdf"
            />
          </Form.Item>
        </Form>
        <FormProblems what="service entry" problems={form.problems} />
        <div className="service-form-actions">
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => {
              if (form.check() && !(parsedCost && !parsedCost.ok)) save.mutate(false);
            }}
          >
            Save
          </Button>
          <Button onClick={() => navigate(back)}>Cancel</Button>
        </div>
      </Card>
    </PageContainer>
  );
}
