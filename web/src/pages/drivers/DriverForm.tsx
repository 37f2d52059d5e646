// The person form of drivers/add_driver and drivers/edit_driver: who they are, their roles, how to
// reach them, their licence and how the vehicle knows them. Values live here; the page loads and
// saves them. Everything is checked with set_person's schema before it is sent; the server's
// refusal is shown at the field it names.
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { LICENCE_CLASSES, PERSON_TITLES } from '@fleet/common';
import DayField from './DayField';
import PhotoField from './PhotoField';
import {
  FIELD_LABELS,
  personServerErrors,
  validatePerson,
  type DriverField,
  type DriverFormValues,
  type FieldErrors,
} from './driverForm';
import { FormField, FormProblems } from './FormField';
import { fullName } from './personWording';
import { ContactRolesField, PersonRolesField, RankInput } from './RoleFields';

interface Props {
  initial: DriverFormValues;
  readOnly: boolean;
  saving?: boolean;
  /** The server's refusal of the last save. */
  serverError?: string | null;
  onSave(values: DriverFormValues): void;
  onCancel(): void;
  /** Extra buttons (Delete on the edit page). */
  actions?: ReactNode;
}

type TextField =
  'first_name' | 'surname' | 'email' | 'cellphone' | 'id_number' | 'licence_number' | 'driver_tag';

/** The two expiry dates the reminders watch (SPEC §3). */
const EXPIRY_FIELDS: { field: 'licence_expiry' | 'prdp_expiry'; help?: string }[] = [
  { field: 'licence_expiry' },
  { field: 'prdp_expiry', help: 'Professional driving permit' },
];

const TITLE_OPTIONS = [
  { value: '', label: 'None' },
  ...PERSON_TITLES.map((t) => ({ value: t, label: t })),
];
const LICENCE_OPTIONS = LICENCE_CLASSES.map((c) => ({
  value: c,
  label: c === 'unknown' ? 'Unknown' : c,
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="driver-form-section">
      <Typography.Title level={2} className="driver-form-heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

export default function DriverForm({
  initial,
  readOnly,
  saving,
  serverError,
  onSave,
  onCancel,
  actions,
}: Props) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const local = useMemo(() => (tried ? validatePerson(values) : {}), [tried, values]);
  const fromServer = useMemo(() => personServerErrors(serverError ?? ''), [serverError]);
  const errors: FieldErrors = { ...fromServer.fields, ...local };
  const update = (patch: Partial<DriverFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const save = () => {
    setTried(true);
    if (Object.keys(validatePerson(values)).length === 0) onSave(values);
  };

  /** The Form.Item of one field: its label, its message and its words of help. */
  const item = (field: DriverField, children: ReactNode, help?: ReactNode, required = false) => (
    <FormField
      label={FIELD_LABELS[field]}
      htmlFor={`person-${field}`}
      required={required}
      error={errors[field]}
      help={help}
    >
      {children}
    </FormField>
  );
  const text = (
    field: TextField,
    max: number,
    extra: { placeholder?: string; type?: string } = {},
  ) => (
    <Input
      id={`person-${field}`}
      value={values[field]}
      maxLength={max}
      {...extra}
      onChange={(e) => update({ [field]: e.target.value } as Partial<DriverFormValues>)}
    />
  );

  return (
    <Card variant="borderless" className="driver-form">
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Section title="Who">
          <PhotoField
            value={values.photo}
            name={fullName(values)}
            disabled={readOnly}
            error={errors.photo}
            onChange={(photo) => update({ photo })}
          />
          <div className="driver-form-row">
            {item(
              'title',
              <Select<string>
                id="person-title"
                value={values.title}
                options={TITLE_OPTIONS}
                onChange={(title) => update({ title })}
              />,
            )}
            {item('first_name', text('first_name', 50), undefined, true)}
            {item('surname', text('surname', 50))}
          </div>
        </Section>
        <Section title="Roles">
          <PersonRolesField
            id="person-roles"
            value={values.roles}
            error={errors.roles}
            help="Driver: the person drives your vehicles and has a licence"
            onChange={(roles) => update({ roles })}
          />
          <ContactRolesField
            id="person-contact-roles"
            value={values.contact_roles}
            error={errors.contact_roles}
            help="How the contact list and the recovery desk use them"
            onChange={(contact_roles) => update({ contact_roles })}
          />
          {item(
            'rank',
            <RankInput
              id="person-rank"
              value={values.rank}
              onChange={(rank) => update({ rank })}
            />,
            'The contact list shows the lowest rank first: who is called first',
          )}
        </Section>
        <Section title="Contact details">
          <div className="driver-form-row">
            {item('email', text('email', 254, { type: 'email', placeholder: 'name@example.com' }))}
            {item(
              'cellphone',
              text('cellphone', 24, { type: 'tel', placeholder: '+27 82 555 0123' }),
            )}
            {item('id_number', text('id_number', 20))}
          </div>
        </Section>
        <Section title="Licence">
          <div className="driver-form-row">
            {item('licence_number', text('licence_number', 20))}
            {item(
              'licence_class',
              <Select<string>
                id="person-licence_class"
                value={values.licence_class}
                options={LICENCE_OPTIONS}
                onChange={(c) => update({ licence_class: c as DriverFormValues['licence_class'] })}
              />,
              'The class for road tolls',
            )}
          </div>
          <div className="driver-form-row">
            {EXPIRY_FIELDS.map(({ field, help }) => (
              <Fragment key={field}>
                {item(
                  field,
                  <DayField
                    id={`person-${field}`}
                    value={values[field]}
                    disabled={readOnly}
                    onChange={(day) => update({ [field]: day })}
                  />,
                  help,
                )}
              </Fragment>
            ))}
          </div>
        </Section>
        <Section title="Driver identification">
          {item(
            'driver_tag',
            text('driver_tag', 32, { placeholder: 'e.g. 01A4F3000012' }),
            'The iButton or RFID tag id: the number printed on the key fob, or touch it to the reader and read it from the vehicle’s latest events',
          )}
        </Section>
      </Form>
      <FormProblems
        what="person"
        refused={Boolean(serverError)}
        rest={fromServer.rest}
        marked={tried ? Object.keys(local).length : 0}
      />
      <div className="driver-form-actions">
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={save}>
            Save
          </Button>
        )}
        <Button onClick={onCancel}>{readOnly ? 'Back to drivers' : 'Cancel'}</Button>
        {actions}
      </div>
    </Card>
  );
}
