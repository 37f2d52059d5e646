// Support staff attach a tracker that reports with an identifier no unit has to one of the units:
// choose the unit (and the protocol, taken from what the tracker spoke), then set_unit_device.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Select, Typography } from 'antd';
import {
  DEVICE_MODELS,
  DEVICE_PROTOCOLS,
  type DeviceProtocol,
  type UnknownDeviceIssue,
} from '@fleet/common';
import { call } from '../../api/call';
import { taskKey } from '../../api/queries';
import { useNotify } from '../../components/notify';
import { FormField, FormModal } from '../drivers/FormField';
import UnitSelect from '../drivers/UnitSelect';
import { useUnits } from '../tracking/common/useUnits';

const isProtocol = (p: string): p is DeviceProtocol =>
  (DEVICE_PROTOCOLS as readonly string[]).includes(p);

export default function AttachDeviceModal({
  device,
  onClose,
}: {
  device: UnknownDeviceIssue;
  onClose(): void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const { units } = useUnits();
  const [uid, setUid] = useState<number | undefined>(undefined);
  const [protocol, setProtocol] = useState<DeviceProtocol | undefined>(
    isProtocol(device.protocol) ? device.protocol : undefined,
  );
  const [model, setModel] = useState('');
  const models = protocol ? (DEVICE_MODELS[protocol] ?? []) : [];
  const [tried, setTried] = useState(false);
  const attach = useMutation({
    mutationFn: () =>
      call(
        'set_unit_device',
        {
          uid: uid!,
          device_id: device.device_id,
          protocol: protocol!,
          ...(models.includes(model) ? { model } : {}),
        },
        { silent: true },
      ),
    onSuccess: () => {
      const unit = units.find((u) => u.uid === uid);
      notify.success(`${device.device_id} attached to ${unit?.name ?? 'the unit'}`);
      void client.invalidateQueries({ queryKey: taskKey('get_unit_issues') });
      void client.invalidateQueries({ queryKey: taskKey('get_unit_list_full') });
      onClose();
    },
  });
  const submit = () => {
    setTried(true);
    if (uid && protocol) attach.mutate();
  };

  return (
    <FormModal
      title={`Attach ${device.device_id} to a unit`}
      okText="Attach"
      saving={attach.isPending}
      onOk={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        From now on the unit shows what this tracker reports. A device the unit had before is
        detached.
      </Typography.Paragraph>
      <FormField
        label="Unit"
        htmlFor="attach-unit"
        required
        error={tried && !uid ? 'Choose the unit the tracker is fitted to' : undefined}
      >
        <UnitSelect id="attach-unit" placeholder="Choose a unit" value={uid} onChange={setUid} />
      </FormField>
      <FormField
        label="Protocol"
        htmlFor="attach-protocol"
        required
        error={tried && !protocol ? 'Choose the protocol the tracker speaks' : undefined}
        help={`The tracker spoke ${device.protocol || 'an unknown protocol'}`}
      >
        <Select<DeviceProtocol>
          id="attach-protocol"
          value={protocol}
          options={DEVICE_PROTOCOLS.map((p) => ({ value: p, label: p }))}
          onChange={(p) => {
            setProtocol(p);
            setModel('');
          }}
        />
      </FormField>
      {models.length > 0 && (
        <FormField
          label="Model"
          htmlFor="attach-model"
          help="Only for clones that report some values differently; most trackers are Standard"
        >
          <Select<string>
            id="attach-model"
            value={model}
            options={[
              { value: '', label: 'Standard' },
              ...models.map((m) => ({ value: m, label: m })),
            ]}
            onChange={setModel}
          />
        </FormField>
      )}
      {attach.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Not attached"
          description={attach.error.message}
        />
      )}
    </FormModal>
  );
}
