// Support schedules a requested job, or moves a scheduled one: when the technician comes (in the
// user's time zone) and who it is.
import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Input } from 'antd';
import type { Job } from '@fleet/common';
import { JOB_KEYS, setJob } from '../../../api/orders';
import { useNotify } from '../../../components/notify';
import { fromPicker, toPicker, zoned } from '../../../components/zone';
import { FormField, FormModal } from '../../drivers/FormField';
import { jobVehicle } from './jobText';

interface Props {
  job: Job;
  onClose(): void;
}

export default function ScheduleJobModal({ job, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const [when, setWhen] = useState<Dayjs | null>(() =>
    job.scheduled_for ? toPicker(zoned(job.scheduled_for)) : null,
  );
  const [technician, setTechnician] = useState(job.technician);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      setJob({
        id: job.id,
        status: 'scheduled',
        scheduled_for: fromPicker(when!).toISOString(),
        technician: technician.trim(),
      }),
    onSuccess: ({ job: saved }) => {
      notify.success(`Job ${saved.reference} scheduled`);
      void Promise.all(JOB_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    },
  });
  const missing = {
    when: tried && !when ? 'Choose when the technician comes' : undefined,
    technician: tried && !technician.trim() ? 'Name the technician' : undefined,
  };
  return (
    <FormModal
      title={`${job.status === 'scheduled' ? 'Reschedule' : 'Schedule'} ${job.reference}`}
      okText="Schedule"
      saving={save.isPending}
      onOk={() => {
        setTried(true);
        if (when && technician.trim()) save.mutate();
      }}
      onClose={onClose}
    >
      <p>{jobVehicle(job)}</p>
      <FormField label="When" htmlFor="job-when" required error={missing.when}>
        <DatePicker
          id="job-when"
          className="full-width"
          showTime={{ format: 'HH:mm', minuteStep: 15 }}
          format="YYYY-MM-DD HH:mm"
          value={when}
          onChange={setWhen}
        />
      </FormField>
      <FormField label="Technician" htmlFor="job-technician" required error={missing.technician}>
        <Input
          id="job-technician"
          maxLength={80}
          value={technician}
          onChange={(e) => setTechnician(e.target.value)}
        />
      </FormField>
      {save.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The job was not scheduled"
          description={save.error.message}
        />
      )}
    </FormModal>
  );
}
