// A vehicle's odometer readings and corrections, newest first (SPEC §3 Odometer log, §4), with a
// form to note a reading or correct the odometer: a correction makes the running odometer read
// the entered value at that time and counts on from it; trips already stored keep their distances.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { OdometerLog, OdometerLogKind } from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import { useNotify } from '../../../components/notify';
import { Permission } from '../../../components/Permission';
import { fromPicker, nowInZone, toPicker } from '../../../components/zone';
import { odometerLogsQuery, refreshMaintenance, setOdometerLog } from './maintenanceApi';
import { readingText } from './serviceWording';

export default function OdometerLogs({ vid, name }: { vid: number; name: string }) {
  const formatTime = useDateTime();
  const logs = useQuery(odometerLogsQuery(vid));
  return (
    <>
      <Permission roles={['feature_services_edit']}>
        <OdometerForm vid={vid} name={name} />
      </Permission>
      <Table<OdometerLog>
        rowKey="id"
        loading={logs.isFetching}
        dataSource={logs.data?.odometer_logs ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No odometer readings noted yet' }}
        columns={[
          { title: 'Date', dataIndex: 'datetimestamp', render: (t: string) => formatTime(t) },
          {
            title: 'Odometer',
            dataIndex: 'odometer',
            align: 'right',
            render: (n: number) => readingText(n, false),
          },
          {
            title: 'Kind',
            dataIndex: 'kind',
            render: (k: OdometerLogKind) => (k === 'correction' ? 'Correction' : 'Reading'),
          },
          {
            title: 'Tracker read',
            dataIndex: 'tracked',
            align: 'right',
            responsive: ['md'],
            render: (n: number | null) => readingText(n, false),
          },
          { title: 'Notes', dataIndex: 'notes', responsive: ['md'] },
          { title: 'By', dataIndex: 'created_by', responsive: ['lg'] },
        ]}
      />
    </>
  );
}

function OdometerForm({ vid, name }: { vid: number; name: string }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [when, setWhen] = useState<Dayjs>(() => toPicker(nowInZone()));
  const [odometer, setOdometer] = useState<number | null>(null);
  const [kind, setKind] = useState<OdometerLogKind>('reading');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      setOdometerLog({
        vid,
        datetimestamp: fromPicker(when).toISOString(),
        odometer: odometer!,
        kind,
        notes: notes.trim(),
      }),
    onMutate: () => setError(null),
    onSuccess: (res) => {
      notify.success(
        kind === 'correction'
          ? `Odometer of ${name} corrected; it now reads ${readingText(res.odometer, false)}`
          : `Reading of ${readingText(res.odometer_log.odometer, false)} noted`,
      );
      setOdometer(null);
      setNotes('');
      void refreshMaintenance(client);
    },
    onError: (e) => setError(e instanceof Error ? e.message : String(e)),
  });
  return (
    <section aria-labelledby="odometer-form-title">
      <Typography.Title
        level={2}
        id="odometer-form-title"
        className="odometer-form-title"
        style={{ fontSize: 16 }}
      >
        Note a reading or correct the odometer
      </Typography.Title>
      <Form layout="vertical" component="div" className="odometer-form">
        <Form.Item label="Date and time" htmlFor="odometer-when">
          <DatePicker
            id="odometer-when"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={when}
            allowClear={false}
            onChange={(d) => d && setWhen(d)}
          />
        </Form.Item>
        <Form.Item label="Odometer (km)" htmlFor="odometer-value" required>
          <InputNumber
            id="odometer-value"
            min={0}
            value={odometer}
            onChange={setOdometer}
            addonAfter="km"
          />
        </Form.Item>
        <Form.Item label="Kind" htmlFor="odometer-kind">
          <Radio.Group
            id="odometer-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as OdometerLogKind)}
            options={[
              { value: 'reading', label: 'Reading' },
              { value: 'correction', label: 'Correction' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Notes" htmlFor="odometer-notes">
          <Input
            id="odometer-notes"
            value={notes}
            maxLength={500}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Form.Item>
        <Button
          type="primary"
          disabled={odometer === null}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          Save reading
        </Button>
      </Form>
      {kind === 'correction' && (
        <Typography.Paragraph type="secondary">
          A correction sets the running odometer to this value at that time; trips already stored
          keep their distances.
        </Typography.Paragraph>
      )}
      {error && (
        <Alert type="error" showIcon title="The reading was not saved" description={error} />
      )}
    </section>
  );
}
