// The two sets of role checkboxes of a person: person roles by code in SPEC §6 wording (never 11)
// and contact roles (SPEC §3), each a group named by its label.
import type { ReactNode } from 'react';
import { Checkbox, InputNumber } from 'antd';
import { CONTACT_ROLES } from '@fleet/common';
import { FormField } from './FormField';
import { CONTACT_ROLE_LABELS, ROLE_CODES, roleLabel } from './personWording';

const ROLE_OPTIONS = ROLE_CODES.map((code) => ({ value: code, label: roleLabel(code) }));
const CONTACT_OPTIONS = CONTACT_ROLES.map((r) => ({ value: r, label: CONTACT_ROLE_LABELS[r] }));

interface Props<T> {
  /** prefix of the label's id, unique on the page */
  id: string;
  value: T[];
  error?: string;
  help?: ReactNode;
  onChange(value: T[]): void;
}

export function PersonRolesField({ id, value, error, help, onChange }: Props<number>) {
  return (
    <FormField label={<span id={`${id}-label`}>Roles</span>} error={error} help={help}>
      <Checkbox.Group<number>
        aria-labelledby={`${id}-label`}
        className="driver-checks"
        value={value}
        options={ROLE_OPTIONS}
        onChange={(roles) => onChange([...roles].sort((a, b) => a - b))}
      />
    </FormField>
  );
}

export function ContactRolesField({ id, value, error, help, onChange }: Props<string>) {
  return (
    <FormField label={<span id={`${id}-label`}>Contact roles</span>} error={error} help={help}>
      <Checkbox.Group<string>
        aria-labelledby={`${id}-label`}
        className="driver-checks"
        value={value}
        options={CONTACT_OPTIONS}
        onChange={onChange}
      />
    </FormField>
  );
}

/** The contact's rank: the contact list calls the lowest first (SPEC §4). */
export function RankInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange(rank: number | null): void;
}) {
  return (
    <InputNumber<number>
      id={id}
      min={0}
      max={999}
      precision={0}
      value={value}
      onChange={onChange}
    />
  );
}
