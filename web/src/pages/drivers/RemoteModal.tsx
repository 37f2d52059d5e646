// Add or edit a remote: its id (printed on it), the vehicle it is paired to, who carries it (one
// of the client's people or any name) and its battery as last tested (trackers report the press,
// not the remote's battery).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Input, Select } from 'antd';
import type { Remote } from '@fleet/common';
import { peoplePickerQuery, REMOTE_KEYS, setRemote } from '../../api/people';
import { useNotify } from '../../components/notify';
import { FormField, FormModal } from './FormField';
import UnitSelect from './UnitSelect';

interface Props {
  /** The remote to edit; null adds one. */
  remote: Remote | null;
  onClose(): void;
}

interface Values {
  remote_id: string;
  uid: number | undefined;
  holder_pid: number | undefined;
  holder_name: string;
  battery_state: Remote['battery_state'];
}

const BATTERY_OPTIONS: { value: Remote['battery_state']; label: string }[] = [
  { value: 'ok', label: 'Good' },
  { value: 'low', label: 'Low: replace it' },
  { value: 'unknown', label: 'Not tested' },
];

const valuesOf = (r: Remote | null): Values => ({
  remote_id: r?.remote_id ?? '',
  uid: r?.uid,
  holder_pid: r?.holder?.pid,
  holder_name: r?.holder ? '' : (r?.holder_name ?? ''),
  battery_state: r?.battery_state ?? 'unknown',
});

export default function RemoteModal({ remote, onClose }: Props) {
  const notify = useNotify();
  const client = useQueryClient();
  const people = useQuery({ ...peoplePickerQuery(), staleTime: 60_000 });
  const [values, setValues] = useState<Values>(() => valuesOf(remote));
  const [tried, setTried] = useState(false);
  const update = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (v: Values) =>
      setRemote({
        ...(remote ? { id: remote.id } : {}),
        remote_id: v.remote_id.trim(),
        uid: v.uid!,
        holder_pid: v.holder_pid ?? null,
        holder_name: v.holder_pid ? '' : v.holder_name.trim(),
        battery_state: v.battery_state,
      }),
    onSuccess: ({ remote: saved }) => {
      notify.success(`Remote ${saved.remote_id} saved`);
      void Promise.all(REMOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    },
  });

  const missing = {
    remote_id: tried && !values.remote_id.trim() ? 'Type the id printed on the remote' : undefined,
    uid: tried && !values.uid ? 'Choose the vehicle the remote is paired to' : undefined,
  };
  const submit = () => {
    setTried(true);
    if (values.remote_id.trim() && values.uid) save.mutate(values);
  };

  return (
    <FormModal
      title={remote ? `Edit remote ${remote.remote_id}` : 'Add remote'}
      saving={save.isPending}
      onOk={submit}
      onClose={onClose}
    >
      <FormField
        label="Remote id"
        htmlFor="remote-id"
        required
        error={missing.remote_id}
        help="Printed on the back of the remote"
      >
        <Input
          id="remote-id"
          maxLength={32}
          value={values.remote_id}
          onChange={(e) => update({ remote_id: e.target.value })}
        />
      </FormField>
      <FormField label="Vehicle" htmlFor="remote-unit" required error={missing.uid}>
        <UnitSelect
          id="remote-unit"
          placeholder="Choose a vehicle"
          value={values.uid}
          onChange={(uid) => update({ uid })}
        />
      </FormField>
      <FormField label="Held by" htmlFor="remote-holder" help="One of your people">
        <Select<number>
          id="remote-holder"
          placeholder="Nobody chosen"
          allowClear
          virtual={false}
          loading={people.isLoading}
          value={values.holder_pid}
          showSearch={{ optionFilterProp: 'label' }}
          options={(people.data?.people ?? []).map((p) => ({ value: p.pid, label: p.name }))}
          onChange={(holder_pid) => update({ holder_pid: holder_pid ?? undefined })}
        />
      </FormField>
      <FormField
        label="Or held by someone else"
        htmlFor="remote-holder-name"
        help="A name, when the holder is not one of your people"
      >
        <Input
          id="remote-holder-name"
          maxLength={80}
          disabled={values.holder_pid !== undefined}
          value={values.holder_name}
          onChange={(e) => update({ holder_name: e.target.value })}
        />
      </FormField>
      <FormField
        label="Battery"
        htmlFor="remote-battery"
        help="As found when the remote was last tested"
      >
        <Select<Remote['battery_state']>
          id="remote-battery"
          virtual={false}
          value={values.battery_state}
          options={BATTERY_OPTIONS}
          onChange={(battery_state) => update({ battery_state })}
        />
      </FormField>
      {save.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The remote was not saved"
          description={save.error.message}
        />
      )}
    </FormModal>
  );
}
