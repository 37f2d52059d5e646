// Support asks a client to approve work: for the client, or for one of its open jobs (the job's
// vehicle is the approval's), with what the work is and its amount in rand (integer cents on the
// wire, read by parseAmount as the server reads it).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, Select } from 'antd';
import { parseAmount } from '@fleet/common';
import { setWorkApproval, WORK_APPROVAL_KEYS } from '../../../api/orders';
import { taskQuery } from '../../../api/queries';
import { useNotify } from '../../../components/notify';
import { FormField, FormModal } from '../../drivers/FormField';
import ClientFilter from '../orders/ClientFilter';
import { jobTypeName, jobVehicle } from './jobText';

export default function WorkApprovalModal({ onClose }: { onClose(): void }) {
  const notify = useNotify();
  const client = useQueryClient();
  const [cid, setCid] = useState<number>();
  const [jobId, setJobId] = useState<number>();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const jobs = useQuery({
    ...taskQuery('get_jobs', { cid, status: 'open', page: 1, page_size: 100 }),
    enabled: cid !== undefined,
  });
  const save = useMutation({
    mutationFn: () =>
      setWorkApproval({
        cid,
        ...(jobId !== undefined ? { job_id: jobId } : {}),
        title: title.trim(),
        description: description.trim(),
        amount: amount.trim(),
      }),
    onSuccess: ({ work_approval: w }) => {
      notify.success(`${w.reference} sent to ${w.client.name} for approval`);
      void Promise.all(
        WORK_APPROVAL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
      );
      onClose();
    },
  });
  const parsed = parseAmount(amount);
  const missing = {
    cid: tried && cid === undefined ? 'Choose the client' : undefined,
    title: tried && !title.trim() ? 'Say what the work is' : undefined,
    amount: !tried
      ? undefined
      : !amount.trim()
        ? 'Type the amount'
        : parsed.ok
          ? undefined
          : `The amount ${parsed.message}`,
  };
  return (
    <FormModal
      title="Ask for approval"
      okText="Send"
      saving={save.isPending}
      onOk={() => {
        setTried(true);
        if (cid !== undefined && title.trim() && parsed.ok) save.mutate();
      }}
      onClose={onClose}
    >
      <FormField label="Client" htmlFor="approval-client" required error={missing.cid}>
        <ClientFilter
          id="approval-client"
          allowAll={false}
          value={cid}
          onChange={(c) => {
            setCid(c);
            setJobId(undefined);
          }}
        />
      </FormField>
      <FormField label="For the job" htmlFor="approval-job" help="One of the client's open jobs">
        <Select<number>
          id="approval-job"
          allowClear
          virtual={false}
          disabled={cid === undefined}
          loading={jobs.isFetching}
          placeholder="No job"
          value={jobId}
          options={(jobs.data?.jobs ?? []).map((j) => ({
            value: j.id,
            label: `${j.reference}: ${jobTypeName(j.job_type)} of ${jobVehicle(j)}`,
          }))}
          onChange={(v) => setJobId(v ?? undefined)}
        />
      </FormField>
      <FormField label="Work" htmlFor="approval-title" required error={missing.title}>
        <Input
          id="approval-title"
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <FormField label="Why it is needed" htmlFor="approval-description">
        <Input.TextArea
          id="approval-description"
          rows={3}
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <FormField label="Amount" htmlFor="approval-amount" required error={missing.amount}>
        <Input
          id="approval-amount"
          prefix="R"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </FormField>
      {save.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Nothing was sent"
          description={save.error.message}
        />
      )}
    </FormModal>
  );
}
