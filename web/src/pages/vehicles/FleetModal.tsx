// A fleet's name and vehicles, added or changed in a dialog over the fleet list. Checked as the
// server checks it (set_fleet) before it is sent; the server's refusal (a name already taken) is
// shown beside the field it names.
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { fleetParams, type Fleet } from '@fleet/common';
import { refreshFleetRecords, setFleet } from '../../api/fleet';
import { useNotify } from '../../components/notify';
import { useFormErrors } from './fieldErrors';
import { FormProblems } from './FormProblems';
import { VehiclesSelect } from './VehiclesSelect';

const LABELS = { name: 'Name', uids: 'Vehicles' } as const;

interface Props {
  /** The fleet to change; null adds one. */
  fleet: Fleet | null;
  onClose(): void;
}

export function FleetModal({ fleet, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const [name, setName] = useState(fleet?.name ?? '');
  const [uids, setUids] = useState<number[]>(fleet?.uids ?? []);
  const [serverError, setServerError] = useState<string | null>(null);
  const input = useMemo(
    () => ({ ...(fleet ? { fid: fleet.fid } : {}), name: name.trim(), uids }),
    [fleet, name, uids],
  );
  const form = useFormErrors(fleetParams.set_fleet, input, LABELS, serverError);
  const errors = form.fields;
  const save = useMutation({
    mutationFn: () => setFleet(input),
    onMutate: () => setServerError(null),
    onSuccess: ({ fleet: saved }) => {
      notify.success(`Fleet ${saved.name} saved`);
      void refreshFleetRecords(client);
      onClose();
    },
    onError: (error) => setServerError(error instanceof Error ? error.message : String(error)),
  });
  const submit = () => {
    if (form.check()) save.mutate();
  };

  return (
    <Modal
      open
      title={fleet ? `Edit the fleet ${fleet.name}` : 'Add a fleet'}
      okText="Save"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label="Name"
          htmlFor="fleet-name"
          required
          validateStatus={errors.name ? 'error' : undefined}
          help={errors.name}
        >
          <Input
            id="fleet-name"
            value={name}
            maxLength={60}
            placeholder="e.g. Northern depot"
            onChange={(e) => setName(e.target.value)}
            onPressEnter={submit}
          />
        </Form.Item>
        <Form.Item
          label="Vehicles"
          htmlFor="fleet-uids"
          validateStatus={errors.uids ? 'error' : undefined}
          help={errors.uids ?? 'Rules, reports and the trip pages can pick vehicles by fleet'}
        >
          <VehiclesSelect id="fleet-uids" value={uids} onChange={setUids} />
        </Form.Item>
      </Form>
      <FormProblems what="fleet" problems={form.problems} />
    </Modal>
  );
}
