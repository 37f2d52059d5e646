// The client approves or declines a work approval, with a note for the technician if wanted.
// A decision is final: the server refuses a second one.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Input } from 'antd';
import { formatRand, type WorkApproval } from '@fleet/common';
import { decideWorkApproval, WORK_APPROVAL_KEYS } from '../../../api/orders';
import { useNotify } from '../../../components/notify';
import { FormField, FormModal } from '../../drivers/FormField';

interface Props {
  approval: WorkApproval;
  approve: boolean;
  onClose(): void;
}

export default function DecisionModal({ approval, approve, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: () => decideWorkApproval(approve, approval.id, note.trim()),
    onSuccess: ({ work_approval: w }) => {
      notify.success(`${w.reference} ${w.status}`);
      void Promise.all(
        WORK_APPROVAL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
      );
      onClose();
    },
  });
  return (
    <FormModal
      title={`${approve ? 'Approve' : 'Decline'} ${approval.reference}?`}
      okText={approve ? 'Approve' : 'Decline'}
      saving={decide.isPending}
      onOk={() => decide.mutate()}
      onClose={onClose}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Work">{approval.title}</Descriptions.Item>
        <Descriptions.Item label="Amount">{formatRand(approval.amount_cents)}</Descriptions.Item>
      </Descriptions>
      <FormField
        label="Note (optional)"
        htmlFor="decision-note"
        help={approve ? 'For the technician' : 'Why, so that we can suggest something else'}
      >
        <Input.TextArea
          id="decision-note"
          rows={3}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      {decide.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Nothing was decided"
          description={decide.error.message}
        />
      )}
    </FormModal>
  );
}
