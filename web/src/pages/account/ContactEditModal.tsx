// Edit a contact from the contact list: their name, rank, roles and how to reach them. The rest of
// the person (licence, photo, tag) is left as it is: set_person leaves out what is not sent.
import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Input } from 'antd';
import type { Contact } from '@fleet/common';
import { PEOPLE_KEYS, setPerson } from '../../api/people';
import { useNotify } from '../../components/notify';
import {
  FIELD_LABELS,
  inputFromValues,
  personServerErrors,
  validatePerson,
  valuesFromPerson,
  type DriverField,
  type DriverFormValues,
} from '../drivers/driverForm';
import { FormField, FormModal } from '../drivers/FormField';
import { fullName } from '../drivers/personWording';
import { ContactRolesField, PersonRolesField, RankInput } from '../drivers/RoleFields';

/** The fields this modal edits, the only ones it sends. */
const SENT = [
  'title',
  'first_name',
  'surname',
  'roles',
  'contact_roles',
  'rank',
  'email',
  'cellphone',
] as const;

export default function ContactEditModal({
  contact,
  onClose,
}: {
  contact: Contact;
  onClose(): void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const [values, setValues] = useState(() => valuesFromPerson(contact));
  const [tried, setTried] = useState(false);
  const update = (patch: Partial<DriverFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: (v: DriverFormValues) => {
      const all = inputFromValues(v, contact.pid);
      return setPerson({
        pid: contact.pid,
        first_name: all.first_name,
        ...Object.fromEntries(SENT.map((key) => [key, all[key]])),
      });
    },
    onSuccess: ({ person }) => {
      notify.success(`${fullName(person)} saved`);
      void Promise.all(PEOPLE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    },
  });
  const fromServer = useMemo(
    () => personServerErrors(save.error instanceof Error ? save.error.message : ''),
    [save.error],
  );
  const errors = { ...fromServer.fields, ...(tried ? validatePerson(values) : {}) };
  const submit = () => {
    setTried(true);
    if (Object.keys(validatePerson(values)).length === 0) save.mutate(values);
  };

  const item = (field: DriverField, control: ReactNode, help?: string) => (
    <FormField
      label={FIELD_LABELS[field]}
      htmlFor={`contact-${field}`}
      required={field === 'first_name'}
      error={errors[field]}
      help={help}
    >
      {control}
    </FormField>
  );
  const text = (field: 'first_name' | 'surname' | 'email' | 'cellphone', type = 'text') => (
    <Input
      id={`contact-${field}`}
      type={type}
      value={values[field]}
      onChange={(e) => update({ [field]: e.target.value } as Partial<DriverFormValues>)}
    />
  );

  return (
    <FormModal
      title={`Edit ${fullName(contact)}`}
      saving={save.isPending}
      onOk={submit}
      onClose={onClose}
      width={640}
    >
      {item('first_name', text('first_name'))}
      {item('surname', text('surname'))}
      {item(
        'rank',
        <RankInput id="contact-rank" value={values.rank} onChange={(rank) => update({ rank })} />,
        'The lowest rank is called first',
      )}
      {item('cellphone', text('cellphone', 'tel'))}
      {item('email', text('email', 'email'))}
      <ContactRolesField
        id="contact-contact-roles"
        value={values.contact_roles}
        error={errors.contact_roles}
        onChange={(contact_roles) => update({ contact_roles })}
      />
      <PersonRolesField
        id="contact-roles"
        value={values.roles}
        error={errors.roles}
        onChange={(roles) => update({ roles })}
      />
      {save.error && fromServer.rest.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="The contact was not saved"
          description={fromServer.rest.join('; ')}
        />
      )}
    </FormModal>
  );
}
