// account/add_jobs (SPEC §2, feature_jobs; SPEC §7 get_job_options): book a job. The type (from
// the job options), the vehicle (one of the user's; an installation may be in a vehicle not
// tracked yet, a transfer names the vehicle the unit moves to), a preferred day, where and whom
// to call, and the terms and conditions, which must be accepted to book.
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Select, Typography } from 'antd';
import { JOB_TYPES, type JobType } from '@fleet/common';
import { useSession } from '../../auth/session';
import { JOB_KEYS, jobOptionsQuery, setJob } from '../../api/orders';
import { now } from '../../components/clock';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { unitLabel, useUnits } from '../tracking/common/useUnits';
import { phoneRule, plainTextRule, showServerErrors } from './orders/orderFormRules';
import './orders/orders.css';

interface Values {
  job_type?: JobType;
  uid?: number;
  vehicle?: string;
  transfer_to?: string;
  preferred_date?: Dayjs | null;
  site_address?: string;
  contact_name?: string;
  contact_phone?: string;
  notes?: string;
  accept_terms?: boolean;
}

const FIELDS = [
  'job_type',
  'uid',
  'vehicle',
  'transfer_to',
  'preferred_date',
  'site_address',
  'contact_name',
  'contact_phone',
  'notes',
  'accept_terms',
];
const TERMS_MESSAGE = 'Accept the terms and conditions to book a job';
const trimmed = (v: string | undefined) => (v ?? '').trim();

export default function AddJobPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [rest, setRest] = useState<string[]>([]);
  const options = useQuery({ ...jobOptionsQuery(), staleTime: 300_000 });
  const { units, isLoading: unitsLoading } = useUnits();
  const jobType = Form.useWatch('job_type', form);
  const uid = Form.useWatch('uid', form);
  const linkedType = params.get('type');
  const book = useMutation({
    mutationFn: (v: Values) =>
      setJob({
        job_type: v.job_type!,
        ...(v.uid !== undefined ? { uid: v.uid } : {}),
        ...(v.job_type === 'installation' && v.uid === undefined
          ? { vehicle: trimmed(v.vehicle) }
          : {}),
        ...(v.job_type === 'transfer' ? { transfer_to: trimmed(v.transfer_to) } : {}),
        ...(v.preferred_date ? { preferred_date: v.preferred_date.format('YYYY-MM-DD') } : {}),
        site_address: trimmed(v.site_address),
        contact_name: trimmed(v.contact_name),
        contact_phone: trimmed(v.contact_phone),
        notes: trimmed(v.notes),
        accept_terms: v.accept_terms === true,
      }),
    onSuccess: ({ job }) => {
      notify.success(`Job ${job.reference} booked: we will call to agree the day`);
      void Promise.all(JOB_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate('/portal/account/jobs?status=open');
    },
    onError: (e) => setRest(showServerErrors(form, e.message, FIELDS)),
  });

  const needsUnit = jobType !== undefined && jobType !== 'installation';
  return (
    <PageContainer subTitle="An installation, a repair, a removal or a transfer of a unit">
      <Card variant="borderless">
        <Form<Values>
          form={form}
          layout="vertical"
          className="job-form"
          initialValues={{
            contact_name: user?.display_name ?? '',
            job_type: JOB_TYPES.some((t) => t.api_name === linkedType)
              ? (linkedType as JobType)
              : undefined,
          }}
          onFinish={(v) => {
            setRest([]);
            book.mutate(v);
          }}
        >
          <div className="price-quote-amounts">
            <Form.Item
              name="job_type"
              label="Job type"
              rules={[{ required: true, message: 'Choose the kind of job' }]}
            >
              <Select<JobType>
                virtual={false}
                loading={options.isLoading}
                placeholder="Installation, repair…"
                options={options.data?.job_types.map((t) => ({ value: t.api_name, label: t.name }))}
              />
            </Form.Item>
            <Form.Item
              name="uid"
              label="Vehicle"
              required={needsUnit}
              dependencies={['job_type']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: number | undefined) => {
                    const t = getFieldValue('job_type');
                    return t && t !== 'installation' && v === undefined
                      ? Promise.reject(new Error('Choose the vehicle'))
                      : Promise.resolve();
                  },
                }),
              ]}
              extra={
                jobType === 'installation' ? 'Leave empty for a vehicle not tracked yet' : undefined
              }
            >
              <Select<number>
                virtual={false}
                allowClear
                loading={unitsLoading}
                placeholder="Choose one of your vehicles"
                showSearch={{ optionFilterProp: 'label' }}
                options={units.map((u) => ({ value: u.uid, label: unitLabel(u) }))}
              />
            </Form.Item>
          </div>
          {jobType === 'installation' && uid === undefined && (
            <Form.Item
              name="vehicle"
              label="Vehicle to install in"
              rules={[
                { required: true, message: 'Describe the vehicle: make, model, registration' },
                plainTextRule,
              ]}
            >
              <Input maxLength={120} placeholder="Toyota Hilux, ND 123-456" />
            </Form.Item>
          )}
          {jobType === 'transfer' && (
            <Form.Item
              name="transfer_to"
              label="Move the unit to"
              rules={[
                { required: true, message: 'Name the vehicle the unit moves to' },
                plainTextRule,
              ]}
            >
              <Input maxLength={120} placeholder="The vehicle that gets the unit" />
            </Form.Item>
          )}
          <div className="price-quote-amounts">
            <Form.Item name="preferred_date" label="Preferred date">
              <DatePicker
                className="full-width"
                format="YYYY-MM-DD"
                disabledDate={(d) => d.isBefore(dayjs(now()), 'day')}
              />
            </Form.Item>
            <Form.Item name="site_address" label="Site address" rules={[plainTextRule]}>
              <Input maxLength={200} autoComplete="street-address" />
            </Form.Item>
            <Form.Item
              name="contact_name"
              label="Contact person"
              rules={[
                { required: true, message: 'Who should the technician call?' },
                plainTextRule,
              ]}
            >
              <Input maxLength={80} autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="contact_phone"
              label="Contact phone"
              rules={[{ required: true, message: 'Type a phone number' }, phoneRule]}
            >
              <Input maxLength={24} type="tel" autoComplete="tel" />
            </Form.Item>
          </div>
          <Form.Item name="notes" label="Notes" rules={[plainTextRule]}>
            <Input.TextArea rows={3} maxLength={1000} placeholder="What is wrong, when to come…" />
          </Form.Item>
          <Typography.Title level={2} className="order-section-title" id="job-terms-title">
            Terms and conditions
          </Typography.Title>
          <div className="job-terms" role="region" aria-labelledby="job-terms-title" tabIndex={0}>
            {options.data?.terms_and_conditions ?? 'Loading…'}
          </div>
          <Form.Item
            name="accept_terms"
            valuePropName="checked"
            rules={[
              {
                validator: (_, v) =>
                  v ? Promise.resolve() : Promise.reject(new Error(TERMS_MESSAGE)),
              },
            ]}
          >
            <Checkbox>I accept the terms and conditions</Checkbox>
          </Form.Item>
          {rest.length > 0 && (
            <Alert
              type="error"
              showIcon
              className="form-alert"
              title="The job was not booked"
              description={rest.join('; ')}
            />
          )}
          <div className="form-actions">
            <Button type="primary" htmlType="submit" loading={book.isPending}>
              Book job
            </Button>
            <Button onClick={() => navigate('/portal/account/jobs')}>Cancel</Button>
          </div>
        </Form>
      </Card>
    </PageContainer>
  );
}
